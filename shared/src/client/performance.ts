import { z } from 'zod';
import { DEFAULT_PERFORMANCE_CONFIG, DEFAULT_SYSTEM_PROXY } from '../constants.js';

/**
 * Performance config (defaults: open, cpu 95, mem 95, freeCacheSpace 1): `open` turns the load
 * guard on, `cpu`/`mem` are the percent thresholds above which no more profiles open,
 * `freeCacheSpace` 1 clears a profile's HTTP caches when it closes, `xcf` is the client's install
 * key (regenerated when 40 chars or less).
 */
export const performanceConfigSchema = z.object({
  open: z.boolean().default(DEFAULT_PERFORMANCE_CONFIG.open),
  cpu: z.number().min(1).max(100).default(DEFAULT_PERFORMANCE_CONFIG.cpu),
  mem: z.number().min(1).max(100).default(DEFAULT_PERFORMANCE_CONFIG.mem),
  freeCacheSpace: z.union([z.literal(0), z.literal(1)]).default(DEFAULT_PERFORMANCE_CONFIG.freeCacheSpace),
  xcf: z.string().max(200).default(''),
});
export type PerformanceConfig = z.infer<typeof performanceConfigSchema>;
/**
 * What a caller may change: everything but the install key. No defaults here: a field left out
 * keeps its stored value (zod fills `.default()` fields even inside `.partial()`).
 */
export const performanceConfigPatchSchema = z
  .object({
    open: z.boolean(),
    cpu: z.number().min(1).max(100),
    mem: z.number().min(1).max(100),
    freeCacheSpace: z.union([z.literal(0), z.literal(1)]),
  })
  .partial();
export type PerformanceConfigPatch = z.infer<typeof performanceConfigPatchSchema>;

/**
 * System proxy (default: type 1, port null) for the client's own traffic to the server:
 * 1 = direct (no proxy), 2 = an HTTP proxy, 3 = a SOCKS5 proxy.
 */
export const SYSTEM_PROXY_TYPES = { direct: 1, http: 2, socks5: 3 } as const;
const systemProxyFields = {
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(DEFAULT_SYSTEM_PROXY.type as 1),
  host: z.string().trim().max(253).nullable().default(null),
  port: z.number().int().min(1).max(65535).nullable().default(DEFAULT_SYSTEM_PROXY.port),
  username: z.string().max(200).nullable().default(null),
};
const proxyNeedsHostAndPort = (c: { type: number; host: string | null; port: number | null }, ctx: z.RefinementCtx) => {
  if (c.type === 1) return;
  if (!c.host) ctx.addIssue({ code: 'custom', path: ['host'], message: 'required for a proxy' });
  if (c.port === null) ctx.addIssue({ code: 'custom', path: ['port'], message: 'required for a proxy' });
};
/** The system proxy as the client stores and uses it. */
export const systemProxyConfigSchema = z
  .object({ ...systemProxyFields, password: z.string().max(200).nullable().default(null) })
  .superRefine(proxyNeedsHostAndPort);
/**
 * What a caller saves. The password never leaves the client (docs/security.md), so the console
 * cannot send back what it was shown: a password left out keeps the stored one, null clears it.
 */
export const systemProxySaveSchema = z
  .object({ ...systemProxyFields, password: z.string().max(200).nullable().optional() })
  .superRefine(proxyNeedsHostAndPort);
export type SystemProxySave = z.input<typeof systemProxySaveSchema>;
/** What a caller is shown: whether a password is stored, never the password. */
export const systemProxyViewSchema = z.object({ ...systemProxyFields, passwordSet: z.boolean() });
export type SystemProxyView = z.infer<typeof systemProxyViewSchema>;
export type SystemProxyConfig = z.infer<typeof systemProxyConfigSchema>;
