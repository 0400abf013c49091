import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import { useTheme } from '@mui/material/styles';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from './grid-columns';
import type { GridSort } from './grid-filters';
import { ACTIONS_WIDTH, CHECK_WIDTH, cellSx, DRAG_WIDTH, HEADER_HEIGHT, STAR_WIDTH } from './grid-layout';

interface Props {
  columns: ColumnDef[];
  sort: GridSort;
  draggable: boolean;
  stickyActions?: boolean;
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
      <div style={cellSx(CHECK_WIDTH)}>
        <Checkbox
          size="small"
          checked={p.allChecked}
          indeterminate={!p.allChecked && p.someChecked}
          onChange={p.onHeaderCheck}
          slotProps={{ input: { 'aria-label': t('browser.grid.selectAllMatching') } }}
          data-testid="header-check"
        />
      </div>
      {p.draggable && <div style={cellSx(DRAG_WIDTH)} />}
      <div style={cellSx(STAR_WIDTH)} />
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
          ...cellSx(ACTIONS_WIDTH),
          position: p.stickyActions ? 'sticky' : undefined,
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
