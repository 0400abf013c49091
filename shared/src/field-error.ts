import { z } from 'zod';

/**
 * A refusal in a form the caller can act on without reading prose: which field (`body.name`,
 * `query.page`, a spreadsheet column; empty when the refusal is about the whole call), the rule's
 * key (a `validation.<key>` i18n key where the console has one) and a detail for humans (English,
 * never parsed). The failure envelope carries a list of them (`errors`); a batch carries them
 * per row.
 */
export const fieldErrorSchema = z.object({
  field: z.string(),
  key: z.string(),
  detail: z.string().optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;

/** A failure envelope: `{ code, message, result: null, errors? }`. */
export interface FailureEnvelope {
  code: number | string;
  message: string;
  result: null;
  errors?: FieldError[];
}

/** The failure envelope as a schema, for the OpenAPI document. */
export const failureEnvelopeSchema = z.object({
  code: z.union([z.number(), z.string()]),
  message: z.string(),
  result: z.null(),
  errors: z.array(fieldErrorSchema).optional(),
});
