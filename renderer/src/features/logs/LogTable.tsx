import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<R> {
  key: string;
  label: string;
  render: (row: R) => ReactNode;
  width?: number | string;
  /** Long texts wrap instead of stretching the table. */
  wrap?: boolean;
}

export interface Page<R> {
  total: number;
  list: R[];
}

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * A server-paged list: loads `load(page, pageSize)` whenever the page, its size or `query`
 * (the applied filters) change; a new query goes back to page 1.
 */
export function usePagedList<R, Q>(load: (query: Q, page: number, pageSize: number) => Promise<Page<R>>, query: Q) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [data, setData] = useState<Page<R> | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const lastQuery = useRef(query);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick is how reload() asks for the same page again.
  useEffect(() => {
    if (lastQuery.current !== query) {
      lastQuery.current = query;
      if (page !== 1) {
        setPage(1);
        return;
      }
    }
    let live = true;
    setLoading(true);
    setFailed(false);
    loadRef.current(query, page, pageSize).then(
      (r) => {
        if (!live) return;
        setData(r);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [query, page, pageSize, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { page, setPage, pageSize, setPageSize, data, loading, failed, reload };
}

export function LogTable<R extends { id: number }>(p: {
  columns: Column<R>[];
  list: ReturnType<typeof usePagedList<R, unknown>>;
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { data, loading, failed, page, pageSize } = p.list;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      {failed && (
        <Alert
          severity="warning"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" onClick={p.list.reload}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('logs.loadFailed')}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" data-testid={p.testId}>
          <TableHead>
            <TableRow>
              {p.columns.map((c) => (
                <TableCell key={c.key} sx={{ width: c.width, whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.list.map((row) => (
              <TableRow key={row.id} hover data-testid="log-row">
                {p.columns.map((c) => (
                  <TableCell
                    key={c.key}
                    sx={c.wrap ? { overflowWrap: 'anywhere', minWidth: 160 } : { whiteSpace: 'nowrap' }}
                  >
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {data && data.list.length === 0 && (
              <TableRow>
                <TableCell colSpan={p.columns.length}>
                  <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                    {p.empty}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={Math.max(0, page - 1)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, p0) => p.list.setPage(p0 + 1)}
        onRowsPerPageChange={(e) => {
          p.list.setPageSize(Number(e.target.value));
          p.list.setPage(1);
        }}
        labelRowsPerPage={t('logs.rowsPerPage')}
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
        labelDisplayedRows={({ from, to, count }) => t('logs.displayedRows', { from, to, count })}
      />
    </Paper>
  );
}
