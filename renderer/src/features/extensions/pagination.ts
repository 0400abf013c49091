/** TablePagination on phones: the rows-per-page choice gives way, so the range and arrows fit. */
export const compactPaginationSx = {
  '& .MuiTablePagination-toolbar': { pl: { xs: 0.5, sm: 2 } },
  '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-input': { display: { xs: 'none', sm: 'inline-flex' } },
} as const;
