import Paper from '@mui/material/Paper';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, type ListSelection, ListTable } from '../../components/list/ListTable';

export interface Column<R> {
  key: string;
  label: string;
  render: (row: R) => ReactNode;
  /** Long texts wrap instead of stretching the table. */
  wrap?: boolean;
}

export interface Page<R> {
  total: number;
  list: R[];
}

/** The page (1-based) and its size of a server-paged log; a new query (the applied filters) goes back to page 1. */
export function useLogPaging(query: unknown) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [asked, setAsked] = useState(query);
  if (asked !== query) {
    setAsked(query);
    setPage(1);
  }
  return { page, setPage, pageSize, setPageSize };
}
export type LogPaging = ReturnType<typeof useLogPaging>;

/** A log's table: the columns, the paging footer, loading, failure and empty written by ListTable. */
export function LogTable<R extends { id: number }>(p: {
  columns: Column<R>[];
  list: UseQueryResult<Page<R>>;
  paging: LogPaging;
  empty: string;
  testId: string;
  /** Rows ticked for an action (the client's log: delete chosen entries). */
  selection?: ListSelection<R>;
}) {
  const { t } = useTranslation();
  const { list, paging } = p;
  const columns: ListColumn<R>[] = p.columns.map((c) => ({
    key: c.key,
    label: c.label,
    render: c.render,
    headSx: { fontWeight: 600 },
    sx: c.wrap ? { overflowWrap: 'anywhere', minWidth: 160 } : { whiteSpace: 'nowrap' },
  }));
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <ListTable
        testId={p.testId}
        selection={p.selection}
        rowTestId="log-row"
        columns={columns}
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        loaded={!!list.data}
        error={list.isError ? { text: t('logs.loadFailed'), onRetry: () => void list.refetch() } : null}
        empty={p.empty}
        paging={{
          total: list.data?.total ?? 0,
          page: Math.max(0, paging.page - 1),
          pageSize: paging.pageSize,
          onPageChange: (n) => paging.setPage(n + 1),
          onPageSizeChange: paging.setPageSize,
          labelRowsPerPage: t('logs.rowsPerPage'),
          compact: true,
          sx: { '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } },
          labelDisplayedRows: ({ from, to, count }) => t('logs.displayedRows', { from, to, count }),
        }}
      />
    </Paper>
  );
}
