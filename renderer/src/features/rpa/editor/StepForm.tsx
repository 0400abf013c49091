import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useErrorText } from '../error-text';
import { ConditionFields } from './ConditionFields';
import { FieldInput } from './FieldInput';
import { FlowIdField } from './FlowIdField';
import { type StepNode, specOf, type Values } from './step-model';

/**
 * A step's fields, generated from its schema in shared/src/rpa; `errors` are the step's own
 * (field → rule key), from the flow's check before saving or from the server.
 */
export function StepForm(p: {
  node: StepNode;
  errors: Record<string, string>;
  onChange: (values: Values) => void;
  testId: string;
}) {
  const errorText = useErrorText();
  const spec = specOf(p.node.type);
  const set = (name: string, value: unknown) => p.onChange({ ...p.node.values, [name]: value });
  const errors = Object.fromEntries(Object.entries(p.errors).map(([k, v]) => [k, errorText(v)]));
  // A rule about the whole step (wait needs a target) or a field the form has no input for.
  const known = new Set((spec?.fields ?? []).map((f) => f.name));
  const loose = Object.entries(errors).filter(([k]) => !known.has(k.split('.')[0] ?? ''));
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
      {loose.map(([k, text]) => (
        <Alert key={k} severity="error" sx={{ gridColumn: '1 / -1' }} data-testid={`${p.testId}-error`}>
          {k ? `${k}: ${text}` : text}
        </Alert>
      ))}
      {spec?.fields.map((f) =>
        f.name === 'flowId' ? (
          <FlowIdField
            key={f.name}
            value={p.node.values[f.name]}
            onChange={(v) => set(f.name, v)}
            error={errors[f.name]}
            testId={`${p.testId}-${f.name}`}
          />
        ) : f.kind === 'condition' ? (
          <ConditionFields
            key={f.name}
            value={p.node.values[f.name] as never}
            onChange={(c) => set(f.name, c)}
            errors={errors}
            testId={`${p.testId}-condition`}
          />
        ) : (
          <FieldInput
            key={f.name}
            spec={f}
            value={p.node.values[f.name]}
            onChange={(v) => set(f.name, v)}
            error={errors[f.name]}
            testId={`${p.testId}-${f.name}`}
          />
        ),
      )}
    </Box>
  );
}
