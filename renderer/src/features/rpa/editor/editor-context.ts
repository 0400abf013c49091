import { createContext, useContext } from 'react';
import type { ListRef, StepErrors, StepNode, Values } from './step-model';

/** What every step row of the editor reaches: the errors by step and the edits. */
export interface EditorActions {
  errors: StepErrors;
  setValues: (id: string, values: Values) => void;
  changeList: (ref: ListRef, change: (list: StepNode[]) => StepNode[]) => void;
}

export const EditorContext = createContext<EditorActions | null>(null);

export function useEditor(): EditorActions {
  const ctx = useContext(EditorContext);
  if (!ctx) throw new Error('useEditor outside the flow editor');
  return ctx;
}
