import { DndContext, type DragEndEvent, type Modifier, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { GridHeader } from './GridHeader';
import { GridRow } from './GridRow';
import type { ColumnDef } from './grid-columns';
import { fixedWidths, type GridProps, NAME_WIDTH_PHONE } from './grid-layout';

const onlyVertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** The inner width of an element, kept up to date while `enabled` (0 otherwise). */
function useClientWidth(ref: RefObject<HTMLElement | null>, enabled: boolean): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return width;
}

/** On phones the name comes first and fills what the checkbox, star and actions leave. */
function phoneColumns(columns: ColumnDef[], nameWidth: number): ColumnDef[] {
  const name = columns.find((c) => c.id === 'name');
  return name ? [{ ...name, width: nameWidth }, ...columns.filter((c) => c !== name)] : columns;
}

/** The profiles grid: fixed row height, sticky header, rows rendered only where the view is. */
export function ProfileGrid(gridProps: GridProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const scrollRef = useRef<HTMLDivElement>(null);
  const viewWidth = useClientWidth(scrollRef, phone);
  const w = fixedWidths(phone);
  const fixed = w.check + w.star + w.actions + (gridProps.draggable ? w.drag : 0);
  const props = phone
    ? {
        ...gridProps,
        phone,
        columns: phoneColumns(gridProps.columns, Math.max(NAME_WIDTH_PHONE, viewWidth - fixed)),
      }
    : gridProps;
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
          phone={phone}
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
