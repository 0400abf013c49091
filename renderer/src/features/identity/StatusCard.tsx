import type { CallResult, IdentityStatus } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const COLORS: Record<IdentityStatus, 'default' | 'info' | 'warning' | 'error' | 'success'> = {
  none: 'default',
  inProgress: 'info',
  pending: 'warning',
  rejected: 'error',
  approved: 'success',
};

export function StatusChip({ status }: { status: IdentityStatus }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" color={COLORS[status]} label={t(`identity.status.${status}`)} data-testid="identity-status" />
  );
}

/** The account's verification as the user reads it: status, the reason of a rejection, what it unlocks. */
export function StatusCard({
  s,
  isMain,
  details,
}: {
  s: CallResult<'identityCertificationStatus'>;
  isMain: boolean;
  /** What was submitted, numbers masked: label and value. */
  details: Array<[string, string]>;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('identity.statusTitle')}
        </Typography>
        {s.kind && <Chip size="small" variant="outlined" label={t(`identity.kind.${s.kind}`)} />}
        <StatusChip status={s.status} />
      </Stack>
      {details.map(([label, value]) => (
        <Typography key={label} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {label}:
          </Box>{' '}
          {value}
        </Typography>
      ))}
      {s.status === 'rejected' && (
        <Alert severity="error" sx={{ my: 1 }} data-testid="identity-reason">
          {t('identity.rejectedReason', { reason: s.reason })}
          <br />
          {t('identity.rejectedHint')}
        </Alert>
      )}
      {s.status === 'pending' && <Alert severity="info">{t('identity.pendingHint')}</Alert>}
      {s.status === 'approved' && <Alert severity="success">{t('identity.approvedHint')}</Alert>}
      {!isMain && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('identity.subAccountHint')}
        </Alert>
      )}
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('identity.unlocksTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="identity-unlocks">
        {s.unlocks.length ? s.unlocks.map((f) => t(`identity.feature.${f}`)).join(' · ') : t('identity.unlocksNone')}
      </Typography>
    </Paper>
  );
}
