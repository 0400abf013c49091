import { z } from 'zod';
import { intRule } from '../bounded.js';
import { fileRule, msRule, RpaKey, selectorRule, step, text, variableRule } from './fields.js';

/** Tabs, navigation and the page's input: the steps that drive the browser itself. */

const waitUntil = z.enum(['load', 'domcontentloaded', 'networkidle', 'commit']).optional();

export const newTabStep = step('newTab', { url: text().optional() });
export const closeTabStep = step('closeTab', {});
/** Switches by position (0 = first tab) or to the first tab whose URL contains `urlContains`. */
export const switchTabStep = step('switchTab', { index: intRule(0, 1000).optional(), urlContains: text().optional() });
export const gotoStep = step('goto', { url: text(), waitUntil });
export const reloadStep = step('reload', { waitUntil });
export const backStep = step('back', { waitUntil });

export const clickStep = step('click', {
  selector: selectorRule,
  button: z.enum(['left', 'right', 'middle']).optional(),
  clickCount: intRule(1, 3).optional(),
});
export const hoverStep = step('hover', { selector: selectorRule });
/** Types key by key with a random delay in [delayMinMs, delayMaxMs] between keys, like a person. */
export const typeStep = step('type', {
  selector: selectorRule,
  text: text(10_000),
  delayMinMs: intRule(0, 5000).optional(),
  delayMaxMs: intRule(0, 5000).optional(),
  clear: z.boolean().optional(),
}).refine((s) => (s.delayMinMs ?? 0) <= (s.delayMaxMs ?? s.delayMinMs ?? 0), {
  message: RpaKey.rangeOrder,
  path: ['delayMaxMs'],
});
export const selectStep = step('select', { selector: selectorRule, value: text() });
export const uploadFileStep = step('uploadFile', { selector: selectorRule, path: fileRule });
/** Scrolls the page by `y` pixels with the wheel (in `times` movements), or an element into view. */
export const scrollStep = step('scroll', {
  selector: selectorRule.optional(),
  y: intRule(-100_000, 100_000).optional(),
  times: intRule(1, 100).optional(),
});
/** A key or a combination as Playwright names them: `Enter`, `Control+A`. */
export const keysStep = step('keys', { keys: text(200), selector: selectorRule.optional() });

/**
 * Waits `ms`, a random time in [ms, maxMs], for an element (`selector`, in `state`) or for a
 * request whose URL contains `urlContains`.
 */
export const waitStep = step('wait', {
  ms: msRule.optional(),
  maxMs: msRule.optional(),
  selector: selectorRule.optional(),
  state: z.enum(['attached', 'detached', 'visible', 'hidden']).optional(),
  urlContains: text().optional(),
})
  .refine((s) => s.ms !== undefined || s.selector !== undefined || s.urlContains !== undefined, {
    message: RpaKey.waitNeedsTarget,
  })
  .refine((s) => s.maxMs === undefined || (s.ms ?? 0) <= s.maxMs, { message: RpaKey.rangeOrder, path: ['maxMs'] });

/** A PNG of the page (or of the whole page, `fullPage`) saved under the files folder. */
export const screenshotStep = step('screenshot', { path: fileRule, fullPage: z.boolean().optional() });
/** Runs `code` in the page as a function body; what it returns goes to `variable`. */
export const runJsStep = step('runJs', { code: text(20_000), variable: variableRule.optional() });
