import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { usePromotionSummary } from '../../queries/promotion';
import { NoAccess } from '../settings/NoAccess';
import { PageHeader } from '../settings/PageHeader';
import { InviteLinkCard } from './InviteLinkCard';

const STEPS = ['share', 'register', 'earn'] as const;

/** Promotion → invite code: the code, the link made of it, its QR code, and how inviting pays. */
export default function InviteCodePage() {
  const { t } = useTranslation();
  const allowed = usePermission(['promotion:view']);
  const summary = usePromotionSummary();
  const s = summary.data;
  if (!allowed) return <NoAccess />;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={t('menu.inviteCode')} intro={t('promotion.invite.intro')} />
      {summary.isError && <Alert severity="warning">{t('promotion.loadFailed')}</Alert>}
      {s ? <InviteLinkCard code={s.inviteCode} /> : !summary.isError && <Skeleton variant="rounded" height={240} />}
      {s && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {t('promotion.invite.howTitle')}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
            {STEPS.map((step) => (
              <Typography component="li" variant="body2" key={step}>
                {t(`promotion.invite.steps.${step}`, { percent: s.commissionPercent })}
              </Typography>
            ))}
          </Box>
        </Paper>
      )}
    </Box>
  );
}
