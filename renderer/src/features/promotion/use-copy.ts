import { NOTICE_TIMEOUT_MS } from '@facet/shared';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../stores/notice';

/** Copies a text and says so; without clipboard access (plain http) it says to copy by hand. */
export function useCopy(): (text: string) => void {
  const { t } = useTranslation();
  return (text) => {
    const failed = () => notifyError(t('promotion.copyFailed'), NOTICE_TIMEOUT_MS);
    if (!navigator.clipboard) return failed();
    navigator.clipboard.writeText(text).then(() => notifySuccess(t('promotion.copied')), failed);
  };
}
