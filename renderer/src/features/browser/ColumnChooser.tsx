import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { COLUMNS, type ColumnLayout, DEFAULT_LAYOUT, moveColumn, toggleColumn } from './grid-columns';

/** Show, hide and order the grid's columns. */
export function ColumnChooser(p: {
  anchor: HTMLElement | null;
  layout: ColumnLayout;
  onChange: (layout: ColumnLayout) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { layout } = p;
  return (
    <Popover
      open={!!p.anchor}
      anchorEl={p.anchor}
      onClose={p.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Box sx={{ p: 1.5, width: 280, maxWidth: '90vw' }} data-testid="column-chooser">
        <Typography variant="subtitle2" sx={{ px: 1, pb: 1 }}>
          {t('browser.columnChooser.title')}
        </Typography>
        <Box sx={{ maxHeight: 420, overflow: 'auto' }}>
          {layout.order.map((id, i) => (
            <Box key={id} sx={{ display: 'flex', alignItems: 'center' }}>
              <Checkbox
                size="small"
                checked={!layout.hidden.includes(id)}
                disabled={COLUMNS[id].required}
                onChange={() => p.onChange(toggleColumn(layout, id))}
                slotProps={{ input: { 'aria-label': t(`browser.columns.${id}`) } }}
                data-testid={`column-toggle-${id}`}
              />
              <Typography variant="body2" sx={{ flex: 1 }} noWrap>
                {t(`browser.columns.${id}`)}
              </Typography>
              <IconButton
                size="small"
                disabled={i === 0}
                aria-label={t('browser.columnChooser.up')}
                onClick={() => p.onChange(moveColumn(layout, id, -1))}
              >
                <ArrowUpward fontSize="inherit" />
              </IconButton>
              <IconButton
                size="small"
                disabled={i === layout.order.length - 1}
                aria-label={t('browser.columnChooser.down')}
                onClick={() => p.onChange(moveColumn(layout, id, 1))}
              >
                <ArrowDownward fontSize="inherit" />
              </IconButton>
            </Box>
          ))}
        </Box>
        <Divider sx={{ my: 1 }} />
        <Button size="small" onClick={() => p.onChange(DEFAULT_LAYOUT)}>
          {t('browser.columnChooser.reset')}
        </Button>
      </Box>
    </Popover>
  );
}
