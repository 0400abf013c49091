import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function RecycleEmpty({ searching }: { searching: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 8, px: 2, textAlign: 'center' }} data-testid="recycle-empty">
      <DeleteOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography sx={{ mt: 1, fontWeight: 500 }}>
        {searching ? t('recycle.empty.noMatch') : t('recycle.empty.title')}
      </Typography>
      {!searching && (
        <Typography variant="body2" color="text.secondary">
          {t('recycle.empty.hint')}
        </Typography>
      )}
    </Box>
  );
}
