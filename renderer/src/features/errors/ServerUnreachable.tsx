import CloudOffIcon from '@mui/icons-material/CloudOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * What the navigation guard shows once the server has failed to answer twice in a row: the
 * console keeps asking, and the person may ask at once or sign out (docs/accounts.md, Session codes).
 */
export function ServerUnreachable({ onRetry, onSignOut }: { onRetry: () => void; onSignOut: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      data-testid="server-unreachable"
      sx={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}
    >
      <Stack sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 440, gap: 1 }}>
        <CloudOffIcon color="action" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1">
          {t('errors.unreachable.title')}
        </Typography>
        <Typography color="text.secondary">{t('errors.unreachable.text')}</Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 1.5, mt: 2, alignSelf: 'stretch', justifyContent: 'center' }}
        >
          <Button variant="contained" onClick={onRetry} data-testid="server-unreachable-retry">
            {t('errors.unreachable.retry')}
          </Button>
          <Button variant="outlined" onClick={onSignOut} data-testid="server-unreachable-sign-out">
            {t('errors.unreachable.signOut')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
