import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { GenericDialog } from '../../components/GenericDialog';
import { useErrorText } from './error-text';

/** A flow's name, for a new flow or a rename; the server's refusal shows at the field. */
export function FlowNameDialog(p: {
  title: string;
  initial: string;
  onClose: () => void;
  onSave: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [name, setName] = useState(p.initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!name.trim()) return setError('nameRequired');
    setBusy(true);
    try {
      await p.onSave(name.trim());
      p.onClose();
    } catch (e) {
      if (e instanceof ApiError) setError(e.errors.find((x) => x.field === 'body.name')?.key);
    } finally {
      setBusy(false);
    }
  };
  return (
    <GenericDialog open title={p.title} onClose={p.onClose} onConfirm={save} loading={busy} dirty={name !== p.initial}>
      <TextField
        autoFocus
        fullWidth
        sx={{ mt: 1 }}
        label={t('rpa.flows.name')}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
        onKeyDown={(e) => e.key === 'Enter' && void save()}
        error={!!error}
        helperText={errorText(error)}
        slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'flow-name-input' } }}
      />
    </GenericDialog>
  );
}
