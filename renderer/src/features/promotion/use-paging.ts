import { useState } from 'react';

/** A list's page (zero-based on screen, one-based to the server) and page size. */
export function usePaging(initialSize = 10) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialSize);
  return {
    query: { page: page + 1, pageSize },
    footer: (total: number) => ({
      total,
      page,
      pageSize,
      onPageChange: setPage,
      onPageSizeChange: (size: number) => {
        setPageSize(size);
        setPage(0);
      },
    }),
    first: () => setPage(0),
  };
}

/** Narrower cell padding on phones, so a list's four main columns fit 360 px without scrolling. */
export const PHONE_CELLS = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } } as const;
