import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RevealAdornment } from '../../components/form/RevealAdornment';

interface Props {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  helperText?: string | undefined;
  testId?: string;
  maxLength?: number;
}

/** A secret (password, 2FA key) masked until the user reveals it. */
export function SecretField({ label, value, onChange, error, helperText, testId, maxLength = 200 }: Props) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      label={label}
      type={shown ? 'text' : 'password'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? helperText}
      autoComplete="new-password"
      slotProps={{
        htmlInput: { maxLength, spellCheck: false, 'data-testid': testId },
        input: {
          endAdornment: (
            <RevealAdornment
              shown={shown}
              onToggle={() => setShown(!shown)}
              showLabel={t('browserForm.showSecret')}
              hideLabel={t('browserForm.hideSecret')}
            />
          ),
        },
      }}
    />
  );
}
