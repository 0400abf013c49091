import type { ProfileSummary } from '@facet/shared';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../queries/calls';
import type { BatchEntry } from './batch-actions';

interface Props {
  entry: BatchEntry;
  open: boolean;
  count: number;
  target: ProfileSummary | null;
  /** The ids the action works on, or null when there are none or more than `max` (the page said why). */
  ids: (max: number) => Promise<number[] | null>;
  onClose: () => void;
  onDone: (notice: string, clearSelection: boolean) => void;
}

/** Opens an entry's dialog and, when it is confirmed, makes the entry's call with the ids. */
export function BatchDialogHost({ entry, open, count, target, ids, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const write = useCallMutation(entry.call, { invalidates: entry.invalidates });
  const Dialog = entry.dialog;
  return (
    <Dialog
      open={open}
      count={count}
      target={target}
      onClose={onClose}
      onConfirm={async (value) => {
        const list = entry.max === null ? [] : await ids(entry.max);
        if (!list) return;
        const result = await write.mutateAsync(entry.body(list, value));
        onDone(entry.notice(t, result, value), !!entry.clearSelection);
      }}
    />
  );
}
