import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { usePermission } from '../../components/PermissionGate';
import { cstToZone } from '../../lib/format';
import { type PhonePower, usePowerTab } from '../../queries/phones';
import { useUserStore } from '../../stores/user';
import { daysLeft } from './phone-state';

/** The computing power bought: region, Android, package, expiry, and its environment or "free". */
export function PowerTable(p: {
  selected: Map<number, PhonePower>;
  onSelected: (m: Map<number, PhonePower>) => void;
  onCreate: (power: PhonePower) => void;
  onRenew: (powers: PhonePower[]) => void;
}) {
  const { t } = useTranslation();
  const zone = useUserStore((s) => s.timezone);
  const canCreate = usePermission(['phone:create']);
  const canPay = usePermission(['billing:pay']);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const tab = usePowerTab({ page: page + 1, pageSize });
  const expiry = (x: PhonePower) => (
    <Stack sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {x.expireTime ? cstToZone(x.expireTime, zone).slice(0, 16) : '—'}
      </Typography>
      <Typography variant="caption" color={x.expired ? 'warning.main' : 'text.secondary'}>
        {x.expired ? t('phone.state.expired') : t('phone.daysLeft', { count: daysLeft(x.expireTime) ?? 0 })}
      </Typography>
    </Stack>
  );
  const env = (x: PhonePower) =>
    x.envId ? (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {x.envName}
      </Typography>
    ) : (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Chip size="small" label={t('phone.power.freeSlot')} />
        {canCreate && !x.expired && (
          <Button size="small" onClick={() => p.onCreate(x)} data-testid="power-create">
            {t('phone.power.create')}
          </Button>
        )}
      </Stack>
    );
  const columns: ListColumn<PhonePower>[] = [
    phoneSummary(t('phone.power.col.power'), (x) => (
      <Stack sx={{ gap: 0.5 }}>
        <Typography variant="body2">
          {x.region} · Android {x.androidVersion} · {x.trial ? t('phone.trialMark') : x.packageName}
        </Typography>
        {expiry(x)}
        {env(x)}
      </Stack>
    )),
    wide({ key: 'region', label: t('phone.col.region'), render: (x) => x.region }),
    wide({ key: 'android', label: 'Android', render: (x) => x.androidVersion }),
    wide({
      key: 'package',
      label: t('phone.power.col.package'),
      render: (x) => (x.trial ? <Chip size="small" label={t('phone.trialMark')} /> : x.packageName),
    }),
    wide({ key: 'expiry', label: t('phone.col.expiry'), render: expiry }),
    wide({ key: 'env', label: t('phone.power.col.environment'), render: env }),
    {
      key: 'renew',
      label: '',
      align: 'right',
      render: (x) =>
        canPay && (
          <Button size="small" onClick={() => p.onRenew([x])} data-testid="power-renew">
            {t('phone.action.renew')}
          </Button>
        ),
    },
  ];
  return (
    <ListTable
      testId="power-table"
      rowTestId={(x) => `power-row-${x.id}`}
      columns={columns}
      rows={tab.data?.list ?? []}
      loading={tab.isFetching}
      loaded={!!tab.data}
      error={tab.isError ? { text: t('phone.loadFailed'), onRetry: () => void tab.refetch() } : null}
      empty={t('phone.power.empty')}
      tableSx={tableWidth(900)}
      selection={{
        selected: p.selected,
        onChange: p.onSelected,
        pageLabel: t('phone.selectPage'),
        rowLabel: (x) => `${x.region} ${x.id}`,
      }}
      paging={{
        total: tab.data?.total ?? 0,
        page,
        pageSize,
        onPageChange: setPage,
        onPageSizeChange: setPageSize,
        compact: true,
      }}
    />
  );
}
