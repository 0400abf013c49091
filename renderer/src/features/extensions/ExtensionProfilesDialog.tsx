import type { Extension, ProfileSummary } from '@facet/shared';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { usePermission } from '../../components/PermissionGate';
import { useAssignExtensions, useExtensionProfiles } from '../../queries/extensions';
import { notifySuccess } from '../../stores/notice';
import { profileGroupLabel, useDefaultGroupId } from '../groups/use-default-group';
import { ExtensionAvatar } from './ExtensionAvatar';

export interface ExtensionProfilesDialogProps {
  extension: Extension;
  onClose: () => void;
}

/**
 * The profiles that load an extension (extensionProfiles, server-paged); with browser:update
 * the ticked ones can stop loading it (extensionAssign, mode remove).
 */
export function ExtensionProfilesDialog(p: ExtensionProfilesDialogProps) {
  const { t } = useTranslation();
  const canRemove = usePermission(['browser:update']);
  const ext = p.extension;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const defaultGroupId = useDefaultGroupId();
  const read = useExtensionProfiles({ extendId: ext.id, page: page + 1, pageSize });
  const assign = useAssignExtensions();
  // A failed read shows as no profiles: the transport has told why.
  const rows: ProfileSummary[] | null = read.isError ? [] : (read.data?.list ?? null);
  const total = read.data?.total ?? 0;

  // Profiles taken off can leave this page past the end.
  useEffect(() => {
    if (!read.data) return;
    const last = Math.max(0, Math.ceil(read.data.total / pageSize) - 1);
    if (page > last) setPage(last);
  }, [read.data, page, pageSize]);

  const remove = async () => {
    try {
      const r = await assign.mutateAsync({ browserIds: [...selected], extendIds: [ext.id], mode: 'remove' });
      notifySuccess(t('extensions.profiles.removed', { name: ext.name, count: r.count }));
      setSelected(new Set());
    } catch {
      // The client showed the server's notice.
    }
  };

  const columns: ListColumn<ProfileSummary>[] = [
    {
      key: 'serial',
      label: t('groups.profiles.serial'),
      sx: { fontVariantNumeric: 'tabular-nums' },
      render: (r) => r.serialNumber,
    },
    { key: 'name', label: t('groups.profiles.name'), sx: { overflowWrap: 'anywhere' }, render: (r) => r.name },
    {
      key: 'group',
      label: t('groups.profiles.group'),
      headSx: { display: { xs: 'none', sm: 'table-cell' } },
      sx: { display: { xs: 'none', sm: 'table-cell' }, overflowWrap: 'anywhere' },
      render: (r) => profileGroupLabel(r, defaultGroupId, t),
    },
    {
      key: 'remark',
      label: t('groups.profiles.remark'),
      headSx: { display: { xs: 'none', md: 'table-cell' } },
      sx: { display: { xs: 'none', md: 'table-cell' }, maxWidth: 240, overflowWrap: 'anywhere' },
      render: (r) => r.remark,
    },
  ];
  return (
    <Dialog open onClose={p.onClose} fullWidth maxWidth="md">
      <DialogTitle
        sx={{
          pr: 6,
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1.5,
          minWidth: 0,
          fontSize: { xs: '1.05rem', sm: '1.25rem' },
        }}
      >
        <ExtensionAvatar icon={ext.icon} size={28} />
        <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {t('extensions.profiles.title', { name: ext.name, version: ext.version })}
        </Box>
        <IconButton
          aria-label={t('common.close')}
          onClick={p.onClose}
          size="small"
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ minHeight: 280 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('extensions.profiles.hint', { count: total })}
        </Typography>
        <ListTable
          testId="extension-profiles"
          rowTestId="extension-profile-row"
          stickyHeader
          containerSx={{ maxHeight: 360 }}
          columns={columns}
          rows={rows ?? []}
          loading={read.isFetching}
          loaded={rows !== null}
          empty={t('extensions.profiles.empty')}
          selection={
            canRemove
              ? {
                  selectedIds: selected,
                  onChangeIds: setSelected,
                  rowClick: true,
                  pageLabel: t('groups.profiles.selectPage'),
                  rowLabel: (r) => r.name,
                }
              : undefined
          }
          paging={{
            compact: true,
            total,
            page,
            pageSize,
            onPageChange: setPage,
            onPageSizeChange: setPageSize,
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button color="inherit" onClick={p.onClose}>
          {t('common.close')}
        </Button>
        {canRemove && (
          <Button
            variant="contained"
            color="error"
            onClick={() => void remove()}
            loading={assign.isPending}
            disabled={selected.size === 0}
            data-testid="extension-profiles-remove"
          >
            {t('extensions.profiles.remove', { count: selected.size })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
