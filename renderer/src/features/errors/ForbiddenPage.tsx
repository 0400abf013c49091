import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  return <ErrorPage status="403" title={t('errors.forbiddenTitle')} text={t('errors.forbiddenText')} />;
}
