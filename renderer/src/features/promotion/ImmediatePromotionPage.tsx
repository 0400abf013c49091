import type { Language } from '@facet/shared';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { usePromotionSummary } from '../../queries/promotion';
import { NoAccess } from '../settings/NoAccess';
import { PageHeader } from '../settings/PageHeader';
import { InviteLinkCard } from './InviteLinkCard';
import { inviteLink } from './invite-link';
import { useCopy } from './use-copy';

const MATERIALS = ['short', 'social', 'team', 'email'] as const;
const TIPS = ['audience', 'honest', 'qr', 'track'] as const;

/** One ready-made text with the caller's link in it, and Copy. */
function Material(p: { title: string; text: string; testId: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid={p.testId}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
        {p.title}
      </Typography>
      <Typography
        variant="body2"
        sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', flex: 1 }}
        data-testid="material-text"
      >
        {p.text}
      </Typography>
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        onClick={() => copy(p.text)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('promotion.immediate.copyText')}
      </Button>
    </Paper>
  );
}

/** Promotion → promote now: ready-made texts with the link filled in, the link and QR again, and tips. */
export default function ImmediatePromotionPage() {
  const { t, i18n } = useTranslation();
  const allowed = usePermission(['promotion:view']);
  const summary = usePromotionSummary();
  const s = summary.data;
  if (!allowed) return <NoAccess />;
  const link = s ? inviteLink(s.inviteCode, i18n.language as Language) : '';
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader title={t('menu.immediatePromotion')} intro={t('promotion.immediate.intro')} />
      {summary.isError && <Alert severity="warning">{t('promotion.loadFailed')}</Alert>}
      {!s && !summary.isError && <Skeleton variant="rounded" height={240} />}
      {s && (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {t('promotion.immediate.materialsTitle')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
            {MATERIALS.map((m) => (
              <Material
                key={m}
                title={t(`promotion.immediate.materials.${m}.title`)}
                text={t(`promotion.immediate.materials.${m}.text`, { link, code: s.inviteCode })}
                testId={`material-${m}`}
              />
            ))}
          </Box>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 3, mb: 1 }}>
            {t('promotion.immediate.linkTitle')}
          </Typography>
          <InviteLinkCard code={s.inviteCode} />
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {t('promotion.immediate.tipsTitle')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
              {TIPS.map((tip) => (
                <Typography component="li" variant="body2" key={tip}>
                  {t(`promotion.immediate.tips.${tip}`)}
                </Typography>
              ))}
            </Box>
          </Paper>
        </>
      )}
    </Box>
  );
}
