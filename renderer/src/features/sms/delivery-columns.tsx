import type { CallResult } from '@facet/shared';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { cstToZone } from '../../lib/format';
import type { Column } from '../logs/LogTable';

export type Delivery = CallResult<'messageList'>['list'][number];

const STATUS_COLOR = { sent: 'success', failed: 'error', kept: 'warning' } as const;

/** The columns of a list of sent messages: when, how, to whom, what, and whether it went. */
export function deliveryColumns(t: TFunction, zone: string | null, withRecipient: boolean): Column<Delivery>[] {
  return [
    { key: 'time', label: t('sms.columns.time'), render: (r) => cstToZone(r.createdTime, zone) },
    { key: 'channel', label: t('sms.columns.channel'), render: (r) => t(`sms.channels.${r.channel}`) },
    ...(withRecipient
      ? [{ key: 'recipient', label: t('sms.columns.recipient'), render: (r: Delivery) => r.recipient }]
      : []),
    {
      key: 'message',
      label: t('sms.columns.message'),
      wrap: true,
      render: (r) => (
        <>
          {r.subject && (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {r.subject}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {r.body}
          </Typography>
        </>
      ),
    },
    {
      key: 'status',
      label: t('sms.columns.status'),
      render: (r) => (
        <Tooltip title={r.status === 'failed' ? r.error : t(`sms.statusHint.${r.status}`)}>
          <Chip size="small" variant="outlined" color={STATUS_COLOR[r.status]} label={t(`sms.status.${r.status}`)} />
        </Tooltip>
      ),
    },
  ];
}
