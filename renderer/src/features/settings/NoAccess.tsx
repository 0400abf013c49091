import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** What a screen shows to a user whose role lacks its code (the menu usually hides it). */
export function NoAccess() {
  const { t } = useTranslation();
  return <Alert severity="info">{t('errors.forbiddenText')}</Alert>;
}
