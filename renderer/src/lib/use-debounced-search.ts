import { useEffect, useRef } from 'react';

/**
 * Calls `apply` with the trimmed search after a pause in typing (`ms`), so each keystroke does
 * not become a request. `apply` is kept in a ref: it need not be stable.
 */
export function useDebouncedSearch(search: string, apply: (query: string) => void, ms = 300): void {
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  useEffect(() => {
    const timer = setTimeout(() => applyRef.current(search.trim()), ms);
    return () => clearTimeout(timer);
  }, [search, ms]);
}
