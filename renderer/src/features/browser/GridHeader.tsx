import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import { useTheme } from '@mui/material/styles';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from './grid-columns';
import type { GridSort } from './grid-filters';
import { cellSx, fixedWidths, HEADER_HEIGHT } from './grid-layout';

interface Props {
  columns: ColumnDef[];
  sort: GridSort;
  draggable: boolean;
  /** Phone width: compact actions column (see GridProps.phone). */
  phone?: boolean;
  /** Every row matching the filter is selected. */
  allChecked: boolean;
  someChecked: boolean;
  onHeaderCheck: () => void;
  onSort: (field: NonNullable<ColumnDef['sortField']>) => void;
}

/** The grid's sticky header: select all, the column titles (sortable ones sort on click). */
export function GridHeader(p: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const w = fixedWidths(p.phone);
  return (
    <Box
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 4,
        display: 'flex',
        height: HEADER_HEIGHT,
        alignItems: 'center',
        bgcolor: theme.palette.mode === 'dark' ? 'grey.900' : 'grey.100',
        borderBottom: 1,
        borderColor: 'divider',
        fontWeight: 600,
        fontSize: 13,
        color: 'text.secondary',
      }}
    >
      <div style={{ ...cellSx(w.check), padding: 0, justifyContent: 'center' }}>
        <Checkbox
          size="small"
          checked={p.allChecked}
          indeterminate={!p.allChecked && p.someChecked}
          onChange={p.onHeaderCheck}
          slotProps={{ input: { 'aria-label': t('browser.grid.selectAllMatching') } }}
          data-testid="header-check"
        />
      </div>
      {p.draggable && <div style={cellSx(w.drag)} />}
      <div style={cellSx(w.star)} />
      {p.columns.map((c) => (
        <div key={c.id} style={cellSx(c.width, c.id === 'name')} data-col={c.id}>
          {c.sortField ? (
            <TableSortLabel
              active={p.sort.field === c.sortField}
              direction={p.sort.field === c.sortField ? p.sort.order : 'asc'}
              onClick={() => p.onSort(c.sortField!)}
              data-testid={`sort-${c.id}`}
            >
              {t(`browser.columns.${c.id}`)}
            </TableSortLabel>
          ) : (
            t(`browser.columns.${c.id}`)
          )}
        </div>
      ))}
      <div
        style={{
          ...cellSx(w.actions),
          position: 'sticky',
          right: 0,
          background: 'inherit',
          justifyContent: 'flex-end',
        }}
      >
        {t('browser.columns.actions')}
      </div>
    </Box>
  );
}
