import { z } from 'zod';

/**
 * The client's built-in fingerprint check (docs/client.md, The fingerprint checker): the profile
 * opens a page the client serves, a probe runs in every kind of context, and the client reports
 * each mismatch between contexts, between the profile's claims and the engine, and every sign of
 * patching it finds. `POST /api/v1/profiles/check-fingerprint` and the bridge's `checkFingerprint`.
 */

/** The contexts the probe runs in, in the order the report lists them. */
export const CHECK_CONTEXTS = [
  'page',
  'sameOriginFrame',
  'crossOriginFrame',
  'dedicatedWorker',
  'sharedWorker',
  'serviceWorker',
] as const;
export type CheckContext = (typeof CHECK_CONTEXTS)[number];

/**
 * - `context`: a value differs between two contexts of the same profile (`where`: the contexts that
 *   differ from the page).
 * - `claim`: what the profile claims disagrees with itself, with its settings or with the engine
 *   (the UA's version with the engine's, the client hints with the UA, Accept-Language with the
 *   languages …).
 * - `patch`: a sign that a value was put there by a script (a getter's source shows, a foreign
 *   `this` gives no "Illegal invocation", a descriptor or a global the browser does not have …).
 */
export const CHECK_FINDING_KINDS = ['context', 'claim', 'patch'] as const;

export const checkFindingSchema = z.object({
  kind: z.enum(CHECK_FINDING_KINDS),
  /** What was compared: a value's name (`navigator.languages`) or a member (`Navigator.prototype.platform`). */
  subject: z.string(),
  /** The contexts where it was seen. */
  where: z.array(z.enum(CHECK_CONTEXTS)),
  /** What a browser would show (the page's value, the claim, the browser's behaviour). */
  expected: z.string(),
  actual: z.string(),
});
export type CheckFinding = z.infer<typeof checkFindingSchema>;

export const checkContextResultSchema = z.object({
  context: z.enum(CHECK_CONTEXTS),
  /** false: the context did not answer (its error in `error`). */
  ran: z.boolean(),
  error: z.string().default(''),
  /** What the probe read there, by name (strings, for a table). */
  values: z.record(z.string(), z.string()),
});
export type CheckContextResult = z.infer<typeof checkContextResultSchema>;

export const fingerprintCheckSchema = z.object({
  id: z.number().int(),
  checkedAt: z.string(),
  /** The engine that ran the check, e.g. "Chrome/147.0.7727.55". */
  engine: z.string(),
  contexts: z.array(checkContextResultSchema),
  findings: z.array(checkFindingSchema),
  /**
   * A digest of what a site would use to tell this profile from others (UA, languages, zone,
   * screen, hardware, WebGL, canvas, audio, fonts): different between profiles, the same across
   * reopening one.
   */
  fingerprintHash: z.string(),
  /** How long the check took, from opening the page to the last context's answer. */
  durationMs: z.number(),
});
export type FingerprintCheck = z.infer<typeof fingerprintCheckSchema>;
