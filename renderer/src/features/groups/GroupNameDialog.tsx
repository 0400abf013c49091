import { nameRule } from '@facet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckedTextField } from '../../components/form/FormFields';
import { useField } from '../../components/form/use-field';
import { GenericDialog } from '../../components/GenericDialog';

export interface GroupNameDialogProps {
  title: string;
  initialName?: string;
  onClose: () => void;
  /** Resolves when saved; rejects (the client showed the server's notice) to keep the dialog open. */
  onSave: (name: string) => Promise<void>;
}

/** Create or rename a group; the name follows the shared name rule. Mount it per use (fresh state). */
export function GroupNameDialog(p: GroupNameDialogProps) {
  const { t } = useTranslation();
  const name = useField(nameRule, p.initialName ?? '');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!name.check()) return;
    setBusy(true);
    try {
      await p.onSave(name.value);
      p.onClose();
    } catch {
      // The client showed the server's notice; the dialog stays for a correction.
    } finally {
      setBusy(false);
    }
  };
  return (
    <GenericDialog open title={p.title} onClose={p.onClose} onConfirm={save} loading={busy}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        style={{ paddingTop: 8 }}
      >
        <CheckedTextField field={name} label={t('groups.name')} name="groupName" autoFocus />
      </form>
    </GenericDialog>
  );
}
