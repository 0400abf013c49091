import type { Notice } from '@facet/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../components/list/ListHeader';
import { PagedTablePagination } from '../../components/PagedTablePagination';
import { useNotices, useReadNotices } from '../../queries/notices';
import { NoticeItem } from './NoticeItem';
import { SupportButton } from './SupportButton';

const PAGE_SIZE = 10;

/** Message notification: the operator's notices, pinned first, unread in bold until opened. */
export default function NoticesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const notices = useNotices(page, pageSize);
  const read = useReadNotices();
  const list = notices.data?.list ?? [];
  const unread = notices.data?.unread ?? 0;
  const open = (n: Notice) => read.mutate({ ids: [n.id] });
  const readAll = () => {
    const ids = list.filter((n) => !n.read).map((n) => n.id);
    if (ids.length) read.mutate({ ids });
  };
  return (
    <Box sx={{ maxWidth: 880 }}>
      <ListHeader
        title={t('notices.title')}
        subtitle={t('notices.subtitle', { n: unread })}
        actions={
          <>
            <Box sx={{ display: { xs: 'flex', sm: 'none' } }}>
              <SupportButton testId="notices-support-button" />
            </Box>
            <Button
              onClick={readAll}
              disabled={!list.some((n) => !n.read) || read.isPending}
              data-testid="notices-read-page"
            >
              {t('notices.markPageRead')}
            </Button>
          </>
        }
      />
      {notices.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary" data-testid="notices-empty">
            {t('notices.empty')}
          </Typography>
        </Paper>
      ) : (
        <Stack sx={{ gap: 1 }} data-testid="notices-list">
          {list.map((n) => (
            <NoticeItem key={n.id} notice={n} onOpen={open} />
          ))}
        </Stack>
      )}
      {(notices.data?.total ?? 0) > PAGE_SIZE && (
        <PagedTablePagination
          total={notices.data?.total ?? 0}
          page={page - 1}
          pageSize={pageSize}
          onPageChange={(p) => setPage(p + 1)}
          onPageSizeChange={(s) => {
            setPageSize(s);
            setPage(1);
          }}
          compact
        />
      )}
    </Box>
  );
}
