import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/list/FilterSelect';
import { usePermission } from '../../components/PermissionGate';
import { useSentMessages } from '../../queries/client-logs';
import { useUserStore } from '../../stores/user';
import { LogTable, useLogPaging } from '../logs/LogTable';
import { PageHeader } from '../settings/PageHeader';
import { deliveryColumns } from './delivery-columns';
import { PhoneInbox } from './PhoneInbox';

const CHANNELS = ['sms', 'email'] as const;

/**
 * SMS (docs/messages.md): what Facet sent to the user's email address and phone number (codes,
 * alerts) with whether it was delivered, and, for a user with cloud phones, the SMS those phones
 * received.
 */
export default function SmsPage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const phones = usePermission(['phone:list']);
  const [channel, setChannel] = useState<'' | 'sms' | 'email'>('');
  const filter = useMemo(() => ({ channel }), [channel]);
  const paging = useLogPaging(filter);
  const list = useSentMessages({ page: paging.page, pageSize: paging.pageSize, ...(channel ? { channel } : {}) });
  const columns = useMemo(() => deliveryColumns(t, zone, true), [t, zone]);
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageHeader
        title={t('sms.title')}
        intro={t('sms.intro')}
        actions={
          <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()}>
            {t('sms.refresh')}
          </Button>
        }
      />
      <Stack sx={{ gap: 2 }}>
        <FilterSelect
          label={t('sms.columns.channel')}
          allLabel={t('sms.allChannels')}
          value={channel}
          choices={CHANNELS}
          labelOf={(c) => t(`sms.channels.${c}`)}
          onChange={(v) => setChannel(v as '' | 'sms' | 'email')}
          testId="sms-channel"
        />
        <LogTable columns={columns} list={list} paging={paging} empty={t('sms.noneSent')} testId="sms-sent" />
        {phones && <PhoneInbox />}
      </Stack>
    </Box>
  );
}
