import { DndContext, type DragEndEvent, type Modifier, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { GridHeader } from './GridHeader';
import { GridRow } from './GridRow';
import { ACTIONS_WIDTH, CHECK_WIDTH, DRAG_WIDTH, type GridProps, STAR_WIDTH } from './grid-layout';

const onlyVertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** The profiles grid: fixed row height, sticky header, rows rendered only where the view is. */
export function ProfileGrid(gridProps: GridProps) {
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
        <GridHeader
          columns={props.columns}
          sort={props.sort}
          draggable={props.draggable}
          stickyActions={props.stickyActions}
          allChecked={allChecked}
          someChecked={props.selectedCount > 0}
          onHeaderCheck={props.onHeaderCheck}
          onSort={props.onSort}
        />
        <DndContext sensors={sensors} modifiers={[onlyVertical]} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={!props.draggable}>
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {items.map((item) => (
                <GridRow
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
