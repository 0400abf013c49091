import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** Why a client setting cannot be changed now, and where to pair a client. */
export function NoClient() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      data-testid="no-client"
      action={
        <Button
          color="inherit"
          size="small"
          component={RouterLink}
          to="/settings/local-api"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('clientSettings.noClient.action')}
        </Button>
      }
    >
      <AlertTitle>{t('clientSettings.noClient.title')}</AlertTitle>
      {t('clientSettings.noClient.text')}
    </Alert>
  );
}
