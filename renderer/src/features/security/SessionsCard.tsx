import type { CallResult } from '@facet/shared';
import ComputerIcon from '@mui/icons-material/Computer';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cstToZone } from '../../lib/format';
import { useSessions, useSignOutOtherSessions, useSignOutSession } from '../../queries/security';
import { notifySuccess } from '../../stores/notice';
import { useUserStore } from '../../stores/user';
import { ConfirmAction } from './ConfirmAction';
import { describeUserAgent, deviceText } from './user-agent';

type Session = CallResult<'sessionsList'>[number];
type Pending = { kind: 'one'; session: Session } | { kind: 'others' } | null;

/** Profile → signed-in devices: the live sessions, with sign-out of one or of all others. */
export function SessionsCard() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const [pending, setPending] = useState<Pending>(null);
  const list = useSessions();
  // A failed read shows as no sessions: the transport has told why.
  const sessions: Session[] | null = list.isError ? [] : (list.data ?? null);
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();

  const confirm = async () => {
    const p = pending;
    setPending(null);
    if (!p) return;
    try {
      if (p.kind === 'one') {
        await signOut.mutateAsync({ sid: p.session.sid });
        notifySuccess(t('security.sessions.signedOut'));
      } else {
        const r = await signOutOthers.mutateAsync(undefined);
        notifySuccess(t('security.sessions.signedOutOthers', { count: r.changed }));
      }
    } catch {
      // The client showed the server's notice; the list may have changed all the same.
      void list.refetch();
    }
  };

  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="sessions-card">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('security.sessions.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('security.sessions.intro')}
          </Typography>
        </Box>
        <Button
          color="error"
          disabled={others === 0}
          onClick={() => setPending({ kind: 'others' })}
          data-testid="sign-out-others"
        >
          {t('security.sessions.signOutOthers')}
        </Button>
      </Stack>
      {!sessions ? (
        <Skeleton height={80} />
      ) : (
        sessions.map((s, i) => {
          const os = describeUserAgent(s.userAgent).os;
          const Icon = os === 'Android' || os === 'iOS' ? PhoneIphoneIcon : ComputerIcon;
          return (
            <Fragment key={s.sid}>
              {i > 0 && <Divider />}
              <Stack direction="row" sx={{ alignItems: 'center', gap: 2, py: 1.25 }} data-testid="session-row">
                <Icon color={s.current ? 'primary' : 'action'} />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography noWrap sx={{ fontWeight: 500, maxWidth: '100%' }} title={s.userAgent}>
                      {deviceText(s.userAgent) || t('security.sessions.unknownDevice')}
                    </Typography>
                    {s.current && <Chip size="small" color="primary" label={t('security.sessions.current')} />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('security.sessions.detail', {
                      ip: s.ip || '—',
                      time: cstToZone(s.lastSeenTime ?? s.createdTime, zone) || '—',
                    })}
                  </Typography>
                </Box>
                {!s.current && (
                  <Button size="small" onClick={() => setPending({ kind: 'one', session: s })}>
                    {t('security.sessions.signOut')}
                  </Button>
                )}
              </Stack>
            </Fragment>
          );
        })
      )}
      <ConfirmAction
        open={pending !== null}
        title={pending?.kind === 'one' ? t('security.sessions.signOut') : t('security.sessions.signOutOthers')}
        confirmText={t('security.sessions.signOut')}
        message={
          pending?.kind === 'one'
            ? t('security.sessions.confirmOne', { device: deviceText(pending.session.userAgent) || pending.session.ip })
            : t('security.sessions.confirmOthers', { count: others })
        }
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </Paper>
  );
}
