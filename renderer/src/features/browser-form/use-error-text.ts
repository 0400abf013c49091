import { useTranslation } from 'react-i18next';

/** An error key or text as the user reads it: the form's keys, the proxy fields', the validation rules', or as is. */
export function useFormErrorText(): (keyOrText: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (k) => {
    if (!k) return undefined;
    for (const ns of ['browserForm.errors', 'proxyFields.errors', 'validation'])
      if (i18n.exists(`${ns}.${k}`)) return t(`${ns}.${k}`);
    return k;
  };
}
