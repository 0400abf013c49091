import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Errors } from './use-preference-form';

/** A field's error as the user reads it: this area's keys, then the validation rules', else as sent. */
export function useErrorText(errors: Errors) {
  const { t, i18n } = useTranslation();
  return (field: string) => {
    const k = errors[field];
    if (!k) return undefined;
    for (const ns of ['preferences.errors', 'browserForm.errors', 'validation'])
      if (i18n.exists(`${ns}.${k}`)) return t(`${ns}.${k}`);
    return k;
  };
}

/** An on/off preference with a line saying what it does. */
export function SwitchRow(p: {
  label: string;
  help: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId: string;
}) {
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', m: 0, gap: 1 }}
      control={
        <Switch
          checked={p.checked}
          onChange={(_, v) => p.onChange(v)}
          slotProps={{ input: { 'aria-describedby': `${p.testId}-help` } }}
          data-testid={p.testId}
        />
      }
      label={
        <Box sx={{ pt: 0.75 }}>
          <Typography sx={{ fontWeight: 500 }}>{p.label}</Typography>
          <Typography variant="body2" color="text.secondary" id={`${p.testId}-help`}>
            {p.help}
          </Typography>
        </Box>
      }
    />
  );
}

/** A choice among fixed values, each with its own text. */
export function SelectField<V extends string | number>(
  p: { value: V; options: ReadonlyArray<{ value: V; label: string }>; onPick: (v: V) => void } & Omit<
    TextFieldProps,
    'value' | 'onChange' | 'select'
  >,
) {
  const { value, options, onPick, ...rest } = p;
  return (
    <TextField
      select
      fullWidth
      value={value}
      onChange={(e) => onPick(options.find((o) => String(o.value) === e.target.value)?.value ?? value)}
      {...rest}
    >
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
