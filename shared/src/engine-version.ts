import type { Fingerprint } from './schemas/profile.js';

/**
 * A profile claims the browser version of the engine that runs it (docs/client.md, Claims the
 * engine can back): a Chrome 147 user agent on a Chromium 156 engine is told apart by every
 * feature the engine has and 147 had not. These are the pieces that name the version.
 */

/** "156.0.7571.0" from Chromium's product string ("Chrome/156.0.7571.0", "HeadlessChrome/…"). */
export function engineVersionOf(product: string): string | null {
  return /(?:^|\/)(\d+\.\d+\.\d+\.\d+)$/.exec(product.trim())?.[1] ?? null;
}

export const majorOf = (version: string): number => Number.parseInt(version, 10) || 0;

/** Whether the profile claims an older Chrome than the engine (the grid offers to upgrade it). */
export function claimsOlderThan(fp: Pick<Fingerprint, 'os' | 'browserVersion'>, engine: string): boolean {
  return fp.os !== 'ios' && majorOf(fp.browserVersion) < majorOf(engine);
}

const CHROME_BRANDS = /^(Google Chrome|Chromium|Microsoft Edge)$/;

function alignBrands(list: unknown, version: string): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((b) =>
    b && typeof b === 'object' && CHROME_BRANDS.test(String((b as { brand?: unknown }).brand))
      ? { ...(b as object), version }
      : b,
  );
}

/**
 * The fingerprint claiming `engine` (full version) instead of its own Chrome: the user agent as
 * Chrome writes it (reduced: major.0.0.0), client hints with the engine's major and full version.
 * Everything else (OS, GPU, screen, noise) stays. Safari profiles (iOS) are left as they are.
 */
export function alignToEngine<T extends Fingerprint>(fp: T, engine: string): T {
  if (fp.os === 'ios') return fp;
  const major = String(majorOf(engine));
  const ch = fp.clientHints as Record<string, unknown>;
  return {
    ...fp,
    browserVersion: major,
    userAgent: fp.userAgent
      .replace(/Chrome\/\d+(?:\.\d+){0,3}/, `Chrome/${major}.0.0.0`)
      .replace(/Edg\/\d+(?:\.\d+){0,3}/, `Edg/${major}.0.0.0`),
    clientHints: {
      ...ch,
      ...(ch.brands !== undefined ? { brands: alignBrands(ch.brands, major) } : {}),
      ...(ch.fullVersionList !== undefined ? { fullVersionList: alignBrands(ch.fullVersionList, engine) } : {}),
      ...(ch.uaFullVersion !== undefined ? { uaFullVersion: engine } : {}),
    },
  };
}
