import type { CallResult } from '@facet/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { useAdminChannels, useSaveChannel } from '../../queries/billing-admin';
import { notifySuccess } from '../../stores/notice';

type Channel = CallResult<'adminChannels'>[number];

/**
 * Operator → Payment channels: which ways of paying users are offered and in which order. Stripe
 * works only when the server has its keys (docs/billing.md, Stripe); until then it cannot be switched on.
 */
export default function ChannelsPage() {
  const { t } = useTranslation();
  const channels = useAdminChannels();
  const rows = [...(channels.data ?? [])].sort((a, b) => a.sort - b.sort);
  return (
    <Box sx={{ maxWidth: 880 }}>
      <ListHeader title={t('menu.adminChannels')} subtitle={t('billingAdmin.channels.subtitle')} />
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{channels.isFetching && <LinearProgress />}</Box>
        {rows.map((c, i) => (
          <Fragment key={c.id}>
            {i > 0 && <Divider />}
            <ChannelRow channel={c} />
          </Fragment>
        ))}
      </Paper>
    </Box>
  );
}

function ChannelRow({ channel: c }: { channel: Channel }) {
  const { t } = useTranslation();
  const save = useSaveChannel();
  const [sort, setSort] = useState(String(c.sort));
  useEffect(() => setSort(String(c.sort)), [c.sort]);
  const sortOk = /^\d{1,3}$/.test(sort) && Number(sort) <= 100;
  const send = async (enabled: boolean, nextSort: number) => {
    try {
      await save.mutateAsync({ id: c.id, enabled, sort: nextSort });
      notifySuccess(t('billingAdmin.channels.saved', { name: t(`billingAdmin.channel.${c.id}`) }));
    } catch {
      setSort(String(c.sort));
    }
  };
  const blocked = c.id === 'stripe' && !c.ready;
  return (
    <Box sx={{ p: 2 }} data-testid={`channel-${c.id}`}>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography sx={{ fontWeight: 600 }}>{t(`billingAdmin.channel.${c.id}`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`billingAdmin.channels.about.${c.id}`)}
          </Typography>
        </Box>
        <TextField
          size="small"
          label={t('billingAdmin.sort')}
          value={sort}
          onChange={(e) => setSort(e.target.value)}
          onBlur={() => sortOk && Number(sort) !== c.sort && void send(c.enabled, Number(sort))}
          error={!sortOk}
          sx={{ width: 90 }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              maxLength: 3,
              'aria-label': t('billingAdmin.channels.sortOf', { name: t(`billingAdmin.channel.${c.id}`) }),
            },
          }}
        />
        <Switch
          checked={c.enabled}
          disabled={save.isPending || (blocked && !c.enabled)}
          onChange={(e) => void send(e.target.checked, sortOk ? Number(sort) : c.sort)}
          slotProps={{
            input: { 'aria-label': t('billingAdmin.channels.enable', { name: t(`billingAdmin.channel.${c.id}`) }) },
          }}
        />
      </Stack>
      {blocked && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          <strong>{t('billingAdmin.channels.notConfigured')}</strong>{' '}
          {t('billingAdmin.channels.stripeKeys', {
            secret: 'FACET_STRIPE_SECRET_KEY',
            webhook: 'FACET_STRIPE_WEBHOOK_SECRET',
          })}
        </Alert>
      )}
    </Box>
  );
}
