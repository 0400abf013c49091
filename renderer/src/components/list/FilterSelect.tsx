import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A list filter: a small select of `choices` whose first choice ('') is "all" (`allLabel`). */
export function FilterSelect(p: {
  label: string;
  allLabel: string;
  value: string;
  choices: ReadonlyArray<string>;
  labelOf: (choice: string) => string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const options = [{ value: '', label: p.allLabel }, ...p.choices.map((c) => ({ value: c, label: p.labelOf(c) }))];
  return (
    <TextField
      select
      size="small"
      label={p.label}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      sx={{ width: { xs: '100%', sm: 180 } }}
      slotProps={{
        // '' is a choice ("all"), so it is shown like any other, with the label above it.
        select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': p.testId } as object },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
