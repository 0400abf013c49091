import AddIcon from '@mui/icons-material/Add';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PermissionGate, usePermission } from '../../components/PermissionGate';

/** No profiles: none match the filter (clear it), or none yet (make or import some). */
export function GridEmpty(p: { hasFilter: boolean; onClearFilters: () => void; onImport: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canCreate = usePermission(['browser:create']);
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="grid-empty">
      <Typography variant="h6">{p.hasFilter ? t('browser.empty.noMatch') : t('browser.empty.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {p.hasFilter ? t('browser.empty.noMatchHint') : t('browser.empty.hint')}
      </Typography>
      {p.hasFilter ? (
        <Button onClick={p.onClearFilters}>{t('browser.filters.clear')}</Button>
      ) : (
        canCreate && (
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/browser/create')}>
              {t('browser.toolbar.new')}
            </Button>
            <PermissionGate codes={['browser:import']}>
              <Button variant="outlined" startIcon={<FileUploadIcon />} onClick={p.onImport}>
                {t('browser.toolbar.import')}
              </Button>
            </PermissionGate>
          </Box>
        )
      )}
    </Paper>
  );
}
