import type { Extension, ProfileSummary } from '@facet/shared';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTablePagination } from '../../components/PagedTablePagination';
import { usePermission } from '../../components/PermissionGate';
import { useAssignExtensions, useExtensionProfiles } from '../../queries/extensions';
import { notifySuccess } from '../../stores/notice';
import { profileGroupLabel, useDefaultGroupId } from '../groups/use-default-group';
import { toggleOne, togglePage } from '../recycle/selection';
import { ExtensionAvatar } from './ExtensionAvatar';

const PAGE_SIZES = [10, 20, 50, 100];

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

  const pageIds = rows?.map((r) => r.id) ?? [];
  const onPage = pageIds.filter((id) => selected.has(id)).length;
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
        <Box sx={{ height: 4 }}>{read.isFetching && <LinearProgress />}</Box>
        <TableContainer sx={{ maxHeight: 360 }}>
          <Table size="small" stickyHeader data-testid="extension-profiles">
            <TableHead>
              <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                {canRemove && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={pageIds.length > 0 && onPage === pageIds.length}
                      indeterminate={onPage > 0 && onPage < pageIds.length}
                      onChange={() => setSelected((s) => togglePage(s, pageIds))}
                      disabled={!pageIds.length}
                      slotProps={{ input: { 'aria-label': t('groups.profiles.selectPage') } }}
                    />
                  </TableCell>
                )}
                <TableCell>{t('groups.profiles.serial')}</TableCell>
                <TableCell>{t('groups.profiles.name')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('groups.profiles.group')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('groups.profiles.remark')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows?.map((r) => (
                <TableRow
                  key={r.id}
                  hover
                  selected={selected.has(r.id)}
                  onClick={canRemove ? () => setSelected((s) => toggleOne(s, r.id)) : undefined}
                  sx={canRemove ? { cursor: 'pointer' } : undefined}
                  data-testid="extension-profile-row"
                >
                  {canRemove && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={selected.has(r.id)}
                        slotProps={{ input: { 'aria-label': r.name } }}
                      />
                    </TableCell>
                  )}
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{r.serialNumber}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.name}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, overflowWrap: 'anywhere' }}>
                    {profileGroupLabel(r, defaultGroupId, t)}
                  </TableCell>
                  <TableCell
                    sx={{ display: { xs: 'none', md: 'table-cell' }, maxWidth: 240, overflowWrap: 'anywhere' }}
                  >
                    {r.remark}
                  </TableCell>
                </TableRow>
              ))}
              {rows?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography color="text.secondary" variant="body2" sx={{ py: 3, textAlign: 'center' }}>
                      {t('extensions.profiles.empty')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <PagedTablePagination
          compact
          total={total}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
          rowsPerPageOptions={PAGE_SIZES}
          labelRowsPerPage={t('groups.profiles.perPage')}
          labelDisplayedRows={({ from, to, count }) => t('groups.profiles.range', { from, to, count })}
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
