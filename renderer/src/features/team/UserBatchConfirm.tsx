import type { SubAccount } from '@facet/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { useDeleteSubAccounts, useRecoverSubAccounts, useStopSubAccounts } from '../../queries/team';
import { notifySuccess } from '../../stores/notice';
import type { UserBatchAction } from './UserRowActions';

export interface PendingUserAction {
  action: UserBatchAction;
  users: SubAccount[];
}

/** Asks before stopping, recovering or deleting sub-accounts (one or the selected), then does it. */
export function UserBatchConfirm({ pending, onClose }: { pending: PendingUserAction | null; onClose: () => void }) {
  const { t } = useTranslation();
  const stop = useStopSubAccounts();
  const recover = useRecoverSubAccounts();
  const remove = useDeleteSubAccounts();
  const mutation = { stop, recover, delete: remove } as const;

  const run = async () => {
    if (!pending) return;
    try {
      const r = await mutation[pending.action].mutateAsync({ ids: pending.users.map((u) => u.id) });
      notifySuccess(t('team.users.changed', { count: r.changed }));
      onClose();
    } catch {
      // The client showed the server's notice; the batch changed nothing (one transaction).
    }
  };

  const text: Record<UserBatchAction, { title: string; body: string; ok: string }> = {
    stop: { title: t('team.users.stopTitle'), body: t('team.users.stopConfirm'), ok: t('team.users.stop') },
    recover: {
      title: t('team.users.recoverTitle'),
      body: t('team.users.recoverConfirm'),
      ok: t('team.users.recover'),
    },
    delete: { title: t('team.users.deleteTitle'), body: t('team.users.deleteConfirm'), ok: t('team.users.delete') },
  };

  return (
    <GenericDialog
      open={!!pending}
      title={pending ? text[pending.action].title : ''}
      onClose={onClose}
      onConfirm={run}
      confirmText={pending ? text[pending.action].ok : undefined}
      loading={stop.isPending || recover.isPending || remove.isPending}
    >
      {pending && (
        <Stack sx={{ gap: 1 }} data-testid="user-confirm">
          <Typography>{text[pending.action].body}</Typography>
          <Typography variant="body2" color="text.secondary">
            {pending.users.map((u) => u.username).join(', ')}
          </Typography>
        </Stack>
      )}
    </GenericDialog>
  );
}
