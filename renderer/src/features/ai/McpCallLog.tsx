import type { McpCall } from '@facet/shared';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToZone } from '../../lib/format';
import { useMcpCalls } from '../../queries/client-logs';
import { useUserStore } from '../../stores/user';
import { type Column, LogTable, useLogPaging } from '../logs/LogTable';

const NO_FILTER = {};

/** Every call agents made to the MCP server: when, which tool, with what, how it went, how long. */
export function McpCallLog() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const paging = useLogPaging(NO_FILTER);
  const list = useMcpCalls({ page: paging.page, pageSize: paging.pageSize });
  const columns = useMemo<Column<McpCall>[]>(
    () => [
      { key: 'time', label: t('ai.log.time'), render: (r) => isoToZone(r.time, zone) },
      {
        key: 'tool',
        label: t('ai.log.tool'),
        render: (r) => (
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {r.tool}
          </Typography>
        ),
      },
      {
        key: 'args',
        label: t('ai.log.args'),
        wrap: true,
        render: (r) => (
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {r.args || '—'}
          </Typography>
        ),
      },
      {
        key: 'result',
        label: t('ai.log.result'),
        render: (r) => (
          <Tooltip title={r.error ?? ''}>
            <Chip
              size="small"
              variant="outlined"
              color={r.ok ? 'success' : 'error'}
              label={r.ok ? t('ai.log.ok') : t('ai.log.failed')}
            />
          </Tooltip>
        ),
      },
      { key: 'duration', label: t('ai.log.duration'), render: (r) => t('ai.log.ms', { n: r.durationMs }) },
    ],
    [t, zone],
  );
  return <LogTable columns={columns} list={list} paging={paging} empty={t('ai.log.empty')} testId="mcp-call-log" />;
}
