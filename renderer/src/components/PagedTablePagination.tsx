import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';

/** On phones the rows-per-page choice gives way, so the range and arrows fit. */
const compactSx = {
  '& .MuiTablePagination-toolbar': { pl: { xs: 0.5, sm: 2 } },
  '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-input': { display: { xs: 'none', sm: 'inline-flex' } },
} as const;

type OwnKeys =
  | 'component'
  | 'count'
  | 'page'
  | 'rowsPerPage'
  | 'rowsPerPageOptions'
  | 'onPageChange'
  | 'onRowsPerPageChange'
  | 'labelRowsPerPage'
  | 'labelDisplayedRows';

export type PagedTablePaginationProps = Omit<TablePaginationProps, OwnKeys> & {
  total: number;
  /** Zero-based; shown clamped to the last page there is. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** A new page size; the pagination then goes back to the first page. */
  onPageSizeChange: (size: number) => void;
  rowsPerPageOptions: TablePaginationProps['rowsPerPageOptions'];
  labelRowsPerPage: TablePaginationProps['labelRowsPerPage'];
  labelDisplayedRows: TablePaginationProps['labelDisplayedRows'];
  /** The phone styling: the rows-per-page choice is hidden on small screens. */
  compact?: boolean;
};

/** The paging footer of a server-paged table (zero-based page). */
export function PagedTablePagination({
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  rowsPerPageOptions,
  labelRowsPerPage,
  labelDisplayedRows,
  compact = false,
  sx,
  ...rest
}: PagedTablePaginationProps) {
  const merged = compact ? (sx ? [compactSx, ...(Array.isArray(sx) ? sx : [sx])] : compactSx) : sx;
  return (
    <TablePagination
      {...rest}
      {...(merged ? { sx: merged } : {})}
      component="div"
      count={total}
      page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
      onPageChange={(_, n) => onPageChange(n)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={rowsPerPageOptions}
      onRowsPerPageChange={(e) => {
        onPageSizeChange(Number(e.target.value));
        onPageChange(0);
      }}
      labelRowsPerPage={labelRowsPerPage}
      labelDisplayedRows={labelDisplayedRows}
    />
  );
}
