import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

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
  /** The page sizes offered; most lists take the default. */
  rowsPerPageOptions?: TablePaginationProps['rowsPerPageOptions'];
  /** A list whose texts were translated apart passes its own; the others take the common ones. */
  labelRowsPerPage?: TablePaginationProps['labelRowsPerPage'];
  labelDisplayedRows?: TablePaginationProps['labelDisplayedRows'];
  /** The phone styling: the rows-per-page choice is hidden on small screens. */
  compact?: boolean;
};

export const DEFAULT_PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

/** The paging footer of a server-paged table (zero-based page). */
export function PagedTablePagination({
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  rowsPerPageOptions = DEFAULT_PAGE_SIZES,
  labelRowsPerPage,
  labelDisplayedRows,
  compact = false,
  sx,
  ...rest
}: PagedTablePaginationProps) {
  const { t } = useTranslation();
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
      labelRowsPerPage={labelRowsPerPage ?? t('common.rowsPerPage')}
      labelDisplayedRows={
        labelDisplayedRows ?? (({ from, to, count }) => t('common.displayedRows', { from, to, count }))
      }
    />
  );
}
