import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { type ReactNode, useState } from 'react';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { SearchField, type SearchFieldProps } from './SearchField';

/**
 * The row above a list: the search field and the filters on the left, what can be done with the
 * selection (or the whole list) on the right. Wraps on narrow screens.
 */
export function ListToolbar(p: { search?: SearchFieldProps; children?: ReactNode; actions?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
      {p.search && <SearchField {...p.search} />}
      {p.children}
      <Box sx={{ flex: 1 }} />
      {p.actions}
    </Stack>
  );
}

/**
 * The typed search text, and the query applied after a pause in typing: `onApply` gets the
 * trimmed text (a screen goes back to its first page there).
 */
export function useListSearch(onApply: (query: string) => void, ms?: number) {
  const [search, setSearch] = useState('');
  useDebouncedSearch(search, onApply, ms);
  return [search, setSearch] as const;
}
