import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckCoupon } from '../../queries/billing';

/**
 * A coupon code: checked with the server when applied; what it takes off shows in the price,
 * and why it does not apply to this order (the preview's couponProblem) under the field.
 */
export function CouponField(p: { applied: string; onApply: (code: string) => void; problem: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(p.applied);
  const [error, setError] = useState('');
  const check = useCheckCoupon();
  const apply = async () => {
    const c = code.trim();
    setError('');
    if (!c) return p.onApply('');
    try {
      await check.mutateAsync({ code: c });
      p.onApply(c);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('cost.coupon.invalid'));
      p.onApply('');
    }
  };
  const problem = error || (p.applied && p.problem ? t(`validation.${p.problem}`) : '');
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label={t('cost.coupon.label')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={!!problem}
        helperText={problem || (p.applied ? t('cost.coupon.applied') : ' ')}
        slotProps={{ htmlInput: { 'data-testid': 'coupon-code' } }}
        sx={{ flex: 1 }}
      />
      <Button variant="outlined" onClick={apply} disabled={check.isPending} sx={{ mt: 0.25 }}>
        {t('cost.coupon.apply')}
      </Button>
    </Stack>
  );
}
