import type { CallResult } from '@facet/shared';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTablePagination } from '../../components/PagedTablePagination';
import { useDebouncedSearch } from '../../lib/use-debounced-search';
import { useProfilePickerPage } from '../../queries/groups';
import { profileGroupLabel, useDefaultGroupId } from './use-default-group';

type Profile = CallResult<'profileList'>['list'][number];

export interface ProfileSelectTableProps {
  /** Only the profiles of this group; all profiles when absent (give the table a key per group). */
  groupId?: number;
  selected: ReadonlySet<number>;
  onSelectedChange: (ids: Set<number>) => void;
  /** Shows the group column (when the table is not already one group's). */
  showGroup?: boolean;
  maxHeight?: number | string;
}

const PAGE_SIZES = [10, 20, 50, 100];

/** Server-paged profiles with a name search and a selection kept across pages. */
export function ProfileSelectTable(p: ProfileSelectTableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const defaultGroupId = useDefaultGroupId(!!p.showGroup);

  // A short pause so each keystroke does not become a request.
  useDebouncedSearch(search, (query) => {
    setName(query);
    setPage(0);
  });

  // A failure shows as no rows: the transport has told why.
  const list = useProfilePickerPage({
    page: page + 1,
    pageSize,
    sortField: 'serialNumber',
    ...(p.groupId ? { groupId: p.groupId } : {}),
    ...(name ? { name } : {}),
  });
  const rows: Profile[] = list.isError ? [] : (list.data?.list ?? []);
  const total = list.data?.total ?? 0;
  const loading = list.isFetching;

  const proxyText = (r: Profile) => {
    if (r.proxyMethod === 3) return t('groups.profiles.savedProxy', { id: r.agentIpId ?? '' });
    if (r.proxyMethod === 1 && r.proxyType === 'noproxy') return t('groups.profiles.noProxy');
    if (r.host) return `${r.host}${r.port ? `:${r.port}` : ''}`;
    return r.proxyType;
  };
  const pageIds = rows.map((r) => r.id);
  const onPage = pageIds.filter((id) => p.selected.has(id)).length;
  const toggleAll = () => {
    const next = new Set(p.selected);
    if (onPage === pageIds.length) for (const id of pageIds) next.delete(id);
    else for (const id of pageIds) next.add(id);
    p.onSelectedChange(next);
  };
  const toggle = (id: number) => {
    const next = new Set(p.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    p.onSelectedChange(next);
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <TextField
        size="small"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('groups.profiles.search')}
        slotProps={{
          htmlInput: { 'aria-label': t('groups.profiles.search'), maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 1, width: { xs: '100%', sm: 280 } }}
      />
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      <TableContainer sx={{ maxHeight: p.maxHeight ?? 480 }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={pageIds.length > 0 && onPage === pageIds.length}
                  indeterminate={onPage > 0 && onPage < pageIds.length}
                  onChange={toggleAll}
                  disabled={!pageIds.length}
                  slotProps={{ input: { 'aria-label': t('groups.profiles.selectPage') } }}
                />
              </TableCell>
              <TableCell>{t('groups.profiles.serial')}</TableCell>
              <TableCell>{t('groups.profiles.name')}</TableCell>
              {p.showGroup && (
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('groups.profiles.group')}</TableCell>
              )}
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('groups.profiles.proxy')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('groups.profiles.remark')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow
                key={r.id}
                hover
                selected={p.selected.has(r.id)}
                onClick={() => toggle(r.id)}
                sx={{ cursor: 'pointer' }}
                data-testid="profile-row"
              >
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={p.selected.has(r.id)}
                    slotProps={{ input: { 'aria-label': r.name } }}
                  />
                </TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{r.serialNumber}</TableCell>
                <TableCell sx={{ maxWidth: 200, overflowWrap: 'anywhere' }}>{r.name}</TableCell>
                {p.showGroup && (
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, overflowWrap: 'anywhere' }}>
                    {profileGroupLabel(r, defaultGroupId, t)}
                  </TableCell>
                )}
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, overflowWrap: 'anywhere' }}>
                  {proxyText(r)}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, maxWidth: 220, overflowWrap: 'anywhere' }}>
                  {r.remark}
                </TableCell>
              </TableRow>
            ))}
            {!loading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>
                  <Typography color="text.secondary" variant="body2" sx={{ py: 2, textAlign: 'center' }}>
                    {name
                      ? t('groups.profiles.noMatch')
                      : p.groupId
                        ? t('groups.profiles.empty')
                        : t('groups.profiles.emptyAll')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {/* Compact: in a dialog on a phone the full footer ran past the edge ("1–3 o"). */}
      <PagedTablePagination
        compact
        total={total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        rowsPerPageOptions={PAGE_SIZES}
        labelRowsPerPage={t('groups.profiles.perPage')}
        labelDisplayedRows={({ from, to, count }) => t('groups.profiles.range', { from, to, count })}
      />
    </Box>
  );
}
