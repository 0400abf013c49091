import { useTranslation } from 'react-i18next';

/**
 * Turns an error into text: a key of these fields (`proxyFields.errors.`), a shared validation key
 * (`validation.`), or a text the server already wrote, shown as it is.
 */
export function useErrorText(): (keyOrText: string) => string {
  const { t, i18n } = useTranslation();
  return (k) => {
    if (i18n.exists(`proxyFields.errors.${k}`)) return t(`proxyFields.errors.${k}`);
    if (i18n.exists(`validation.${k}`)) return t(`validation.${k}`);
    return k;
  };
}
