import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { GridSort, ProfileSortField } from './grid-filters';

const FIELDS = ['sort', 'serialNumber', 'name', 'createdTime', 'lastOpenTime', 'updateTime'] as const;

/** The sort field, and (in the custom order) going back to the order of creation. */
export function SortControls(p: { sort: GridSort; onSort: (s: GridSort) => void; onResetOrder?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('browser.sort.label')}
        value={p.sort.field}
        onChange={(e) => p.onSort({ field: e.target.value as ProfileSortField, order: 'asc' })}
        sx={{ minWidth: 160 }}
        data-testid="sort-select"
      >
        {FIELDS.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`browser.sortFields.${f}`)}
          </MenuItem>
        ))}
      </TextField>
      {p.onResetOrder && (
        <Button color="inherit" onClick={p.onResetOrder} data-testid="reset-order">
          {t('browser.sort.reset')}
        </Button>
      )}
    </Box>
  );
}
