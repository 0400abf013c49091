import { z } from 'zod';
import { idRule, intRule, textRule } from '../bounded.js';
import { fileRule, RpaKey, selectorRule, step, text, variableRule } from './fields.js';

/** Variables, files, codes, HTTP, cookies and the profile: the steps that work on data. */

/** The element's text, one of its attributes, or the page's URL, into `variable`. */
export const extractStep = step('extract', {
  what: z.enum(['text', 'attribute', 'url']),
  selector: selectorRule.optional(),
  attribute: textRule(200).optional(),
  variable: variableRule,
});
export const setVariableStep = step('setVariable', { name: variableRule, value: text(10_000) });

const isRegex = (s: string) => {
  try {
    new RegExp(s);
    return true;
  } catch {
    return false;
  }
};
/** The first match of `pattern` in `source` (its group `group`, 0 = the whole match) into `variable`. */
export const regexExtractStep = step('regexExtract', {
  source: text(10_000),
  pattern: textRule(1000).refine(isRegex, RpaKey.regexInvalid),
  flags: textRule(8)
    .regex(/^[imsu]*$/, RpaKey.regexInvalid)
    .optional(),
  group: intRule(0, 50).optional(),
  variable: variableRule,
});

/** A table from the files folder: xlsx or csv (first row = column names) or txt (a `line` per row). */
export const readInputStep = step('readInput', { path: fileRule, variable: variableRule });
/**
 * Writes rows to an xlsx or csv file in the files folder: the table in `variable`, or one row of
 * the named variables' values (`columns`) appended to what the file holds.
 */
export const saveDataStep = step('saveData', {
  path: fileRule,
  variable: variableRule.optional(),
  columns: z.array(variableRule).min(1).max(100).optional(),
}).refine((s) => s.variable !== undefined || s.columns !== undefined, { message: RpaKey.waitNeedsTarget });
/** The current TOTP code (RFC 6238, 30 s, 6 digits) of a base32 secret. */
export const totpStep = step('totp', { secret: text(500), variable: variableRule });
const httpUrl = text().refine((u) => /^(https?:\/\/|\$\{)/i.test(u), RpaKey.httpScheme);
export const httpRequestStep = step('httpRequest', {
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']),
  url: httpUrl,
  headers: z
    .array(z.object({ name: textRule(200), value: text(4000) }))
    .max(50)
    .optional(),
  body: text(100_000).optional(),
  /** The answer's body text; `${variable_status}` gets its status code. */
  variable: variableRule,
});
/** The context's cookies (of `url` when given) as JSON text into `variable`. */
export const getCookiesStep = step('getCookies', { url: text().optional(), variable: variableRule });
/** Cookies as JSON text (an array in Playwright's or the profile export's shape) added to the context. */
export const setCookiesStep = step('setCookies', { cookies: text(200_000) });
/** Runs another saved flow with the same variables (the caller resolves the id). */
export const callFlowStep = step('callFlow', { flowId: idRule });
export const updateProfileStep = step('updateProfile', {
  /** The profile's own bounds (its remark and tags fields). */
  remark: text(500).optional(),
  tags: z.array(textRule(30).min(1)).max(20).optional(),
}).refine((s) => s.remark !== undefined || s.tags !== undefined, { message: RpaKey.profileNeedsChange });
