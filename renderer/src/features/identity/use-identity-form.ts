import { fieldErrorsOf } from '@facet/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { useFieldErrors } from '../../components/form/use-field-errors';
import { useIdentityErrorText } from './error-text';

/**
 * A verification form: its values, checked by the call's own schema before sending (so a wrong
 * check digit shows at once, as the server would say it), the server's refusals at their fields
 * and a refusal about the whole form above the button.
 */
export function useIdentityForm<T extends Record<string, string>>(schema: z.ZodType, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const fields = useFieldErrors('identity.errors');
  const errorText = useIdentityErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  return {
    values,
    error: (f: keyof T & string) => fields.errors[f],
    set: (f: keyof T & string, v: string) => {
      setValues((x) => ({ ...x, [f]: v }));
      fields.clear(f);
    },
    formError,
    /** Parses and sends; false when the schema or the server refused (the form shows why). */
    async submit(send: (body: never) => Promise<unknown>): Promise<boolean> {
      setFormError(null);
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        fields.show(fieldErrorsOf(parsed.error));
        return false;
      }
      try {
        await send(parsed.data as never);
        return true;
      } catch (e) {
        if (!fields.take(e)) setFormError(e instanceof ApiError ? errorText(e) : String(e));
        return false;
      }
    },
  };
}
