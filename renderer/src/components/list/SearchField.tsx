import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { DIRTY_IGNORE } from '../discard-guard';

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The placeholder, and the field's accessible name. */
  label: string;
  maxLength: number;
  /** Width from the small breakpoint on; on phones the field takes the whole row. */
  width?: number;
}

/** The search box of a list: a magnifier, the text, nothing sent until the screen applies it. */
export function SearchField(p: SearchFieldProps) {
  return (
    <TextField
      size="small"
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      placeholder={p.label}
      sx={{ width: { xs: '100%', sm: p.width ?? 260 } }}
      slotProps={{
        // What a list is searched for is no input a dialog would lose on closing.
        htmlInput: { 'aria-label': p.label, maxLength: p.maxLength, ...DIRTY_IGNORE },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
