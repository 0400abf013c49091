import { PHONE_STATES, phoneSortKeys } from '@facet/shared';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/list/FilterSelect';
import { ListToolbar } from '../../components/list/ListToolbar';
import type { PhoneExportQuery } from '../../queries/phone-extras';
import { usePhoneGroups } from '../../queries/phone-groups';
import { usePhoneRegions } from '../../queries/phones';
import { type BatchAction, BatchMenu } from './BatchMenu';
import { ExportButton } from './ExportButton';

export interface PhoneFilters {
  state: string;
  region: string;
  /** A group's id, 'none' for the ungrouped ones, '' for all. */
  group: string;
  mostCommon: boolean;
  expiring: boolean;
  sortBy: (typeof phoneSortKeys)[number];
  order: 'asc' | 'desc';
}

export const NO_FILTERS: PhoneFilters = {
  state: '',
  region: '',
  group: '',
  mostCommon: false,
  expiring: false,
  sortBy: 'sort',
  order: 'asc',
};

/** Search by name, the filters, the sort, and what can be done with the selected environments. */
export function PhoneToolbar(p: {
  search: string;
  onSearch: (s: string) => void;
  filters: PhoneFilters;
  onFilters: (f: PhoneFilters) => void;
  remindDays: number;
  selected: number;
  onBatch: (a: BatchAction) => void;
  /** The selected environments, else the list's filters. */
  exportQuery: PhoneExportQuery;
}) {
  const { t } = useTranslation();
  const regions = usePhoneRegions().data ?? [];
  const groups = usePhoneGroups({ quiet: true }).data ?? [];
  const f = p.filters;
  const set = (patch: Partial<PhoneFilters>) => p.onFilters({ ...f, ...patch });
  return (
    <ListToolbar
      search={{ value: p.search, onChange: p.onSearch, label: t('phone.filter.name'), maxLength: 100 }}
      actions={
        <>
          <ExportButton query={p.exportQuery} selected={p.selected} />
          <BatchMenu count={p.selected} onPick={p.onBatch} />
        </>
      }
    >
      <FilterSelect
        label={t('phone.filter.state')}
        allLabel={t('phone.filter.all')}
        value={f.state}
        choices={PHONE_STATES}
        labelOf={(s) => t(`phone.state.${s}`)}
        onChange={(state) => set({ state })}
        testId="filter-state"
      />
      <FilterSelect
        label={t('phone.filter.region')}
        allLabel={t('phone.filter.all')}
        value={f.region}
        choices={regions.map((r) => r.region)}
        labelOf={(r) => r}
        onChange={(region) => set({ region })}
        testId="filter-region"
      />
      <FilterSelect
        label={t('phoneGroups.filter')}
        allLabel={t('phone.filter.all')}
        value={f.group}
        choices={['none', ...groups.map((g) => String(g.id))]}
        labelOf={(id) =>
          id === 'none' ? t('phoneGroups.none') : (groups.find((g) => String(g.id) === id)?.name ?? id)
        }
        onChange={(group) => set({ group })}
        testId="filter-group"
      />
      <Chip
        label={t('phone.filter.mostCommon')}
        color={f.mostCommon ? 'primary' : 'default'}
        variant={f.mostCommon ? 'filled' : 'outlined'}
        onClick={() => set({ mostCommon: !f.mostCommon })}
        data-testid="filter-most-common"
      />
      <Chip
        label={t('phone.filter.expiring', { period: t('phone.period', { count: p.remindDays }) })}
        color={f.expiring ? 'primary' : 'default'}
        variant={f.expiring ? 'filled' : 'outlined'}
        onClick={() => set({ expiring: !f.expiring })}
        data-testid="filter-expiring"
      />
      <TextField
        select
        size="small"
        label={t('phone.sort.label')}
        value={f.sortBy}
        onChange={(e) => set({ sortBy: e.target.value as PhoneFilters['sortBy'] })}
        sx={{ width: 160 }}
      >
        {phoneSortKeys.map((k) => (
          <MenuItem key={k} value={k}>
            {t(`phone.sort.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      <IconButton
        size="small"
        aria-label={t(f.order === 'asc' ? 'phone.sort.asc' : 'phone.sort.desc')}
        onClick={() => set({ order: f.order === 'asc' ? 'desc' : 'asc' })}
      >
        {f.order === 'asc' ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
      </IconButton>
    </ListToolbar>
  );
}
