import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { usePhoneIpCheck } from '../../queries/phone-extras';
import type { Phone } from '../../queries/phones';
import { ipCheckReason } from './ip-check-reason';

/** The environment's exit IP as its device sees it (docs/phones.md, IP check). */
export function IpCheckDialog({ phone, onClose }: { phone: Phone; onClose: () => void }) {
  const { t } = useTranslation();
  const check = usePhoneIpCheck(phone.id);
  const r = check.data;
  const line = (label: string, value: string, testId: string) => (
    <Stack direction="row" sx={{ gap: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: 96, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
  return (
    <GenericDialog
      open
      closeOnly
      title={t('phone.ipCheck.title', { name: phone.name })}
      onClose={onClose}
      onConfirm={onClose}
    >
      <Stack sx={{ gap: 1.5 }} data-testid="ip-check">
        {check.isFetching ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('phone.ipCheck.checking')}
            </Typography>
            <Skeleton variant="rounded" height={72} />
          </>
        ) : check.isError || !r ? (
          <Alert severity="error">{t('phone.loadFailed')}</Alert>
        ) : r.ok ? (
          <>
            {line(t('phone.ipCheck.ip'), r.ip, 'ip-check-ip')}
            {line(t('phone.ipCheck.country'), r.country || '—', 'ip-check-country')}
            {line(t('phone.ipCheck.via'), t(`phone.ipCheck.${r.via}`), 'ip-check-via')}
            {line(t('phone.ipCheck.checkedTime'), r.checkedTime, 'ip-check-time')}
          </>
        ) : (
          <Alert severity="warning" data-testid="ip-check-reason">
            {ipCheckReason(t, r.reason)}
          </Alert>
        )}
        <Button
          size="small"
          sx={{ alignSelf: 'flex-start' }}
          disabled={check.isFetching}
          onClick={() => void check.refetch()}
        >
          {t('phone.ipCheck.again')}
        </Button>
      </Stack>
    </GenericDialog>
  );
}
