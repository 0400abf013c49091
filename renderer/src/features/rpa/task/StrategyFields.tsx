import { RPA_IF_OPEN, type RpaStrategy } from '@facet/shared';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface StrategyValue extends RpaStrategy {
  concurrency: number;
}

const int = (s: string, min: number, max: number) => Math.min(max, Math.max(min, Math.trunc(Number(s) || min)));

/**
 * The running strategy and the concurrency: for a task, and as the team's defaults
 * (RpaRunningStrategy, RpaConcurrent). `errors` by field name.
 */
export function StrategyFields(p: {
  value: StrategyValue;
  onChange: (v: StrategyValue) => void;
  errors?: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  const v = p.value;
  const set = (patch: Partial<StrategyValue>) => p.onChange({ ...v, ...patch });
  const e = p.errors ?? {};
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        select
        size="small"
        label={t('rpa.strategy.ifOpen')}
        value={v.ifOpen}
        onChange={(x) => set({ ifOpen: x.target.value as StrategyValue['ifOpen'] })}
        helperText={t(`rpa.strategy.ifOpenHint.${v.ifOpen}`)}
        slotProps={{ htmlInput: { 'data-testid': 'strategy-ifOpen' } }}
      >
        {RPA_IF_OPEN.map((o) => (
          <MenuItem key={o} value={o}>
            {t(`rpa.strategy.ifOpenOption.${o}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="number"
        label={t('rpa.strategy.concurrency')}
        value={v.concurrency}
        onChange={(x) => set({ concurrency: int(x.target.value, 1, 50) })}
        error={!!e.concurrency}
        helperText={e.concurrency ?? t('rpa.strategy.concurrencyHint')}
        slotProps={{ htmlInput: { min: 1, max: 50, 'data-testid': 'strategy-concurrency' } }}
      />
      <TextField
        size="small"
        type="number"
        label={t('rpa.strategy.retries')}
        value={v.retries}
        onChange={(x) => set({ retries: int(x.target.value, 0, 5) })}
        error={!!e.retries}
        helperText={e.retries ?? t('rpa.strategy.retriesHint')}
        slotProps={{ htmlInput: { min: 0, max: 5, 'data-testid': 'strategy-retries' } }}
      />
      <TextField
        size="small"
        type="number"
        label={t('rpa.strategy.timeoutSec')}
        value={v.timeoutSec}
        onChange={(x) => set({ timeoutSec: int(x.target.value, 5, 86_400) })}
        error={!!e.timeoutSec}
        helperText={e.timeoutSec ?? t('rpa.strategy.timeoutHint')}
        slotProps={{ htmlInput: { min: 5, max: 86_400, 'data-testid': 'strategy-timeoutSec' } }}
      />
      <FormControlLabel
        control={<Checkbox checked={v.closeAfter} onChange={(x) => set({ closeAfter: x.target.checked })} />}
        label={t('rpa.strategy.closeAfter')}
      />
      <FormControlLabel
        control={
          <Checkbox checked={v.stopOnFirstError} onChange={(x) => set({ stopOnFirstError: x.target.checked })} />
        }
        label={t('rpa.strategy.stopOnFirstError')}
      />
    </Box>
  );
}
