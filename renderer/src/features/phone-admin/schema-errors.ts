import { fieldErrorsOf } from '@facet/shared';
import type { z } from 'zod';

/**
 * A form's field errors from the call's own schema, found before sending. Where the schema's rule
 * is shared by fields with different ranges (`daysInvalid`) or has no text (a bare int rule), the
 * form names its own key per field, so the text can say the range.
 */
export const schemaErrors = (error: z.ZodError, own: Record<string, string> = {}) =>
  fieldErrorsOf(error, 'body').map((e) => {
    const key = own[e.field.replace(/^body\./, '')];
    return key ? { ...e, key } : e;
  });
