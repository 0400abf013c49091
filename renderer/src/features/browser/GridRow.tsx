import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ProfileSummary } from '@facet/shared';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import { alpha, useTheme } from '@mui/material/styles';
import type { CSSProperties } from 'react';
import { cellSx, fixedWidths, type GridProps } from './grid-layout';
import { isSelected } from './selection';

/** One row of the grid (a skeleton while its page loads), draggable in the custom order. */
export function GridRow(p: {
  index: number;
  row: ProfileSummary | undefined;
  top: number;
  height: number;
  props: GridProps;
}) {
  const { row, props } = p;
  const theme = useTheme();
  const w = fixedWidths(props.phone);
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
      <div style={{ ...cellSx(w.check), padding: 0, justifyContent: 'center' }}>
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
          style={{ ...cellSx(w.drag), cursor: 'grab', touchAction: 'none', padding: 0 }}
          {...sortable.attributes}
          {...sortable.listeners}
          data-testid="drag-handle"
        >
          <DragIndicatorIcon fontSize="small" color="action" />
        </div>
      )}
      <div style={{ ...cellSx(w.star), padding: 0, justifyContent: 'center' }}>{props.renderStar(row)}</div>
      {props.columns.map((c) => (
        <div key={c.id} style={cellSx(c.width, c.id === 'name')} data-col={c.id}>
          {props.renderCell(row, c)}
        </div>
      ))}
      <div
        style={{
          ...cellSx(w.actions),
          position: 'sticky',
          right: 0,
          background: 'inherit',
          justifyContent: 'flex-end',
          borderLeft: `1px solid ${theme.palette.divider}`,
        }}
      >
        {props.renderActions(row)}
      </div>
    </div>
  );
}
