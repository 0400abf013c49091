import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/list/FilterSelect';
import { usePermission } from '../../components/PermissionGate';
import { useAllSentMessages } from '../../queries/client-logs';
import { useUserStore } from '../../stores/user';
import { LogTable, useLogPaging } from '../logs/LogTable';
import { NoAccess } from '../settings/NoAccess';
import { PageHeader } from '../settings/PageHeader';
import { deliveryColumns } from './delivery-columns';

const STATUSES = ['sent', 'failed', 'kept'] as const;
type Status = (typeof STATUSES)[number];

/**
 * Operator → Messages (docs/messages.md): every SMS and email Facet sent, by recipient and by
 * delivery status, so failing providers and messages kept for want of one are seen.
 */
export default function AdminMessagesPage() {
  const { t } = useTranslation();
  const allowed = usePermission(['outbox:read']);
  const zone = useUserStore((s) => s.timezone);
  const [status, setStatus] = useState<Status | ''>('');
  const [recipient, setRecipient] = useState('');
  const filter = useMemo(() => ({ status, recipient: recipient.trim() }), [status, recipient]);
  const paging = useLogPaging(filter);
  const list = useAllSentMessages({
    page: paging.page,
    pageSize: paging.pageSize,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.recipient ? { recipient: filter.recipient } : {}),
  });
  const columns = useMemo(() => deliveryColumns(t, zone, true), [t, zone]);
  if (!allowed) return <NoAccess />;
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageHeader title={t('sms.admin.title')} intro={t('sms.admin.intro')} />
      <Stack sx={{ gap: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
          <TextField
            size="small"
            label={t('sms.columns.recipient')}
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'admin-messages-recipient', maxLength: 100 } }}
          />
          <FilterSelect
            label={t('sms.columns.status')}
            allLabel={t('sms.allStatuses')}
            value={status}
            choices={STATUSES}
            labelOf={(s) => t(`sms.status.${s}`)}
            onChange={(v) => setStatus(v as Status | '')}
            testId="admin-messages-status"
          />
        </Stack>
        <LogTable columns={columns} list={list} paging={paging} empty={t('sms.noneSent')} testId="admin-messages" />
      </Stack>
    </Box>
  );
}
