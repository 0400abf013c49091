import type { Fingerprint, ProxyConfig } from '@facet/shared';
import Autorenew from '@mui/icons-material/Autorenew';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { fingerprintSummary } from './fingerprint-summary';

interface Props {
  name: string;
  fp: Fingerprint | null;
  proxy: ProxyConfig;
  busy: boolean;
  onNewFingerprint: () => void;
}

const SECTIONS = ['basic', 'account', 'proxy', 'fingerprint', 'cookies', 'extensions'] as const;

/** The profile at a glance: what its fingerprint claims and where it connects from. */
export function SummaryPanel({ name, fp, proxy, busy, onNewFingerprint }: Props) {
  const { t } = useTranslation();
  const canListExtensions = usePermission(['extension:list']);
  // The extensions section is there only for users who may list extensions.
  const sections = SECTIONS.filter((s) => s !== 'extensions' || canListExtensions);
  const proxyText =
    proxy.proxyMethod === 3
      ? proxy.agentIpId
        ? t('browserForm.summary.savedProxy', { id: proxy.agentIpId })
        : t('browserForm.summary.noProxy')
      : proxy.proxyMethod === 2
        ? `${proxy.proxyType}${proxy.country ? ` · ${proxy.country.toUpperCase()}` : ''}`
        : proxy.proxyType === 'noproxy' || !proxy.host
          ? t('browserForm.summary.noProxy')
          : `${proxy.proxyType.toUpperCase()} ${proxy.host}${proxy.port ? `:${proxy.port}` : ''}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="aside" aria-label={t('browserForm.summary.title')}>
      <Typography variant="overline" color="text.secondary">
        {t('browserForm.summary.title')}
      </Typography>
      <Typography variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="summary-name">
        {name.trim() || t('browserForm.summary.unnamed')}
      </Typography>
      <Stack sx={{ gap: 1, mt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('browserForm.summary.fingerprint')}
        </Typography>
        {fp ? (
          <Typography variant="body2" data-testid="fingerprint-summary" sx={{ fontWeight: 500 }}>
            {fingerprintSummary(fp, {
              languagesByIp: t('browserForm.summary.languageByIp'),
              realScreen: t('browserForm.summary.realScreen'),
              cores: (n) => t('browserForm.summary.cores', { count: n }),
              memory: (n) => t('browserForm.summary.memory', { n }),
            })}
          </Typography>
        ) : (
          <Skeleton variant="text" />
        )}
        <Typography variant="body2" color="text.secondary">
          {t('browserForm.summary.proxy')}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="proxy-summary">
          {proxyText}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<Autorenew />}
          onClick={onNewFingerprint}
          loading={busy}
          disabled={!fp}
          data-testid="new-fingerprint"
        >
          {t('browserForm.summary.newFingerprint')}
        </Button>
      </Stack>
      <Divider sx={{ my: 1.5, display: { xs: 'none', md: 'block' } }} />
      <Stack
        component="nav"
        sx={{ gap: 0.5, display: { xs: 'none', md: 'flex' } }}
        aria-label={t('browserForm.summary.sections')}
      >
        {sections.map((s) => (
          <Link
            key={s}
            component="button"
            type="button"
            underline="hover"
            variant="body2"
            sx={{ textAlign: 'left' }}
            onClick={() => document.getElementById(`section-${s}`)?.scrollIntoView({ behavior: 'smooth' })}
          >
            {t(`browserForm.sections.${s}`)}
          </Link>
        ))}
      </Stack>
    </Paper>
  );
}
