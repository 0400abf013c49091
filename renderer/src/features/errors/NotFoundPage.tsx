import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage status="404" title={t('errors.notFoundTitle')} text={t('errors.notFoundText')} />;
}
