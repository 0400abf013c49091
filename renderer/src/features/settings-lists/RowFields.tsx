import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from './rows';

export interface Column<F extends string> {
  field: F;
  label: string;
  /** Masked, with a button that shows it. */
  secret?: boolean;
  placeholder?: string;
  maxLength: number;
  /** Share of the row's width on wide screens. */
  grow: number;
}

/** One row of a settings list: its fields, then move up, move down and remove. */
export function RowFields<F extends string>(p: {
  row: Row<F>;
  index: number;
  count: number;
  columns: readonly Column<F>[];
  errors?: Record<string, string>;
  onChange: (patch: Partial<Record<F, string>>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const action = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false, id = '') => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled} data-testid={id || undefined}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Box
      data-testid={`row-${p.index}`}
      sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1, alignItems: 'flex-start', py: 1 }}
    >
      {p.columns.map((c) => {
        const error = p.errors?.[c.field];
        return (
          <TextField
            key={c.field}
            size="small"
            label={c.label}
            placeholder={c.placeholder}
            value={p.row[c.field]}
            onChange={(e) => p.onChange({ [c.field]: e.target.value } as Partial<Record<F, string>>)}
            error={!!error}
            helperText={error ? t(`validation.${error}`) : undefined}
            type={c.secret && !revealed ? 'password' : 'text'}
            autoComplete="off"
            sx={{ flex: { xs: '1 1 100%', sm: `${c.grow} 1 0` }, minWidth: 0 }}
            slotProps={{
              htmlInput: { maxLength: c.maxLength, spellCheck: false, 'data-testid': `${c.field}-${p.index}` },
              input: c.secret
                ? {
                    endAdornment: (
                      <InputAdornment position="end">
                        <IconButton
                          size="small"
                          edge="end"
                          aria-label={t(revealed ? 'settingsLists.hide' : 'settingsLists.reveal')}
                          onClick={() => setRevealed((v) => !v)}
                          data-testid={`reveal-${p.index}`}
                        >
                          {revealed ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                        </IconButton>
                      </InputAdornment>
                    ),
                  }
                : undefined,
            }}
          />
        );
      })}
      <Box sx={{ display: 'flex', flexShrink: 0, ml: { xs: 'auto', sm: 0 }, pt: 0.5 }}>
        {action(t('settingsLists.moveUp'), <ArrowUpwardIcon fontSize="small" />, () => p.onMove(-1), p.index === 0)}
        {action(
          t('settingsLists.moveDown'),
          <ArrowDownwardIcon fontSize="small" />,
          () => p.onMove(1),
          p.index === p.count - 1,
          `down-${p.index}`,
        )}
        {action(
          t('settingsLists.remove'),
          <DeleteOutlineIcon fontSize="small" />,
          p.onRemove,
          false,
          `remove-${p.index}`,
        )}
      </Box>
    </Box>
  );
}
