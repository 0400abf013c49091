import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editColumn } from '../../components/list/EditColumn';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { useMoney } from '../../components/money';
import { useAdminPhonePackages } from '../../queries/phone-admin';
import { type AdminPhonePackage, PackageDialog } from './PackageDialog';

/**
 * Operator → Phone packages: what users buy, per region and Android version, for how many days and
 * at what price; a package sells only while a device of its region and version is free.
 */
export default function PackagesPage() {
  const { t } = useTranslation();
  const { money, base } = useMoney();
  const packages = useAdminPhonePackages();
  const [editing, setEditing] = useState<AdminPhonePackage | null | undefined>(undefined);
  const rows = packages.data ?? [];

  const onSale = (p: AdminPhonePackage) => (
    <Chip
      size="small"
      variant="outlined"
      color={p.enabled ? 'success' : 'default'}
      label={p.enabled ? t('phoneAdmin.on') : t('phoneAdmin.off')}
    />
  );
  const free = (p: AdminPhonePackage) => t('phoneAdmin.packages.free', { count: p.available });
  const days = (p: AdminPhonePackage) => t('phoneAdmin.packages.dayCount', { count: p.days });
  const columns: ListColumn<AdminPhonePackage>[] = [
    phoneSummary(t('phoneAdmin.packages.name'), (p) => (
      <Box>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {p.name}
          </Typography>
          {onSale(p)}
        </Stack>
        <Typography variant="body2">
          {money(p.price)} · {days(p)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {p.region} · Android {p.androidVersion} · {free(p)} · {t('phoneAdmin.sort')} {p.sort}
        </Typography>
      </Box>
    )),
    wide({ key: 'name', label: t('phoneAdmin.packages.name'), render: (p) => <strong>{p.name}</strong> }),
    wide({ key: 'region', label: t('phoneAdmin.region'), render: (p) => p.region }),
    wide({ key: 'android', label: t('phoneAdmin.androidVersion'), render: (p) => p.androidVersion }),
    wide({ key: 'days', label: t('phoneAdmin.packages.days'), align: 'right', render: (p) => p.days }),
    wide({
      key: 'price',
      label: t('phoneAdmin.packages.price', { currency: base }),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (p) => money(p.price),
    }),
    wide({ key: 'free', label: t('phoneAdmin.packages.freeDevices'), sx: { whiteSpace: 'nowrap' }, render: free }),
    wide({ key: 'enabled', label: t('phoneAdmin.packages.onSale'), render: onSale }),
    wide({ key: 'sort', label: t('phoneAdmin.sort'), align: 'right', render: (p) => p.sort }),
    editColumn(
      {
        label: t('phoneAdmin.actions'),
        edit: t('phoneAdmin.edit'),
        editNamed: (p) => t('phoneAdmin.editNamed', { name: p.name }),
      },
      setEditing,
    ),
  ];

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <ListHeader
        title={t('phoneAdmin.menu.packages')}
        subtitle={t('phoneAdmin.packages.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!base}
            onClick={() => setEditing(null)}
            data-testid="package-create"
          >
            {t('phoneAdmin.packages.create')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ListTable
          testId="admin-phone-packages"
          rowTestId={(p) => `package-${p.name}`}
          tableSx={tableWidth(900)}
          columns={columns}
          rows={rows}
          loading={packages.isFetching}
          loaded={!!packages.data}
          error={packages.isError ? { text: t('phoneAdmin.loadFailed'), onRetry: () => void packages.refetch() } : null}
          empty={t('phoneAdmin.packages.empty')}
        />
      </Paper>
      <PackageDialog
        open={editing !== undefined}
        pkg={editing ?? null}
        base={base}
        nextSort={Math.max(0, ...rows.map((p) => p.sort)) + 10}
        onClose={() => setEditing(undefined)}
      />
    </Box>
  );
}
