import type { CallResult } from '@facet/shared';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../components/list/ListTable';
import { cstToZone } from '../../lib/format';
import { usePhoneSms } from '../../queries/client-logs';
import { useUserStore } from '../../stores/user';

type Sms = CallResult<'phoneSmsList'>['list'][number];

/** SMS the user's cloud phones received, read from each device's inbox when the screen asks. */
export function PhoneInbox() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const inbox = usePhoneSms(true);
  // Ids are the devices' own, so two phones may share one: the table's key is the position.
  const rows = (inbox.data?.list ?? []).map((m, i) => ({ ...m, id: i }));
  return (
    <Stack sx={{ gap: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.05rem' }}>
          {t('sms.receivedTitle')}
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => void inbox.refetch()} data-testid="sms-inbox-refresh">
          {t('sms.readAgain')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('sms.receivedIntro')}
      </Typography>
      {inbox.data?.unread.map((u) => (
        <Alert severity="warning" key={u.phoneId} data-testid="sms-unread">
          {t('sms.unread', {
            name: u.phoneName,
            reason: t(`sms.reasons.${u.reason.startsWith('adb.') ? 'noAnswer' : u.reason}`, { defaultValue: u.reason }),
          })}
        </Alert>
      ))}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <ListTable<Sms>
          testId="sms-inbox"
          rowTestId="sms-inbox-row"
          rows={rows}
          loading={inbox.isFetching}
          loaded={!!inbox.data}
          error={inbox.isError ? { text: t('sms.loadFailed'), onRetry: () => void inbox.refetch() } : null}
          empty={t('sms.noReceived')}
          columns={[
            {
              key: 'time',
              label: t('sms.columns.time'),
              render: (r) => cstToZone(r.receivedTime, zone),
              sx: { whiteSpace: 'nowrap' },
            },
            { key: 'phone', label: t('sms.columns.phone'), render: (r) => r.phoneName },
            { key: 'from', label: t('sms.columns.from'), render: (r) => r.address },
            {
              key: 'body',
              label: t('sms.columns.message'),
              render: (r) => r.body,
              sx: { overflowWrap: 'anywhere', minWidth: 160 },
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
