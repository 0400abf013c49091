import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useRpaFlowOptions } from '../../../queries/rpa';

/** callFlow's flow, chosen by name from the account's flows. */
export function FlowIdField(p: {
  value: unknown;
  onChange: (v: number) => void;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const flows = useRpaFlowOptions();
  const list = flows.data?.list ?? [];
  const value = typeof p.value === 'number' && list.some((f) => f.id === p.value) ? p.value : '';
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={`${t('rpa.field.flowId')} *`}
      value={value}
      error={!!p.error}
      helperText={p.error}
      onChange={(e) => p.onChange(Number(e.target.value))}
      slotProps={{ htmlInput: { 'data-testid': p.testId } }}
    >
      {list.map((f) => (
        <MenuItem key={f.id} value={f.id}>
          {f.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
