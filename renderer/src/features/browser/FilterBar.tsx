import ClearIcon from '@mui/icons-material/Clear';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, EMPTY_FILTERS, type FilterError, type GridFilters } from './grid-filters';

/** Search by name always in view; the other filters of the list call fold out. */
export function FilterBar(p: {
  filters: GridFilters;
  error: FilterError | null;
  onChange: (f: GridFilters) => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { filters: f } = p;
  const extra = activeFilterCount({ ...f, name: '' });
  const [open, setOpen] = useState(extra > 0);
  const set = (patch: Partial<GridFilters>) => p.onChange({ ...f, ...patch });
  const errorOf = (field: keyof GridFilters) =>
    p.error?.field === field ? t(`browser.filters.errors.${p.error.key}`) : undefined;
  const text = (field: 'serial' | 'remark' | 'proxy' | 'tags', label: string, placeholder?: string) => (
    <TextField
      size="small"
      label={label}
      placeholder={placeholder}
      value={f[field]}
      onChange={(e) => set({ [field]: e.target.value })}
      error={!!errorOf(field)}
      helperText={errorOf(field)}
      slotProps={{ htmlInput: { 'data-testid': `filter-${field}` } }}
    />
  );
  const date = (field: 'createdFrom' | 'createdTo', label: string) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={f[field]}
      onChange={(e) => set({ [field]: e.target.value })}
      error={!!errorOf(field)}
      helperText={errorOf(field)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `filter-${field}` } }}
    />
  );
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          placeholder={t('browser.filters.searchName')}
          value={f.name}
          onChange={(e) => set({ name: e.target.value })}
          sx={{ flex: '1 1 220px', maxWidth: { sm: 360 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('browser.filters.searchName'), 'data-testid': 'filter-name' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          variant={open ? 'contained' : 'outlined'}
          color="inherit"
          onClick={() => setOpen(!open)}
          startIcon={
            <Badge badgeContent={extra} color="primary">
              <FilterListIcon fontSize="small" />
            </Badge>
          }
          data-testid="filters-toggle"
        >
          {t('browser.filters.more')}
        </Button>
        {activeFilterCount(f) > 0 && (
          <Button
            color="inherit"
            startIcon={<ClearIcon fontSize="small" />}
            onClick={() => p.onChange({ ...EMPTY_FILTERS, groupId: f.groupId })}
          >
            {t('browser.filters.clear')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {p.actions}
      </Box>
      <Collapse in={open}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            pt: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
            alignItems: 'start',
          }}
        >
          {text('serial', t('browser.filters.serial'), t('browser.filters.serialPlaceholder'))}
          {text('remark', t('browser.filters.remark'))}
          {text('proxy', t('browser.filters.proxy'))}
          {text('tags', t('browser.filters.tags'), t('browser.filters.tagsPlaceholder'))}
          <TextField
            size="small"
            select
            label={t('browser.filters.openStatus')}
            value={f.openStatus}
            onChange={(e) => set({ openStatus: e.target.value as GridFilters['openStatus'] })}
          >
            <MenuItem value="">{t('browser.filters.any')}</MenuItem>
            <MenuItem value="1">{t('browser.status.open')}</MenuItem>
            <MenuItem value="0">{t('browser.status.closed')}</MenuItem>
          </TextField>
          {date('createdFrom', t('browser.filters.createdFrom'))}
          {date('createdTo', t('browser.filters.createdTo'))}
          <FormControlLabel
            control={<Switch checked={f.mostCommon} onChange={(e) => set({ mostCommon: e.target.checked })} />}
            label={t('browser.filters.mostCommonOnly')}
          />
        </Box>
      </Collapse>
    </Box>
  );
}
