import { type Language, POLICY_KINDS, type PolicyKind } from '@facet/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { BrandMark } from '../../components/BrandMark';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Markdown } from '../../components/Markdown';
import { ThemeSwitch } from '../../components/ThemeSwitch';
import { cstToZone } from '../../lib/format';
import { usePolicy } from '../../queries/notices';
import { POLICY_PATHS } from './policy-paths';

/** The policy text as the operator wrote it, in the page's language (English when it has none). */
export function PolicyText({ kind }: { kind: PolicyKind }) {
  const { t, i18n } = useTranslation();
  const policy = usePolicy(kind, i18n.language as Language);
  if (policy.isPending) return <Skeleton variant="rounded" height={200} />;
  const p = policy.data;
  if (!p?.content)
    return (
      <Typography color="text.secondary" data-testid="policy-empty">
        {t('notices.policies.none')}
      </Typography>
    );
  return (
    <>
      {p.updatedTime && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {t('notices.policies.updated', { time: cstToZone(p.updatedTime) })}
        </Typography>
      )}
      <Markdown text={p.content} testId="policy-content" />
    </>
  );
}

/** A public policy page (/agreement, /privacy, /log-off-policy): reachable without signing in. */
function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100%', bgcolor: 'background.default', pb: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: { xs: 2, sm: 3 }, py: 1.5, gap: 1 }}>
        <BrandMark />
        <Box sx={{ flex: 1 }} />
        <LanguageSwitch />
        <ThemeSwitch />
      </Stack>
      <Paper variant="outlined" sx={{ maxWidth: 820, mx: { xs: 1.5, sm: 'auto' }, p: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
          {t(`notices.policies.${kind}`)}
        </Typography>
        <PolicyText kind={kind} />
      </Paper>
    </Box>
  );
}

/** The page of the path it is shown at (/agreement, /privacy, /log-off-policy). */
export default function PolicyRoute() {
  const { pathname } = useLocation();
  const kind = POLICY_KINDS.find((k) => POLICY_PATHS[k] === pathname) ?? 'agreement';
  return <PolicyPage kind={kind} />;
}
