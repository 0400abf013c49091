import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type HTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RevealAdornment } from './RevealAdornment';
import type { Field } from './use-field';

interface Props {
  field: Field;
  label: string;
  helperText?: ReactNode;
  type?: string;
  name?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  onBlur?: () => void;
  endAdornment?: ReactNode;
}

/**
 * A text field bound to a checked field; its error key is translated under `validation.`.
 * Built from the outlined input parts rather than TextField, which also pulls in Select and
 * its menu: the login page stays small (bench/console).
 */
export function CheckedTextField(p: Props) {
  const { t } = useTranslation();
  const id = useId();
  const help = p.field.error ? t(`validation.${p.field.error}`) : p.helperText;
  return (
    <FormControl fullWidth variant="outlined" error={!!p.field.error}>
      <InputLabel htmlFor={id}>{p.label}</InputLabel>
      <OutlinedInput
        id={id}
        label={p.label}
        type={p.type}
        name={p.name}
        autoComplete={p.autoComplete}
        autoFocus={p.autoFocus}
        value={p.field.value}
        onChange={p.field.bind.onChange}
        onBlur={p.onBlur ?? p.field.bind.onBlur}
        endAdornment={p.endAdornment}
        inputProps={{ inputMode: p.inputMode }}
        aria-describedby={help ? `${id}-help` : undefined}
      />
      {help && <FormHelperText id={`${id}-help`}>{help}</FormHelperText>}
    </FormControl>
  );
}

export function PasswordField(props: Omit<Props, 'type' | 'endAdornment'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <CheckedTextField
      {...props}
      type={shown ? 'text' : 'password'}
      endAdornment={
        <RevealAdornment
          shown={shown}
          onToggle={() => setShown(!shown)}
          showLabel={t('form.showPassword')}
          hideLabel={t('form.hidePassword')}
        />
      }
    />
  );
}
