import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';

/** The eye at the end of a secret field: shows or masks the text; the labels name what a click does. */
export function RevealAdornment(p: { shown: boolean; onToggle: () => void; showLabel: string; hideLabel: string }) {
  return (
    <InputAdornment position="end">
      <IconButton size="small" edge="end" aria-label={p.shown ? p.hideLabel : p.showLabel} onClick={p.onToggle}>
        {p.shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </InputAdornment>
  );
}
