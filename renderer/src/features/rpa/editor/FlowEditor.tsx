import Alert from '@mui/material/Alert';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../error-text';
import { type EditorActions, EditorContext } from './editor-context';
import { StepList } from './StepList';
import { type StepErrors, type StepNode, updateList, updateNode } from './step-model';

/** The visual editor: the flow's top list of steps, with the errors placed at their steps. */
export function FlowEditor(p: {
  nodes: StepNode[];
  onChange: (next: (n: StepNode[]) => StepNode[]) => void;
  errors: StepErrors;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { onChange } = p;
  const actions = useMemo<EditorActions>(
    () => ({
      errors: p.errors,
      setValues: (id, values) => onChange((n) => updateNode(n, id, values)),
      changeList: (ref, change) => onChange((n) => updateList(n, ref, change)),
    }),
    [p.errors, onChange],
  );
  const flowLevel = Object.entries(p.errors[''] ?? {});
  const count = Object.keys(p.errors).filter((k) => k !== '').length;
  return (
    <EditorContext.Provider value={actions}>
      {(flowLevel.length > 0 || count > 0) && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="flow-errors">
          {count > 0 && t('rpa.editor.stepsWithErrors', { n: count })}
          {flowLevel.map(([field, key]) => (
            <div key={field}>{`${field ? `${field}: ` : ''}${errorText(key)}`}</div>
          ))}
        </Alert>
      )}
      <StepList nodes={p.nodes} listRef={{ ownerId: null, list: 'steps' }} pathPrefix="" />
    </EditorContext.Provider>
  );
}
