import TextField from '@mui/material/TextField';
import { useState } from 'react';

interface Props {
  label: string;
  value: string[];
  onChange: (v: string[]) => void;
  error?: string | undefined;
  helperText?: string | undefined;
  placeholder?: string;
  testId?: string;
  maxRows?: number;
}

const toList = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A list edited as text, one item a line; the user's blank lines stay while typing. */
export function LinesField({ label, value, onChange, error, helperText, placeholder, testId, maxRows = 8 }: Props) {
  const [text, setText] = useState(value.join('\n'));
  const [seen, setSeen] = useState(value);
  // A new value from outside (loaded, regenerated) replaces the text.
  if (value !== seen) {
    setSeen(value);
    if (!same(toList(text), value)) setText(value.join('\n'));
  }
  return (
    <TextField
      label={label}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const list = toList(e.target.value);
        if (!same(list, value)) onChange(list);
      }}
      error={!!error}
      helperText={error ?? helperText}
      placeholder={placeholder}
      multiline
      minRows={2}
      maxRows={maxRows}
      slotProps={{ htmlInput: { spellCheck: false, 'data-testid': testId } }}
    />
  );
}
