import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './FieldInput';

type Condition = { kind: string; selector?: string; variable?: string; op?: string; value?: string };
const OPS = ['eq', 'ne', 'contains', 'notContains', 'gt', 'lt', 'gte', 'lte', 'matches', 'empty', 'notEmpty'] as const;

/** An if/while condition: an element exists, or a variable compared with a value. */
export function ConditionFields(p: {
  value: Condition | undefined;
  onChange: (c: Condition) => void;
  errors: Record<string, string | undefined>;
  testId: string;
}) {
  const { t } = useTranslation();
  const c = p.value ?? { kind: 'elementExists', selector: '' };
  const setKind = (kind: unknown) =>
    p.onChange(
      kind === 'compare' ? { kind, variable: '', op: 'eq', value: '' } : { kind: 'elementExists', selector: '' },
    );
  return (
    <Stack spacing={1.5} sx={{ gridColumn: '1 / -1' }}>
      <Typography variant="caption" color="text.secondary">
        {t('rpa.field.condition')}
      </Typography>
      <FieldInput
        spec={{ name: 'kind', kind: 'enum', required: true, options: ['elementExists', 'compare'] }}
        value={c.kind}
        onChange={setKind}
        testId={`${p.testId}-kind`}
      />
      {c.kind === 'compare' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <FieldInput
            spec={{ name: 'variable', kind: 'text', required: true }}
            value={c.variable}
            onChange={(v) => p.onChange({ ...c, variable: v as string })}
            error={p.errors['condition.variable']}
            testId={`${p.testId}-variable`}
          />
          <FieldInput
            spec={{ name: 'op', kind: 'enum', required: true, options: OPS }}
            value={c.op}
            onChange={(v) => p.onChange({ ...c, op: v as string })}
            error={p.errors['condition.op']}
            testId={`${p.testId}-op`}
          />
          <FieldInput
            spec={{ name: 'value', kind: 'text', required: false }}
            value={c.value}
            onChange={(v) => p.onChange({ ...c, value: v as string | undefined })}
            error={p.errors['condition.value']}
            testId={`${p.testId}-value`}
          />
        </Stack>
      ) : (
        <FieldInput
          spec={{ name: 'selector', kind: 'text', required: true }}
          value={c.selector}
          onChange={(v) => p.onChange({ ...c, selector: v as string })}
          error={p.errors['condition.selector']}
          testId={`${p.testId}-selector`}
        />
      )}
    </Stack>
  );
}
