import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type FieldSpec, MULTILINE_FIELDS, VARIABLE_FIELDS } from './step-model';

export interface FieldInputProps {
  spec: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | undefined;
  testId: string;
}

const numberOrUndefined = (s: string) => (s.trim() === '' || Number.isNaN(Number(s)) ? undefined : Number(s));

/** One field of a step, its input chosen by the kind its schema has. */
export function FieldInput({ spec, value, onChange, error, testId }: FieldInputProps) {
  const { t } = useTranslation();
  const label = `${t(`rpa.field.${spec.name}`, { defaultValue: spec.name })}${spec.required ? ' *' : ''}`;
  const common = {
    label,
    size: 'small' as const,
    fullWidth: true,
    error: !!error,
    slotProps: { htmlInput: { 'data-testid': testId } },
  };

  if (spec.kind === 'boolean')
    return (
      <div>
        <FormControlLabel
          control={
            <Checkbox
              checked={value === true}
              onChange={(e) => onChange(e.target.checked ? true : undefined)}
              slotProps={{ input: { 'data-testid': testId } as object }}
            />
          }
          label={label}
        />
        {error && <FormHelperText error>{error}</FormHelperText>}
      </div>
    );
  if (spec.kind === 'enum')
    return (
      <TextField
        {...common}
        select
        value={(value as string | undefined) ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        helperText={error}
        slotProps={{ htmlInput: { 'data-testid': testId }, select: { MenuProps: { disablePortal: false } } }}
      >
        {!spec.required && (
          <MenuItem value="">
            <em>{t('rpa.editor.unset')}</em>
          </MenuItem>
        )}
        {spec.options?.map((o) => (
          <MenuItem key={o} value={o}>
            {t(`rpa.option.${o}`, { defaultValue: o })}
          </MenuItem>
        ))}
      </TextField>
    );
  if (spec.kind === 'number')
    return (
      <TextField
        {...common}
        type="number"
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => onChange(numberOrUndefined(e.target.value))}
        helperText={error ?? (spec.name === 'timeoutMs' ? t('rpa.editor.timeoutHint') : undefined)}
      />
    );
  if (spec.kind === 'textList')
    return (
      <TextField
        {...common}
        value={Array.isArray(value) ? value.join(', ') : ''}
        onChange={(e) => {
          const list = e.target.value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
          onChange(list.length || spec.required ? list : undefined);
        }}
        helperText={error ?? t('rpa.editor.commaHint')}
      />
    );
  if (spec.kind === 'pairs') {
    const lines = Array.isArray(value)
      ? (value as Array<{ name: string; value: string }>).map((h) => `${h.name}: ${h.value}`)
      : [];
    return (
      <TextField
        {...common}
        multiline
        minRows={2}
        value={lines.join('\n')}
        onChange={(e) => {
          const list = e.target.value
            .split('\n')
            .filter((l) => l.trim())
            .map((l) => {
              const at = l.indexOf(':');
              return at < 0
                ? { name: l.trim(), value: '' }
                : { name: l.slice(0, at).trim(), value: l.slice(at + 1).trim() };
            });
          onChange(list.length ? list : undefined);
        }}
        helperText={error ?? t('rpa.editor.headersHint')}
      />
    );
  }
  if (spec.kind === 'json')
    return (
      <TextField
        {...common}
        multiline
        value={value === undefined ? '' : JSON.stringify(value)}
        onChange={(e) => {
          try {
            onChange(e.target.value.trim() ? JSON.parse(e.target.value) : undefined);
          } catch {
            // Kept as typed until it reads as JSON.
          }
        }}
        helperText={error}
      />
    );
  const isVariable = VARIABLE_FIELDS.has(spec.name);
  return (
    <TextField
      {...common}
      multiline={MULTILINE_FIELDS.has(spec.name)}
      maxRows={8}
      value={(value as string | undefined) ?? ''}
      onChange={(e) => onChange(e.target.value === '' && !spec.required ? undefined : e.target.value)}
      helperText={error ?? (isVariable ? t('rpa.editor.variableNameHint') : t('rpa.editor.variableHint'))}
    />
  );
}
