import type { FieldError } from '@facet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';

/**
 * The server's field errors ({field, key}) of a form, by the form's own field name (`body.name` →
 * `name`, `body.prices.2.currency` → `prices.2.currency`), as the user reads them. The transport
 * has shown the refusal as a notice too; this keeps it at the field until the field changes.
 * A rule's text is `<ownKeys>.<key>` where the area has its own (`phoneAdmin.errors`), else
 * `validation.<key>`, else the key as the server wrote it.
 */
export function useFieldErrors(ownKeys?: string) {
  const { t, i18n } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const text = (key: string, detail?: string) => {
    const found = [ownKeys && `${ownKeys}.${key}`, `validation.${key}`].find((k) => k && i18n.exists(k));
    return found ? t(found, { detail: detail ?? '' }) : key;
  };
  const show = (list: readonly FieldError[]): boolean => {
    const next: Record<string, string> = {};
    for (const fe of list) {
      const field = fe.field.replace(/^body\./, '');
      if (field && !next[field]) next[field] = text(fe.key, fe.detail);
    }
    setErrors(next);
    return Object.keys(next).length > 0;
  };
  return {
    errors,
    /** Takes a failed save's field errors; false when it carried none (the notice said it all). */
    take(e: unknown): boolean {
      return e instanceof ApiError && e.errors.length > 0 && show(e.errors);
    },
    /** Shows field errors found before sending (the call's own schema, `fieldErrorsOf`); false when none. */
    show,
    clear(field: string) {
      if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
    },
    reset: () => setErrors({}),
  };
}
