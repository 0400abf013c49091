import { PROFILE_SORT_FIELDS } from '@facet/shared';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import type { ProfileSortField } from './grid-filters';
import { DENSITIES, type Density, type GridPrefs } from './grid-prefs';

export function PreferencesDialog(p: {
  open: boolean;
  prefs: GridPrefs;
  onClose: () => void;
  onSave: (prefs: GridPrefs) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(p.prefs);
  useEffect(() => {
    if (p.open) setDraft(p.prefs);
  }, [p.open, p.prefs]);
  return (
    <GenericDialog
      open={p.open}
      title={t('browser.prefs.title')}
      onClose={p.onClose}
      onConfirm={() => p.onSave(draft)}
      confirmText={t('common.save')}
    >
      <Typography variant="subtitle2" sx={{ mt: 1, mb: 1 }}>
        {t('browser.prefs.density')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={draft.density}
        onChange={(_, v: Density | null) => v && setDraft({ ...draft, density: v })}
        sx={{ flexWrap: 'wrap' }}
      >
        {DENSITIES.map((d) => (
          <ToggleButton key={d} value={d} data-testid={`density-${d}`}>
            {t(`browser.prefs.densities.${d}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, mt: 3 }}>
        <TextField
          select
          label={t('browser.prefs.defaultSort')}
          value={draft.defaultSort.field}
          onChange={(e) =>
            setDraft({ ...draft, defaultSort: { ...draft.defaultSort, field: e.target.value as ProfileSortField } })
          }
        >
          {PROFILE_SORT_FIELDS.map((f) => (
            <MenuItem key={f} value={f}>
              {t(`browser.sortFields.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('browser.prefs.order')}
          value={draft.defaultSort.order}
          onChange={(e) =>
            setDraft({
              ...draft,
              defaultSort: { ...draft.defaultSort, order: e.target.value === 'desc' ? 'desc' : 'asc' },
            })
          }
        >
          <MenuItem value="asc">{t('browser.prefs.asc')}</MenuItem>
          <MenuItem value="desc">{t('browser.prefs.desc')}</MenuItem>
        </TextField>
      </Box>
      <FormControlLabel
        sx={{ mt: 2 }}
        control={
          <Switch
            checked={draft.mostCommonFirst}
            onChange={(e) => setDraft({ ...draft, mostCommonFirst: e.target.checked })}
          />
        }
        label={t('browser.prefs.mostCommonFirst')}
      />
    </GenericDialog>
  );
}
