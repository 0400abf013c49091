import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useEditor } from './editor-context';
import { StepPicker } from './StepPicker';
import { StepRow } from './StepRow';
import { type ListRef, moveItem, newNode, type StepNode } from './step-model';

/** One list of steps (the flow's, or a condition's or loop's): drag to reorder within it, add a step. */
export function StepList({ nodes, listRef, pathPrefix }: { nodes: StepNode[]; listRef: ListRef; pathPrefix: string }) {
  const { t } = useTranslation();
  const { changeList } = useEditor();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    changeList(listRef, (list) => {
      const from = list.findIndex((n) => n.id === active.id);
      const to = list.findIndex((n) => n.id === over.id);
      return from < 0 || to < 0 ? list : moveItem(list, from, to);
    });
  };
  const testId = `add-step-${pathPrefix || 'top'}`;
  return (
    <Stack spacing={1} sx={{ py: 0.5 }} data-testid={`step-list-${pathPrefix || 'top'}`}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={nodes.map((n) => n.id)} strategy={verticalListSortingStrategy}>
          {nodes.map((n, i) => (
            <StepRow
              key={n.id}
              node={n}
              path={`${pathPrefix}${i}`}
              onRemove={() => changeList(listRef, (list) => list.filter((x) => x.id !== n.id))}
              renderList={(p) => <StepList {...p} />}
            />
          ))}
        </SortableContext>
      </DndContext>
      {nodes.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('rpa.editor.emptyList')}
        </Typography>
      )}
      <div>
        <StepPicker testId={testId} onPick={(type) => changeList(listRef, (list) => [...list, newNode(type)])} />
      </div>
    </Stack>
  );
}
