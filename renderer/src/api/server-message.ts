import type { FieldError } from '@facet/shared';
import type { TransportTexts } from './transport-env';

/** One refusal as the server put it: the field, then its detail (or the rule's key). */
const partOf = (e: FieldError) => [e.field, e.detail || e.key].filter(Boolean).join(': ');

/**
 * The text of a refusal. Known app codes have their own texts; otherwise each field error's key
 * is shown as its `validation.<key>` text where the console has one, else as the server wrote it.
 */
export function translateServerMessage(
  texts: TransportTexts,
  code: number,
  message: string,
  errors?: readonly FieldError[],
): string {
  // A text may name the refusal's detail (a quota's limit, a minimum): `{{detail}}`.
  const known = (key: string, detail?: string) =>
    texts.exists(`validation.${key}`) ? texts.t(`validation.${key}`, { detail: detail ?? '' }) : null;
  // The rule a refusal names says more than its code (10009 for an unknown code and for one's own).
  if (errors?.length && errors.every((e) => known(e.key) !== null))
    return errors.map((e) => known(e.key, e.detail) as string).join('; ');
  const codeKey = `errors.code.${code}`;
  if (texts.exists(codeKey)) return texts.t(codeKey);
  if (errors?.length) return errors.map((e) => known(e.key, e.detail) ?? partOf(e)).join('; ');
  if (!message) return '';
  // A server without `errors` lists its refusals in the message as `field: key; field: key`.
  return message
    .split('; ')
    .map((part) => known(part.slice(part.lastIndexOf(':') + 1).trim()) ?? part)
    .join('; ');
}
