import type { CallResult } from '@facet/shared';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMoney } from './use-money';

type Preview = CallResult<'orderPreview'>;

function Line({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography sx={strong ? { fontWeight: 600 } : {}}>{label}</Typography>
      <Typography
        sx={{ fontVariantNumeric: 'tabular-nums', ...(strong ? { fontWeight: 600 } : {}) }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/** The price: list, the proration credit of a change, the discount, the total; the base amount under it when the currency differs. */
export function PriceLines({ p }: { p: Preview }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const credit = Number(p.prorationCredit) > 0;
  return (
    <Stack sx={{ gap: 0.5 }} data-testid="price-lines">
      <Line label={t('cost.price.list')} value={money(p.list, p.currency)} />
      {credit && <Line label={t('cost.price.credit')} value={money(`-${p.prorationCredit}`, p.baseCurrency)} />}
      {Number(p.discount) > 0 && <Line label={t('cost.price.discount')} value={money(`-${p.discount}`, p.currency)} />}
      <Divider sx={{ my: 0.5 }} />
      <Line label={t('cost.price.total')} value={money(p.total, p.currency)} strong testId="price-total" />
      {p.currency !== p.baseCurrency && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
          {t('cost.price.base', { amount: money(p.totalBase, p.baseCurrency) })}
        </Typography>
      )}
    </Stack>
  );
}
