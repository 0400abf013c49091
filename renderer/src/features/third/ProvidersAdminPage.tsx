import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { phoneSummary, tableWidth, wide } from '../../components/list/responsive-columns';
import { useAdminThirdProviders, useDeleteThirdProvider } from '../../queries/third';
import { notifySuccess } from '../../stores/notice';
import { type AdminProvider, ProviderDialog } from './ProviderDialog';

/** Operator → Sign-in providers: the OpenID Connect providers users may sign in with (docs/accounts.md). */
export default function ProvidersAdminPage() {
  const { t } = useTranslation();
  const providers = useAdminThirdProviders();
  const remove = useDeleteThirdProvider();
  const [editing, setEditing] = useState<AdminProvider | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminProvider | null>(null);
  const status = (p: AdminProvider) => (
    <Chip
      size="small"
      color={p.enabled ? 'success' : 'default'}
      label={p.enabled ? t('third.admin.on') : t('third.admin.off')}
    />
  );
  const columns: ListColumn<AdminProvider>[] = [
    phoneSummary(t('third.admin.name'), (p) => (
      <Box sx={{ minWidth: 0 }}>
        <strong>{p.name}</strong> {status(p)}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {p.issuer}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('third.admin.boundCount', { n: p.boundCount })}
        </Typography>
      </Box>
    )),
    wide({ key: 'name', label: t('third.admin.name'), render: (p) => <strong>{p.name}</strong> }),
    wide({
      key: 'issuer',
      label: t('third.admin.issuer'),
      render: (p) => <Box sx={{ overflowWrap: 'anywhere' }}>{p.issuer}</Box>,
    }),
    wide({ key: 'clientId', label: t('third.admin.clientId'), render: (p) => p.clientId }),
    wide({ key: 'bound', label: t('third.admin.bound'), align: 'right', render: (p) => p.boundCount }),
    wide({ key: 'enabled', label: t('third.admin.enabled'), render: status }),
    {
      key: 'actions',
      label: t('third.admin.actions'),
      align: 'right',
      render: (p) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={t('third.admin.edit')}>
            <IconButton
              size="small"
              aria-label={t('third.admin.editTitle', { name: p.name })}
              onClick={() => setEditing(p)}
            >
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('third.admin.delete')}>
            <IconButton
              size="small"
              aria-label={t('third.admin.deleteNamed', { name: p.name })}
              onClick={() => setDeleting(p)}
            >
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  ];
  const confirmDelete = async () => {
    const p = deleting;
    setDeleting(null);
    if (!p) return;
    await remove.mutateAsync({ id: p.id });
    notifySuccess(t('third.admin.deleted', { name: p.name }));
  };
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <ListHeader
        title={t('third.menu.admin')}
        subtitle={t('third.admin.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing(null)}
            data-testid="provider-create"
          >
            {t('third.admin.create')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ListTable
          testId="admin-third-providers"
          rowTestId={(p) => `provider-${p.id}`}
          tableSx={tableWidth(720)}
          columns={columns}
          rows={providers.data ?? []}
          loading={providers.isFetching}
          loaded={!!providers.data}
          error={
            providers.isError ? { text: t('third.admin.loadFailed'), onRetry: () => void providers.refetch() } : null
          }
          empty={t('third.admin.empty')}
        />
      </Paper>
      <ProviderDialog open={editing !== undefined} provider={editing ?? null} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={!!deleting}
        message={deleting ? t('third.admin.deleteConfirm', { name: deleting.name, n: deleting.boundCount }) : ''}
        confirmLabel={t('third.admin.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete().catch(() => undefined)}
      />
    </Box>
  );
}
