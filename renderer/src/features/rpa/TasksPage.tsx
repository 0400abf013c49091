import { RPA_STATUSES, type RpaStatus, type RpaTask } from '@facet/shared';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ListHeader } from '../../components/list/ListHeader';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { usePermission } from '../../components/PermissionGate';
import { useCancelRpaTask, useDeleteRpaTask, useRpaTaskList } from '../../queries/rpa';
import { ConfirmDelete } from './ConfirmDelete';
import { StatusChip } from './StatusChip';
import { useScheduleText } from './schedule-text';
import { TaskProgress } from './TaskProgress';

/** RPA → tasks: each task's progress (refreshed while it runs), cancel, delete, its runs. */
export default function TasksPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canRun = usePermission(['rpa:run']);
  const scheduleText = useScheduleText();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [status, setStatus] = useState<RpaStatus | ''>('');
  const [deleting, setDeleting] = useState<RpaTask | null>(null);
  const list = useRpaTaskList({ page: page + 1, pageSize, ...(status ? { status } : {}) });
  const cancel = useCancelRpaTask();
  const remove = useDeleteRpaTask();

  const columns: ListColumn<RpaTask>[] = [
    {
      key: 'name',
      label: t('rpa.tasks.name'),
      sx: { overflowWrap: 'anywhere', maxWidth: 260 },
      render: (r) => (
        <>
          <Link component={RouterLink} to={`/rpa/tasks/${r.id}`} data-testid="task-link">
            {r.name || r.flowName}
          </Link>
          <Typography variant="caption" color="text.secondary" component="div">
            {scheduleText(r)}
          </Typography>
          <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
            <StatusChip status={r.status} />
          </Box>
        </>
      ),
    },
    {
      key: 'status',
      label: t('rpa.tasks.status'),
      headSx: { display: { xs: 'none', sm: 'table-cell' } },
      sx: { display: { xs: 'none', sm: 'table-cell' } },
      render: (r) => <StatusChip status={r.status} />,
    },
    { key: 'progress', label: t('rpa.tasks.progressTitle'), render: (r) => <TaskProgress counts={r.counts} /> },
    {
      key: 'flow',
      label: t('rpa.tasks.flow'),
      headSx: { display: { xs: 'none', md: 'table-cell' } },
      sx: { display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' },
      render: (r) => r.flowName,
    },
    {
      key: 'actions',
      label: t('rpa.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (r) =>
        canRun && (
          <>
            <IconButton
              size="small"
              aria-label={t('rpa.tasks.cancel')}
              title={t('rpa.tasks.cancel')}
              data-testid="task-cancel"
              disabled={!!r.finishedAt || cancel.isPending}
              onClick={() => cancel.mutate({ id: r.id, body: {} })}
            >
              <CancelIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('rpa.delete')}
              title={t('rpa.delete')}
              data-testid="task-delete"
              onClick={() => setDeleting(r)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </>
        ),
    },
  ];

  return (
    <Box sx={{ minWidth: 0 }}>
      <ListHeader
        title={t('rpa.tasks.title')}
        subtitle={t('rpa.tasks.subtitle')}
        actions={
          canRun && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => navigate('/rpa/tasks/create')}
              data-testid="task-create"
            >
              {t('rpa.tasks.create')}
            </Button>
          )
        }
      />
      <Stack direction="row" sx={{ mb: 1 }}>
        <TextField
          select
          size="small"
          label={t('rpa.tasks.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as RpaStatus | '');
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('rpa.tasks.allStatuses')}</MenuItem>
          {RPA_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`rpa.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ListTable
        testId="task-table"
        rowTestId="task-row"
        columns={columns}
        rows={list.data?.list ?? []}
        loading={list.isFetching && !list.data}
        loaded={!list.isPending}
        error={list.isError ? { text: t('rpa.tasks.loadFailed'), onRetry: () => void list.refetch() } : null}
        empty={t('rpa.tasks.empty')}
        paging={{
          compact: true,
          total: list.data?.total ?? 0,
          page,
          pageSize,
          onPageChange: setPage,
          onPageSizeChange: (s) => {
            setPageSize(s);
            setPage(0);
          },
        }}
      />
      {deleting && (
        <ConfirmDelete
          text={t('rpa.tasks.confirmDelete', { name: deleting.name || deleting.flowName })}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutateAsync({ id: deleting.id })}
        />
      )}
    </Box>
  );
}
