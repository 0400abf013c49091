import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CookieInput } from './CookieInput';
import type { FormValues } from './form-values';
import { Section } from './Section';

interface Props {
  values: FormValues;
  set: <K extends keyof FormValues>(k: K, v: FormValues[K]) => void;
  err: (path: string) => string | undefined;
  /** Cookies the profile has now (edit). */
  storedCount: number | null;
}

function CookieSectionView({ values, set, err, storedCount }: Props) {
  const { t } = useTranslation();
  return (
    <Section id="cookies" title={t('browserForm.sections.cookies')}>
      {storedCount !== null && (
        <Typography variant="body2" color="text.secondary">
          {values.cookie.trim()
            ? t('browserForm.cookies.willReplace', { count: storedCount })
            : t('browserForm.cookies.stored', { count: storedCount })}
        </Typography>
      )}
      <CookieInput
        text={values.cookie}
        domain={values.cookieDomain}
        onText={(v) => set('cookie', v)}
        onDomain={(v) => set('cookieDomain', v)}
        serverError={err('cookie') ?? err('cookieDomain')}
      />
    </Section>
  );
}

/** Re-renders only when its own fields, errors or handlers change. */
export const CookieSection = memo(
  CookieSectionView,
  (a, b) =>
    a.values.cookie === b.values.cookie &&
    a.values.cookieDomain === b.values.cookieDomain &&
    a.set === b.set &&
    a.err === b.err &&
    a.storedCount === b.storedCount,
);
