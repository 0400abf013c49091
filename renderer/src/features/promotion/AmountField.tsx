import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { AmountProblem } from './amount-check';

/** The amount to take out, with "All" filling in what is available; the problem shows once tried. */
export function AmountField(p: {
  value: string;
  onChange: (v: string) => void;
  available: string;
  problem: AmountProblem | null;
  hint: string;
  money: (amount: string) => string;
}) {
  const { t } = useTranslation();
  const error = p.problem
    ? t(`promotion.amount.${p.problem.key}`, 'limit' in p.problem ? { limit: p.money(p.problem.limit) } : {})
    : '';
  return (
    <TextField
      fullWidth
      autoFocus
      label={t('promotion.amount.label')}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      error={!!error}
      helperText={error || p.hint}
      slotProps={{
        htmlInput: { inputMode: 'decimal', maxLength: 12, 'data-testid': 'amount-input' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button size="small" onClick={() => p.onChange(p.available)}>
                {t('promotion.amount.all')}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
