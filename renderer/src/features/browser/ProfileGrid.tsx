import { DndContext, type DragEndEvent, type Modifier, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ProfileSummary } from '@facet/shared';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import { alpha, useTheme } from '@mui/material/styles';
import TableSortLabel from '@mui/material/TableSortLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from './grid-columns';
import type { GridSort } from './grid-filters';
import { isSelected, type Selection } from './selection';

export const CHECK_WIDTH = 48;
export const DRAG_WIDTH = 32;
export const STAR_WIDTH = 40;
export const ACTIONS_WIDTH = 150;

export interface GridCallbacks {
  renderCell: (row: ProfileSummary, column: ColumnDef) => ReactNode;
  renderStar: (row: ProfileSummary) => ReactNode;
  renderActions: (row: ProfileSummary) => ReactNode;
  onToggle: (id: number) => void;
  onHeaderCheck: () => void;
  onSort: (field: NonNullable<ColumnDef['sortField']>) => void;
  onRange: (first: number, last: number) => void;
  /** Drop of the row at `from` onto the row at `to` (grid indices). */
  onReorder: (from: number, to: number) => void;
}

interface Props extends GridCallbacks {
  /** The actions column stays in view while scrolling sideways (not on phones, where it would hide the name). */
  stickyActions?: boolean;
  total: number;
  rowAt: (index: number) => ProfileSummary | undefined;
  columns: ColumnDef[];
  rowHeight: number;
  selection: Selection;
  selectedCount: number;
  sort: GridSort;
  /** Rows can be dragged (custom order). */
  draggable: boolean;
  /** Changes when the list starts over (filter, sort): the grid scrolls back up. */
  resetKey: string;
}

const onlyVertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

function cellSx(width: number, grow = false): CSSProperties {
  return {
    flex: `${grow ? 1 : 0} 0 ${width}px`,
    width,
    minWidth: width,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    padding: '0 8px',
    display: 'flex',
    alignItems: 'center',
  };
}

function Row(p: { index: number; row: ProfileSummary | undefined; top: number; height: number; props: Props }) {
  const { row, props } = p;
  const theme = useTheme();
  const stickyActions = props.stickyActions;
  const selected = row ? isSelected(props.selection, row.id) : false;
  const sortable = useSortable({ id: row?.id ?? `pending-${p.index}`, data: { index: p.index }, disabled: !row });
  const paper = theme.palette.background.paper;
  const tint = selected ? alpha(theme.palette.primary.main, 0.12) : 'transparent';
  const style: CSSProperties = {
    position: 'absolute',
    top: p.top,
    left: 0,
    minWidth: '100%',
    height: p.height,
    display: 'flex',
    alignItems: 'center',
    borderBottom: `1px solid ${theme.palette.divider}`,
    backgroundColor: paper,
    backgroundImage: `linear-gradient(${tint}, ${tint})`,
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    zIndex: sortable.isDragging ? 3 : undefined,
    boxShadow: sortable.isDragging ? theme.shadows[4] : undefined,
    fontSize: 14,
  };
  if (!row)
    return (
      <div style={style} data-testid="profile-row-loading">
        <Skeleton variant="text" sx={{ mx: 2, flex: 1 }} />
      </div>
    );
  return (
    <div
      ref={sortable.setNodeRef}
      style={style}
      data-testid="profile-row"
      data-id={row.id}
      data-serial={row.serialNumber}
    >
      <div style={cellSx(CHECK_WIDTH)}>
        <Checkbox
          size="small"
          checked={selected}
          onChange={() => props.onToggle(row.id)}
          slotProps={{ input: { 'aria-label': `select ${row.name}` } }}
          data-testid="row-check"
        />
      </div>
      {props.draggable && (
        <div
          style={{ ...cellSx(DRAG_WIDTH), cursor: 'grab', touchAction: 'none', padding: 0 }}
          {...sortable.attributes}
          {...sortable.listeners}
          data-testid="drag-handle"
        >
          <DragIndicatorIcon fontSize="small" color="action" />
        </div>
      )}
      <div style={{ ...cellSx(STAR_WIDTH), padding: 0, justifyContent: 'center' }}>{props.renderStar(row)}</div>
      {props.columns.map((c) => (
        <div key={c.id} style={cellSx(c.width, c.id === 'name')} data-col={c.id}>
          {props.renderCell(row, c)}
        </div>
      ))}
      <div
        style={{
          ...cellSx(ACTIONS_WIDTH),
          position: stickyActions ? 'sticky' : undefined,
          right: 0,
          background: 'inherit',
          justifyContent: 'flex-end',
          borderLeft: stickyActions ? `1px solid ${theme.palette.divider}` : undefined,
        }}
      >
        {props.renderActions(row)}
      </div>
    </div>
  );
}

