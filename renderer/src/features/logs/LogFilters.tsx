import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogPaging } from './LogTable';
import { zoneLocalToCst } from './time-range';

export interface TimeRange {
  from: string;
  to: string;
}

/**
 * A log's filters as typed (`draft`) and as applied (`query`, what the list asks for), and its
 * paging, which goes back to page 1 whenever another query is applied.
 */
export function useLogFilters<Q extends TimeRange>(empty: Q) {
  const [draft, setDraft] = useState<Q>(empty);
  const [query, setQuery] = useState<Q>(empty);
  const paging = useLogPaging(query);
  const apply = () => setQuery({ ...draft });
  const reset = () => {
    setDraft(empty);
    setQuery(empty);
  };
  return { draft, setDraft, query, paging, apply, reset };
}

/** The applied time range as the server reads it (CST); an empty bound is left out. */
export const cstRange = (range: TimeRange, zone?: string | null) => ({
  from: zoneLocalToCst(range.from, zone) || undefined,
  to: zoneLocalToCst(range.to, zone) || undefined,
});

/** From/to pickers in the user's wall-clock time (converted to CST when applied). */
export function TimeRangeFields({ value, onChange }: { value: TimeRange; onChange: (v: TimeRange) => void }) {
  const { t } = useTranslation();
  const slot = { inputLabel: { shrink: true } } as const;
  return (
    <>
      <TextField
        size="small"
        type="datetime-local"
        label={t('logs.filters.from')}
        value={value.from}
        onChange={(e) => onChange({ ...value, from: e.target.value })}
        slotProps={{ ...slot, htmlInput: { 'data-testid': 'filter-from', max: value.to || undefined } }}
        sx={{ width: { xs: '100%', sm: 220 } }}
      />
      <TextField
        size="small"
        type="datetime-local"
        label={t('logs.filters.to')}
        value={value.to}
        onChange={(e) => onChange({ ...value, to: e.target.value })}
        slotProps={{ ...slot, htmlInput: { 'data-testid': 'filter-to', min: value.from || undefined } }}
        sx={{ width: { xs: '100%', sm: 220 } }}
      />
    </>
  );
}

/** The filter bar: fields, then Search and Reset. Enter in a field searches. */
export function LogFilters({
  children,
  onApply,
  onReset,
}: {
  children: ReactNode;
  onApply: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack
        component="form"
        onSubmit={submit}
        direction="row"
        sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
      >
        {children}
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button type="submit" variant="contained" data-testid="filter-apply">
            {t('logs.filters.search')}
          </Button>
          <Button color="inherit" onClick={onReset}>
            {t('logs.filters.reset')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
