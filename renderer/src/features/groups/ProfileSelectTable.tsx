import type { CallResult } from '@facet/shared';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { SearchField } from '../../components/list/SearchField';
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
  const columns: ListColumn<Profile>[] = [
    {
      key: 'serial',
      label: t('groups.profiles.serial'),
      sx: { fontVariantNumeric: 'tabular-nums' },
      render: (r) => r.serialNumber,
    },
    {
      key: 'name',
      label: t('groups.profiles.name'),
      sx: { maxWidth: 200, overflowWrap: 'anywhere' },
      render: (r) => r.name,
    },
  ];
  if (p.showGroup)
    columns.push({
      key: 'group',
      label: t('groups.profiles.group'),
      headSx: { display: { xs: 'none', sm: 'table-cell' } },
      sx: { display: { xs: 'none', sm: 'table-cell' }, overflowWrap: 'anywhere' },
      render: (r) => profileGroupLabel(r, defaultGroupId, t),
    });
  columns.push(
    {
      key: 'proxy',
      label: t('groups.profiles.proxy'),
      headSx: { display: { xs: 'none', sm: 'table-cell' } },
      sx: { display: { xs: 'none', sm: 'table-cell' }, overflowWrap: 'anywhere' },
      render: proxyText,
    },
    {
      key: 'remark',
      label: t('groups.profiles.remark'),
      headSx: { display: { xs: 'none', md: 'table-cell' } },
      sx: { display: { xs: 'none', md: 'table-cell' }, maxWidth: 220, overflowWrap: 'anywhere' },
      render: (r) => r.remark,
    },
  );

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ mb: 1 }}>
        <SearchField
          value={search}
          onChange={setSearch}
          label={t('groups.profiles.search')}
          maxLength={100}
          width={280}
        />
      </Box>
      <ListTable
        testId="profile-select-table"
        rowTestId="profile-row"
        stickyHeader
        containerSx={{ maxHeight: p.maxHeight ?? 480 }}
        columns={columns}
        rows={rows}
        loading={loading}
        loaded={!loading}
        empty={
          name ? t('groups.profiles.noMatch') : p.groupId ? t('groups.profiles.empty') : t('groups.profiles.emptyAll')
        }
        selection={{
          selectedIds: p.selected,
          onChangeIds: p.onSelectedChange,
          rowClick: true,
          pageLabel: t('groups.profiles.selectPage'),
          rowLabel: (r) => r.name,
        }}
        // Compact: in a dialog on a phone the full footer ran past the edge ("1–3 o").
        paging={{
          compact: true,
          total,
          page,
          pageSize,
          onPageChange: setPage,
          onPageSizeChange: setPageSize,
        }}
      />
    </Box>
  );
}
