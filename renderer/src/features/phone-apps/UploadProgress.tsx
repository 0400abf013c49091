import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface Sending {
  name: string;
  sent: number;
  total: number;
}

/** The file being sent and how far it is, as a bar and a percentage. */
export function UploadProgress({ sending }: { sending: Sending | null }) {
  const { t } = useTranslation();
  if (!sending) return null;
  const percent = sending.total ? Math.min(100, Math.round((sending.sent / sending.total) * 100)) : 0;
  return (
    <Box sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 280px' } }} data-testid="upload-progress">
      <Typography variant="caption" noWrap component="div" title={sending.name}>
        {t('phoneApps.sending', { name: sending.name, percent })}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={sending.name} />
    </Box>
  );
}
