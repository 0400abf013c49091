import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The flow as JSON text, edited directly; read back into steps when the view switches. */
export function JsonEditor({
  text,
  onChange,
  error,
}: {
  text: string;
  onChange: (t: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('rpa.editor.json')}
      multiline
      fullWidth
      minRows={16}
      maxRows={40}
      value={text}
      error={!!error}
      helperText={error}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        htmlInput: { 'data-testid': 'flow-json', spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } },
      }}
    />
  );
}
