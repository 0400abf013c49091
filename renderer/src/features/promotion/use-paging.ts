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
