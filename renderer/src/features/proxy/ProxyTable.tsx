import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable, type ListTableProps } from '../../components/list/ListTable';
import { usePermission } from '../../components/PermissionGate';
import { countryName } from '../../components/proxy';
import { CheckCell } from './CheckCell';
import { type ProxyRowAction, ProxyRowActions } from './ProxyRowActions';
import { RemarkCell } from './RemarkCell';
import type { SavedProxy } from './types';

type Passed = 'rows' | 'loading' | 'loaded' | 'error' | 'empty' | 'selection' | 'paging';

export interface ProxyTableProps extends Pick<ListTableProps<SavedProxy>, Passed> {
  /** Proxies being checked now, and whether any check runs. */
  checking: ReadonlySet<number>;
  checkRunning: boolean;
  onInfo: (proxy: SavedProxy) => void;
  onAction: (action: ProxyRowAction, proxy: SavedProxy) => void;
}

/** The saved proxies: address, user, exit IP and country, last check, remark, bound profiles, actions. */
export function ProxyTable({ checking, checkRunning, onInfo, onAction, ...list }: ProxyTableProps) {
  const { t, i18n } = useTranslation();
  const canUpdate = usePermission(['proxy:update']);
  const columns: ListColumn<SavedProxy>[] = [
    {
      key: 'address',
      label: `${t('proxy.columns.type')} / ${t('proxy.columns.address')}`,
      sx: { whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: 13 },
      render: (r) => (
        <>
          <Chip
            size="small"
            variant="outlined"
            label={r.proxyAgreementType.toUpperCase()}
            sx={{ mr: 1, fontFamily: 'body1.fontFamily', height: 22, fontSize: 11 }}
          />
          <Link
            component="button"
            underline="hover"
            onClick={() => onInfo(r)}
            sx={{ fontFamily: 'inherit', fontSize: 'inherit', textAlign: 'left' }}
          >
            {r.host}:{r.port}
          </Link>
        </>
      ),
    },
    {
      key: 'user',
      label: t('proxy.columns.user'),
      headSx: { display: { xs: 'none', lg: 'table-cell' } },
      sx: { display: { xs: 'none', lg: 'table-cell' }, overflowWrap: 'anywhere', maxWidth: 180 },
      render: (r) => r.proxyUserName || '—',
    },
    {
      key: 'exit',
      label: `${t('proxy.columns.exitIp')} / ${t('proxy.columns.country')}`,
      sx: { whiteSpace: 'nowrap' },
      render: (r) => (
        <>
          <Box data-testid="exit-ip" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
            {r.exitIp || '—'}
          </Box>
          {r.country && (
            <Typography variant="caption" color="text.secondary" data-testid="exit-country">
              {countryName(r.country, i18n.language)}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'check',
      label: t('proxy.columns.lastCheck'),
      render: (r) => <CheckCell proxy={r} checking={checking.has(r.id)} />,
    },
    {
      key: 'remark',
      label: t('proxy.columns.remark'),
      sx: { maxWidth: 240 },
      render: (r) => <RemarkCell key={r.remark} id={r.id} remark={r.remark} editable={canUpdate} />,
    },
    {
      key: 'bound',
      label: t('proxy.columns.bound'),
      align: 'right',
      render: (r) => (
        <Link
          component="button"
          underline="hover"
          onClick={() => onInfo(r)}
          aria-label={t('proxy.columns.boundLabel', { count: r.boundCount })}
          data-testid="bound-count"
        >
          {r.boundCount}
        </Link>
      ),
    },
    {
      key: 'actions',
      label: t('proxy.columns.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (r) => <ProxyRowActions checkDisabled={checkRunning} onAction={(a) => onAction(a, r)} />,
    },
  ];
  return (
    <ListTable
      {...list}
      testId="proxy-table"
      rowTestId="proxy-row"
      stickyHeader
      containerSx={{ maxHeight: 'calc(100vh - 330px)', minHeight: 200 }}
      columns={columns}
    />
  );
}
