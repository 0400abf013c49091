import type { CallResult } from '@facet/shared';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/money';
import { priceLines } from './price-lines';

type Preview = CallResult<'orderPreview'>;

function Line({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography sx={strong ? { fontWeight: 600 } : {}}>{label}</Typography>
      <Typography
        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...(strong ? { fontWeight: 600 } : {}) }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/** The price: list, the credit of a change, the discount, the total; the base amount under it when the currency differs. */
export function PriceLines({ p }: { p: Preview }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  return (
    <Stack sx={{ gap: 0.5 }} data-testid="price-lines">
      {priceLines(p).map((l) => (
        <Line
          key={l.key}
          label={t(`cost.price.${l.key}`)}
          value={money(l.amount, l.currency)}
          testId={`price-${l.key}`}
        />
      ))}
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
