import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from './editor-context';
import { StepForm } from './StepForm';
import { isFresh, type ListRef, type StepNode, specOf, stepNumber } from './step-model';

/** Draws an inner list of a step (the list component passes itself: the two draw each other). */
export type RenderList = (p: { nodes: StepNode[]; listRef: ListRef; pathPrefix: string }) => ReactNode;

const SUMMARY_FIELDS = [
  'url',
  'selector',
  'keys',
  'variable',
  'name',
  'text',
  'path',
  'ms',
  'times',
  'table',
  'flowId',
];
const summaryOf = (n: StepNode) => {
  const f = SUMMARY_FIELDS.find((k) => n.values[k] !== undefined && n.values[k] !== '');
  return f ? String(n.values[f]) : '';
};
const hasErrorsUnder = (errors: Record<string, unknown>, path: string) =>
  Object.keys(errors).some((k) => k === path || k.startsWith(`${path}.`));

/** One step: drag handle, its type and what it acts on; open, its form and its inner lists. */
export function StepRow({
  node,
  path,
  onRemove,
  renderList,
}: {
  node: StepNode;
  path: string;
  onRemove: () => void;
  renderList: RenderList;
}) {
  const { t } = useTranslation();
  const { errors, setValues } = useEditor();
  const [open, setOpen] = useState(() => isFresh(node.id));
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: node.id,
  });
  const own = errors[path] ?? {};
  const broken = hasErrorsUnder(errors, path);
  const expanded = open || Object.keys(own).length > 0;
  const testId = `step-${path}`;
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid="step-row"
      data-path={path}
      data-type={node.type}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        opacity: isDragging ? 0.6 : 1,
        borderColor: broken ? 'error.main' : undefined,
        p: 1,
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <IconButton
          size="small"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('rpa.editor.drag')}
          data-testid={`${testId}-drag`}
          sx={{ cursor: 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {stepNumber(path)}
        </Typography>
        <Chip size="small" label={t(`rpa.step.${node.type}`, { defaultValue: node.type })} />
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {summaryOf(node)}
        </Typography>
        {broken && <ErrorIcon color="error" fontSize="small" aria-label={t('rpa.editor.hasErrors')} />}
        <IconButton
          size="small"
          aria-label={expanded ? t('rpa.editor.collapse') : t('rpa.editor.expand')}
          aria-expanded={expanded}
          data-testid={`${testId}-toggle`}
          onClick={() => setOpen(!expanded)}
        >
          {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('rpa.editor.removeStep')}
          data-testid={`${testId}-remove`}
          onClick={onRemove}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      {expanded && <StepForm node={node} errors={own} onChange={(v) => setValues(node.id, v)} testId={testId} />}
      {(specOf(node.type)?.lists ?? [])
        .map((l) => [l.name, node.lists[l.name] ?? []] as const)
        .map(([name, list]) => (
          <Box key={name} sx={{ mt: 1, pl: { xs: 1, sm: 2 }, borderLeft: 2, borderColor: 'divider' }}>
            <Typography variant="caption" color="text.secondary">
              {t(`rpa.list.${name}`, { defaultValue: name })}
            </Typography>
            {renderList({ nodes: list, listRef: { ownerId: node.id, list: name }, pathPrefix: `${path}.${name}.` })}
          </Box>
        ))}
    </Paper>
  );
}