/** The profiles grid: fixed row height, sticky header, rows rendered only where the view is. */
export function ProfileGrid(gridProps: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  const props = { ...gridProps, stickyActions: wide };
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: props.total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => props.rowHeight,
    overscan: 8,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure again when the density changes.
  useEffect(() => virtualizer.measure(), [props.rowHeight]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter or sort starts at the top.
  useEffect(() => virtualizer.scrollToOffset(0), [props.resetKey]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  const { onRange } = props;
  useEffect(() => onRange(first, last), [first, last, onRange]);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const onDragEnd = (e: DragEndEvent) => {
    const from = e.active.data.current?.index as number | undefined;
    const to = e.over?.data.current?.index as number | undefined;
    if (from !== undefined && to !== undefined && from !== to) props.onReorder(from, to);
  };
  const ids = items.map((i) => props.rowAt(i.index)?.id ?? `pending-${i.index}`);
  const HEADER = 44;
  const fixed = CHECK_WIDTH + STAR_WIDTH + ACTIONS_WIDTH + (props.draggable ? DRAG_WIDTH : 0);
  const minWidth = fixed + props.columns.reduce((a, c) => a + c.width, 0);
  const allChecked = props.selection.all && props.selection.ids.size === 0 && props.total > 0;

  return (
    <Box
      ref={scrollRef}
      data-testid="profile-grid"
      sx={{
        overflow: 'auto',
        height: '100%',
        position: 'relative',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ minWidth, position: 'relative' }}>
        <Box
          sx={{
            position: 'sticky',
            top: 0,
            zIndex: 4,
            display: 'flex',
            height: HEADER,
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
              checked={allChecked}
              indeterminate={!allChecked && props.selectedCount > 0}
              onChange={props.onHeaderCheck}
              slotProps={{ input: { 'aria-label': t('browser.grid.selectAllMatching') } }}
              data-testid="header-check"
            />
          </div>
          {props.draggable && <div style={cellSx(DRAG_WIDTH)} />}
          <div style={cellSx(STAR_WIDTH)} />
          {props.columns.map((c) => (
            <div key={c.id} style={cellSx(c.width, c.id === 'name')} data-col={c.id}>
              {c.sortField ? (
                <TableSortLabel
                  active={props.sort.field === c.sortField}
                  direction={props.sort.field === c.sortField ? props.sort.order : 'asc'}
                  onClick={() => props.onSort(c.sortField!)}
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
              position: props.stickyActions ? 'sticky' : undefined,
              right: 0,
              background: 'inherit',
              justifyContent: 'flex-end',
            }}
          >
            {t('browser.columns.actions')}
          </div>
        </Box>
        <DndContext sensors={sensors} modifiers={[onlyVertical]} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={!props.draggable}>
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {items.map((item) => (
                <Row
                  key={item.key}
                  index={item.index}
                  row={props.rowAt(item.index)}
                  top={item.start}
                  height={props.rowHeight}
                  props={props}
                />
              ))}
            </div>
          </SortableContext>
        </DndContext>
      </Box>
    </Box>
  );
}
