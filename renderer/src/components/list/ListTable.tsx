import type { SxProps, Theme } from '@mui/material';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type RowSelection, togglePageRows, toggleRow } from '../../lib/row-selection';
import { PagedTablePagination, type PagedTablePaginationProps } from '../PagedTablePagination';

export interface ListColumn<R> {
  key: string;
  label: ReactNode;
  render: (row: R) => ReactNode;
  align?: 'left' | 'right';
  /** Styles of the header cell (e.g. hidden below a breakpoint). */
  headSx?: SxProps<Theme>;
  /** Styles of the column's body cells. */
  sx?: SxProps<Theme>;
}

interface SelectionLabels<R> {
  /** The accessible names of the header checkbox and of a row's checkbox. */
  pageLabel: string;
  rowLabel: (row: R) => string;
  size?: 'small' | 'medium';
  /** A click anywhere on the row ticks it (pickers). */
  rowClick?: boolean;
}

/**
 * The selection, kept across pages: the selected rows by id (see lib/row-selection) where the
 * screen needs the rows, or only their ids (a picker).
 */
export type ListSelection<R extends { id: number | string }> = SelectionLabels<R> &
  (
    | { selected: RowSelection<R>; onChange: (next: Map<R['id'], R>) => void }
    | { selectedIds: ReadonlySet<R['id']>; onChangeIds: (next: Set<R['id']>) => void }
  );

/** Ticking a row or the whole page, the same for either kind of selection. */
function selectionOps<R extends { id: number | string }>(sel: ListSelection<R>) {
  if ('selected' in sel)
    return {
      has: (r: R) => sel.selected.has(r.id),
      toggle: (r: R) => sel.onChange(toggleRow(sel.selected, r)),
      togglePage: (rows: readonly R[]) => sel.onChange(togglePageRows(sel.selected, rows)),
    };
  const ids = sel.selectedIds;
  return {
    has: (r: R) => ids.has(r.id),
    toggle: (r: R) => {
      const next = new Set(ids);
      if (!next.delete(r.id)) next.add(r.id);
      sel.onChangeIds(next);
    },
    togglePage: (rows: readonly R[]) => {
      const next = new Set(ids);
      if (rows.every((r) => ids.has(r.id))) for (const r of rows) next.delete(r.id);
      else for (const r of rows) next.add(r.id);
      sel.onChangeIds(next);
    },
  };
}

export interface ListTableProps<R extends { id: number | string }> {
  columns: readonly ListColumn<R>[];
  rows: readonly R[];
  /** A request is under way (the first load or a refetch): a thin bar above the table. */
  loading: boolean;
  loadingLabel?: string;
  /** The last load failed: the text and the retry. */
  error?: { text: string; onRetry: () => void } | null | undefined;
  /** Whether an answer is there: the empty text waits for it. */
  loaded: boolean;
  /** Said when the answer holds no rows. */
  empty?: ReactNode;
  /** The empty content stands instead of the table and its paging (a hint with actions). */
  emptyReplacesTable?: boolean;
  selection?: ListSelection<R> | undefined;
  paging?: PagedTablePaginationProps;
  testId: string;
  rowTestId?: string | ((row: R) => string);
  tableSx?: SxProps<Theme>;
  containerSx?: SxProps<Theme>;
  headRowSx?: SxProps<Theme>;
  stickyHeader?: boolean;
}

/**
 * The table of a list screen, written once: the loading bar, the failure with its retry, the
 * columns, the rows with their checkboxes (selection kept across pages), the empty text and
 * the paging footer.
 */
export function ListTable<R extends { id: number | string }>(p: ListTableProps<R>) {
  const { t } = useTranslation();
  const sel = p.selection;
  const ops = sel ? selectionOps(sel) : null;
  const onPage = ops ? p.rows.filter(ops.has).length : 0;
  const isEmpty = p.loaded && !p.error && p.rows.length === 0;
  const colSpan = p.columns.length + (sel ? 1 : 0);
  const rowTestId = (r: R) => (typeof p.rowTestId === 'function' ? p.rowTestId(r) : p.rowTestId);

  return (
    <>
      <Box sx={{ height: 4 }}>{p.loading && <LinearProgress aria-label={p.loadingLabel} />}</Box>
      {p.error && (
        <Alert
          severity="warning"
          sx={{ m: 1 }}
          action={
            <Button color="inherit" size="small" onClick={p.error.onRetry}>
              {t('common.retry')}
            </Button>
          }
        >
          {p.error.text}
        </Alert>
      )}
      {isEmpty && p.emptyReplacesTable ? (
        p.empty
      ) : (
        <>
          <TableContainer sx={p.containerSx ?? {}}>
            <Table size="small" stickyHeader={p.stickyHeader ?? false} sx={p.tableSx ?? {}} data-testid={p.testId}>
              <TableHead>
                <TableRow
                  sx={[
                    { '& th': { whiteSpace: 'nowrap' } },
                    ...(Array.isArray(p.headRowSx) ? p.headRowSx : [p.headRowSx]),
                  ]}
                >
                  {sel && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        size={sel.size ?? 'small'}
                        checked={p.rows.length > 0 && onPage === p.rows.length}
                        indeterminate={onPage > 0 && onPage < p.rows.length}
                        onChange={() => ops?.togglePage(p.rows)}
                        disabled={!p.rows.length}
                        slotProps={{ input: { 'aria-label': sel.pageLabel } }}
                      />
                    </TableCell>
                  )}
                  {p.columns.map((c) => (
                    <TableCell key={c.key} align={c.align ?? 'left'} sx={c.headSx ?? {}}>
                      {c.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {p.rows.map((r) => (
                  <TableRow
                    key={r.id}
                    hover
                    selected={ops?.has(r) ?? false}
                    data-testid={rowTestId(r)}
                    {...(sel?.rowClick && ops ? { onClick: () => ops.toggle(r), sx: { cursor: 'pointer' } } : {})}
                  >
                    {sel && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          size={sel.size ?? 'small'}
                          checked={ops?.has(r) ?? false}
                          // With row clicks the click reaches the row: the checkbox only shows the state.
                          {...(sel.rowClick ? {} : { onChange: () => ops?.toggle(r) })}
                          slotProps={{ input: { 'aria-label': sel.rowLabel(r) } }}
                        />
                      </TableCell>
                    )}
                    {p.columns.map((c) => (
                      <TableCell key={c.key} align={c.align ?? 'left'} sx={c.sx ?? {}}>
                        {c.render(r)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
                {isEmpty && p.empty && (
                  <TableRow>
                    <TableCell colSpan={colSpan}>
                      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                        {p.empty}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {p.paging && <PagedTablePagination {...p.paging} />}
        </>
      )}
    </>
  );
}
