import type { AdminNotice } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import PushPinIcon from '@mui/icons-material/PushPin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListHeader } from '../../components/list/ListHeader';
import { PagedTablePagination } from '../../components/PagedTablePagination';
import { LANGUAGE_NAMES } from '../../i18n/language';
import { cstToZone } from '../../lib/format';
import { markdownPreview } from '../../lib/markdown';
import { useAdminNotices, useDeleteNotices } from '../../queries/notices';
import { NoticeDialog } from './NoticeDialog';

/** Operator → Notices: write, publish, pin and delete the notices users read (docs/notices.md). */
export default function AdminNoticesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const notices = useAdminNotices(page);
  const remove = useDeleteNotices();
  const [editing, setEditing] = useState<AdminNotice | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminNotice | null>(null);
  const list = notices.data?.list ?? [];
  const row = (n: AdminNotice) => (
    <Paper key={n.id} variant="outlined" sx={{ p: 2 }} data-testid={`admin-notice-${n.id}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {n.pinned && <PushPinIcon fontSize="small" color="primary" titleAccess={t('notices.pinned')} />}
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{n.title}</Typography>
            <Chip
              size="small"
              variant="outlined"
              color={n.published ? 'success' : 'default'}
              label={n.published ? t('notices.admin.published') : t('notices.admin.draft')}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {markdownPreview(n.content)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`notices.admin.audiences.${n.audience}`)} ·{' '}
            {n.locale ? LANGUAGE_NAMES[n.locale as keyof typeof LANGUAGE_NAMES] : t('notices.admin.allLanguages')} ·{' '}
            {t('notices.admin.reads', { n: n.reads })}
            {n.publishedTime && ` · ${cstToZone(n.publishedTime)}`}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
          <Button size="small" onClick={() => setEditing(n)} data-testid={`admin-notice-edit-${n.id}`}>
            {t('notices.edit')}
          </Button>
          <Button size="small" color="error" onClick={() => setDeleting(n)}>
            {t('notices.delete')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
  return (
    <Box sx={{ maxWidth: 960 }}>
      <ListHeader
        title={t('notices.menu.adminNotices')}
        subtitle={t('notices.admin.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="notice-add">
            {t('notices.admin.add')}
          </Button>
        }
      />
      {notices.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('notices.admin.empty')}</Typography>
        </Paper>
      ) : (
        <Stack sx={{ gap: 1 }}>{list.map(row)}</Stack>
      )}
      {(notices.data?.total ?? 0) > 20 && (
        <PagedTablePagination
          total={notices.data?.total ?? 0}
          page={page - 1}
          pageSize={20}
          rowsPerPageOptions={[20]}
          onPageChange={(p) => setPage(p + 1)}
          onPageSizeChange={() => setPage(1)}
          compact
        />
      )}
      <NoticeDialog open={editing !== undefined} notice={editing ?? null} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={!!deleting}
        message={t('notices.admin.deleteText', { title: deleting?.title ?? '' })}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ ids: [deleting.id] });
          setDeleting(null);
        }}
      />
    </Box>
  );
}
