import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { ListTable } from '../../components/list/ListTable';
import { useListSearch } from '../../components/list/ListToolbar';
import { tableWidth } from '../../components/list/responsive-columns';
import { PermissionGate, usePermission } from '../../components/PermissionGate';
import { type Phone, usePhoneList, usePowerRemind } from '../../queries/phones';
import { useUserStore } from '../../stores/user';
import { ClientHelp } from '../browser/ClientHelp';
import { BankDialog } from '../cost/BankDialog';
import { usePaymentOutcome } from '../cost/payment-outcome';
import type { BatchAction } from './BatchMenu';
import { CloseAllPhonesButton } from './CloseAllPhonesButton';
import { type PhoneDialog, PhoneDialogs } from './PhoneDialogs';
import { NO_FILTERS, type PhoneFilters, PhoneToolbar } from './PhoneToolbar';
import { phoneColumns } from './phone-columns';
import { isSettingUp } from './phone-state';
import { TrialBanner } from './TrialBanner';
import { usePhoneActions } from './use-phone-actions';

const PAGE_SIZES = [20, 50, 100];
/** How often the list is read while an environment is being set up or reset. */
const SETUP_POLL_MS = 2000;

/**
 * Cloud phones (/environment, docs/phones.md): the environments with their state, device, expiry
 * and proxy; open and close, edit, renew, new machine, sharing, who may open, enable, binding and
 * delete per row, batch changes on the selection, buying and the trial.
 */
export default function PhonePage() {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [name, setName] = useState('');
  const [filters, setFilters] = useState<PhoneFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<Map<number, Phone>>(new Map());
  const [dialog, setDialog] = useState<PhoneDialog | null>(null);
  const [search, setSearch] = useListSearch((q) => {
    setName(q);
    setPage(0);
  });
  const remindDays = usePowerRemind(usePermission(['billing:view'])).data?.remindDays ?? 7;
  // Read every 2 s while any row is being created or reset, until none is.
  const [poll, setPoll] = useState(false);
  // The list's filters: what it shows, and what the export takes when nothing is selected.
  const shown = {
    ...(name ? { name } : {}),
    ...(filters.state ? { state: filters.state as Phone['state'] } : {}),
    ...(filters.region ? { region: filters.region } : {}),
    ...(filters.group ? { groupId: filters.group === 'none' ? 0 : Number(filters.group) } : {}),
    ...(filters.mostCommon ? { mostCommon: true } : {}),
    ...(filters.expiring ? { expiringDays: remindDays } : {}),
    sortBy: filters.sortBy,
    order: filters.order,
  };
  const list = usePhoneList({ page: page + 1, pageSize, ...shown }, poll ? SETUP_POLL_MS : false);
  const rows = list.data?.list ?? [];
  const settingUp = isSettingUp(rows.map((r) => r.state));
  useEffect(() => setPoll(settingUp), [settingUp]);
  const outcome = usePaymentOutcome();
  const actions = usePhoneActions(setDialog);
  const selectedList = [...selected.values()];
  const onBatch = (a: BatchAction) => {
    if (a === 'star' || a === 'unstar') void actions.star(selectedList, a === 'star');
    else if (a === 'enable' || a === 'disable') void actions.enable(selectedList, a === 'enable');
    else setDialog({ kind: a, phones: selectedList });
  };

  return (
    <Box>
      <ListHeader
        title={t('phone.title')}
        subtitle={t('phone.subtitle')}
        actions={
          <>
            <CloseAllPhonesButton />
            <PermissionGate codes={['billing:pay']}>
              <Button
                variant="contained"
                startIcon={<AddShoppingCartIcon />}
                onClick={() => setDialog({ kind: 'buy' })}
                data-testid="phone-buy"
              >
                {t('phone.buy.button')}
              </Button>
            </PermissionGate>
          </>
        }
      />
      {actions.clientHelp && (
        <Box sx={{ mb: 2 }}>
          <ClientHelp onClose={actions.hideClientHelp} />
        </Box>
      )}
      <TrialBanner />
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <PhoneToolbar
          search={search}
          onSearch={setSearch}
          filters={filters}
          onFilters={(f) => {
            setFilters(f);
            setPage(0);
          }}
          remindDays={remindDays}
          selected={selected.size}
          onBatch={onBatch}
          exportQuery={selected.size ? { ids: [...selected.keys()] } : shown}
        />
        <ListTable
          testId="phone-table"
          rowTestId={(r) => `phone-row-${r.name}`}
          columns={phoneColumns({
            t,
            zone,
            busyId: actions.busyId,
            onStar: (p) => void actions.star([p], !p.mostCommon),
            onAction: actions.run,
          })}
          rows={rows}
          loading={list.isFetching}
          loaded={!!list.data}
          error={list.isError ? { text: t('phone.loadFailed'), onRetry: () => void list.refetch() } : null}
          empty={name || filters !== NO_FILTERS ? t('phone.noMatch') : t('phone.empty')}
          tableSx={tableWidth(900)}
          selection={{
            selected,
            onChange: setSelected,
            pageLabel: t('phone.selectPage'),
            rowLabel: (r) => r.name,
          }}
          paging={{
            total: list.data?.total ?? 0,
            page,
            pageSize,
            onPageChange: setPage,
            onPageSizeChange: setPageSize,
            rowsPerPageOptions: PAGE_SIZES,
          }}
        />
      </Paper>
      <PhoneDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        onDeleted={() => {
          setSelected(new Map());
          setPage(0);
        }}
        onPaid={outcome.handle}
      />
      <BankDialog transfer={outcome.bank} onClose={outcome.closeBank} />
    </Box>
  );
}
