import { useTranslation } from 'react-i18next';

/** A rule's key as the user reads it (`validation.<key>`), else the key as the server wrote it. */
export function useErrorText(): (key: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (key) => {
    if (!key) return undefined;
    return i18n.exists(`validation.${key}`) ? t(`validation.${key}`) : key;
  };
}
