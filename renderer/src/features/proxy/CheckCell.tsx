import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cstToZone } from '../../lib/format';
import { useUserStore } from '../../stores/user';
import { checkStatus } from './check-outcome';
import type { SavedProxy } from './types';

/**
 * The last check of a saved proxy as the server keeps it: latency or "failed", and when, in the
 * user's time zone. A failure's reason is on hover or keyboard focus (and in the proxy info).
 */
export function CheckCell({ proxy, checking }: { proxy: SavedProxy; checking: boolean }) {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  if (checking)
    return (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }} data-testid="check-cell">
        <CircularProgress size={14} />
        <Typography variant="body2">{t('proxy.check.checking')}</Typography>
      </Stack>
    );
  const status = checkStatus(proxy);
  if (status === 'never')
    return (
      <Typography variant="body2" color="text.disabled" data-testid="check-cell">
        {t('proxy.check.never')}
      </Typography>
    );
  const when = cstToZone(proxy.checkedTime, zone);
  const ok = status === 'ok';
  const text = ok ? t('proxy.check.latency', { ms: proxy.latencyMs ?? 0 }) : t('proxy.check.failed');
  const tip = ok ? t('proxy.check.checkedAt', { time: when }) : `${proxy.checkError} · ${when}`;
  return (
    <Tooltip title={tip} describeChild>
      <Box
        tabIndex={0}
        data-testid="check-cell"
        aria-label={ok ? undefined : t('proxy.check.failedShort', { reason: proxy.checkError })}
        sx={{ maxWidth: 180, outline: 'none', borderRadius: 0.5, '&:focus-visible': { boxShadow: 2 } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.75 }}>
          {ok ? (
            <CheckCircleIcon color="success" sx={{ fontSize: 16 }} />
          ) : (
            <ErrorOutlineIcon color="error" sx={{ fontSize: 16 }} />
          )}
          <Typography variant="body2" noWrap color={ok ? 'text.primary' : 'error'} data-testid="check-status">
            {text}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary" noWrap component="div" data-testid="check-time">
          {when}
        </Typography>
        {!ok && (
          <Typography variant="caption" color="error" noWrap component="div" data-testid="check-reason">
            {proxy.checkError}
          </Typography>
        )}
      </Box>
    </Tooltip>
  );
}
