import type { OnlineClient } from '@facet/shared';
import ComputerIcon from '@mui/icons-material/Computer';
import LanguageIcon from '@mui/icons-material/Language';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { useOnlineClients } from '../../queries/notices';
import { useUserStore } from '../../stores/user';

/** Which clients of the team run now (softHeartBeat), and the ones seen today; on the users page. */
export function OnlineClientsCard() {
  const { t } = useTranslation();
  const allowed = usePermission(['user:list']);
  const zone = useUserStore((s) => s.timezone);
  const clients = useOnlineClients(allowed).data ?? [];
  if (!allowed) return null;
  const online = clients.filter((c) => c.online).length;
  const row = (c: OnlineClient) => (
    <Stack
      key={`${c.userId}-${c.clientId}`}
      direction="row"
      sx={{ alignItems: 'center', gap: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}
      data-testid={`online-client-${c.userName}`}
      data-online={c.online}
    >
      {c.kind === 'desktop' ? <ComputerIcon color="action" /> : <LanguageIcon color="action" />}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {c.userName}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t(`notices.presence.${c.kind}`)}
          {c.version && ` ${c.version}`} · {c.ip} ·{' '}
          {t('notices.presence.lastSeen', { time: cstToZone(c.lastSeen, zone) })}
        </Typography>
      </Box>
      <Chip
        size="small"
        color={c.online ? 'success' : 'default'}
        variant={c.online ? 'filled' : 'outlined'}
        label={c.online ? t('notices.presence.online') : t('notices.presence.offline')}
      />
    </Stack>
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }} data-testid="online-clients">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('notices.presence.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('notices.presence.summary', { n: online })}
      </Typography>
      {clients.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('notices.presence.none')}
        </Typography>
      ) : (
        clients.map(row)
      )}
    </Paper>
  );
}
