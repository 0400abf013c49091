import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { usePowerRemind } from '../../queries/phones';
import { useUserStore } from '../../stores/user';
import { daysLeft } from './phone-state';

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 120px' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" sx={{ fontWeight: 600 }} data-testid={testId}>
        {value}
      </Typography>
    </Paper>
  );
}

/** Computing power bought, in use, free and expired; the environments expiring soon, each with renew. */
export function PowerRemind({ onRenew }: { onRenew: (envId: number) => void }) {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const canPay = usePermission(['billing:pay']);
  const r = usePowerRemind().data;
  if (!r) return null;
  return (
    <Stack sx={{ gap: 1.5, mb: 2 }}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        <Figure label={t('phone.power.bought')} value={r.bought} testId="power-bought" />
        <Figure label={t('phone.power.inUse')} value={r.inUse} testId="power-in-use" />
        <Figure label={t('phone.power.free')} value={r.free} testId="power-free" />
        <Figure label={t('phone.power.expired')} value={r.expired} testId="power-expired" />
      </Stack>
      {r.expiring.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="power-expiring">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('phone.power.expiringTitle', { period: t('phone.period', { count: r.remindDays }) })}
          </Typography>
          {r.expiring.map((e) => (
            <Stack key={e.id} direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 0.5 }}>
              <Typography sx={{ fontWeight: 600, flex: '1 1 140px' }}>{e.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {cstToZone(e.expireTime, zone).slice(0, 16)} ·{' '}
                {t('phone.daysLeft', { count: daysLeft(e.expireTime) ?? 0 })}
              </Typography>
              {canPay && (
                <Button size="small" onClick={() => onRenew(e.id)}>
                  {t('phone.action.renew')}
                </Button>
              )}
            </Stack>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
