import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error';

/**
 * A refusal of an identity call in the user's words: each field error's key as
 * `identity.errors.<key>`, else `validation.<key>`, else the transport's own text.
 */
export function useIdentityErrorText() {
  const { t, i18n } = useTranslation();
  return (e: ApiError) => {
    const texts = e.errors.map((fe) => {
      const key = [`identity.errors.${fe.key}`, `validation.${fe.key}`].find((k) => i18n.exists(k));
      return key ? t(key, { detail: fe.detail ?? '' }) : null;
    });
    return texts.length && texts.every(Boolean) ? texts.join('; ') : e.message;
  };
}
