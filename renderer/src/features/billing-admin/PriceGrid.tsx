import AddIcon from '@mui/icons-material/Add';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addableCurrencies,
  addCurrency,
  fillLongerPeriods,
  PERIODS,
  type PriceRow,
  removeCurrency,
  setAmount,
} from './price-grid';

/**
 * The prices of a plan: a row per currency, a cell per period; the base currency's row cannot be
 * removed. Each row is a card of three fields, so it fits a phone as well as a wide dialog.
 */
export function PriceGrid(p: {
  rows: PriceRow[];
  base: string;
  currencies: readonly string[];
  /** Problems by `currency:months`, and `''` for the grid as a whole. */
  errors: Record<string, string>;
  onChange: (rows: PriceRow[]) => void;
}) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const addable = addableCurrencies(p.rows, p.currencies);
  return (
    <Box data-testid="price-grid">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('billingAdmin.plans.prices')}
        </Typography>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={!addable.length}
          onClick={(e) => setMenu(e.currentTarget)}
        >
          {t('billingAdmin.plans.addCurrency')}
        </Button>
        <Menu open={!!menu} anchorEl={menu} onClose={() => setMenu(null)}>
          {addable.map((c) => (
            <MenuItem
              key={c}
              onClick={() => {
                p.onChange(addCurrency(p.rows, c));
                setMenu(null);
              }}
            >
              {c}
            </MenuItem>
          ))}
        </Menu>
      </Stack>
      {p.errors[''] && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {p.errors['']}
        </Alert>
      )}
      {/* The periods once above the rows: fields labelled in each row get cut on a phone. */}
      <Stack direction="row" sx={{ gap: 1, mb: 0.5 }} aria-hidden>
        <Box sx={{ width: 48, display: { xs: 'none', sm: 'block' } }} />
        <Stack direction="row" sx={{ gap: 1, flex: 1, minWidth: 0 }}>
          {PERIODS.map((m) => (
            <Typography key={m} variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
              {t('billingAdmin.months', { count: m })}
            </Typography>
          ))}
        </Stack>
        <Box sx={{ width: 80, display: { xs: 'none', sm: 'block' } }} />
      </Stack>
      <Stack sx={{ gap: 1 }}>
        {p.rows.map((r) => {
          // A cell's problem is said under its row: inside a third of a phone's width it would wrap word by word.
          const problems = PERIODS.filter((m) => p.errors[`${r.currency}:${m}`]).map(
            (m) => `${t('billingAdmin.months', { count: m })}: ${p.errors[`${r.currency}:${m}`]}`,
          );
          return (
            <Box key={r.currency}>
              <Stack
                direction="row"
                data-testid={`price-row-${r.currency}`}
                sx={{ gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
              >
                <Typography sx={{ width: { sm: 48 }, flex: { xs: 1, sm: 'none' }, pt: 1, fontWeight: 600 }}>
                  {r.currency}
                </Typography>
                <Stack
                  direction="row"
                  sx={{ gap: 1, flex: { xs: '1 1 100%', sm: 1 }, order: { xs: 3, sm: 0 }, minWidth: 0 }}
                >
                  {PERIODS.map((m) => (
                    <TextField
                      key={m}
                      size="small"
                      value={r.amounts[m]}
                      onChange={(e) => p.onChange(setAmount(p.rows, r.currency, m, e.target.value))}
                      error={!!p.errors[`${r.currency}:${m}`]}
                      sx={{ flex: 1, minWidth: 0 }}
                      slotProps={{
                        htmlInput: {
                          inputMode: 'decimal',
                          maxLength: 12,
                          'aria-label': `${r.currency} · ${t('billingAdmin.months', { count: m })}`,
                          'data-testid': `price-${r.currency}-${m}`,
                        },
                      }}
                    />
                  ))}
                </Stack>
                <Stack direction="row">
                  <Tooltip title={t('billingAdmin.plans.fillPeriods')}>
                    <span>
                      <IconButton
                        aria-label={t('billingAdmin.plans.fillPeriods')}
                        disabled={!r.amounts[1]}
                        onClick={() =>
                          p.onChange(p.rows.map((x) => (x.currency === r.currency ? fillLongerPeriods(x) : x)))
                        }
                      >
                        <AutoFixHighIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip
                    title={
                      r.currency === p.base ? t('billingAdmin.plans.baseRow') : t('billingAdmin.plans.removeCurrency')
                    }
                  >
                    <span>
                      <IconButton
                        aria-label={t('billingAdmin.plans.removeCurrency')}
                        disabled={r.currency === p.base}
                        onClick={() => p.onChange(removeCurrency(p.rows, r.currency, p.base))}
                      >
                        <DeleteOutlinedIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              </Stack>
              {problems.length > 0 && <FormHelperText error>{problems.join(' · ')}</FormHelperText>}
            </Box>
          );
        })}
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('billingAdmin.plans.pricesHint')}
      </Typography>
    </Box>
  );
}
