import type { Flow, Step } from './flow.js';

export interface CookieRobotOptions {
  sites: string[];
  /** How long to stay on each site, a random time in [min, max] ms, spread over the scrolls. */
  dwellMs: { min: number; max: number };
  /** Wheel scrolls per site. */
  scrolls: number;
  /** Clicks per site on a random same-site link (the page is left only within the site). */
  clicks: number;
}

const MAX_SITES = 100;

/**
 * The profile screen's cookie robot (docs/rpa.md, The cookie robot): a built-in flow that warms a
 * profile up by visiting each site, staying a human-like while, scrolling and clicking around.
 */
export function cookieRobotFlow(o: CookieRobotOptions): Flow {
  const sites = o.sites
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, MAX_SITES)
    .map((s) => (/^https?:\/\//i.test(s) ? s : `https://${s}`));
  const parts = Math.max(1, o.scrolls + o.clicks);
  const min = Math.max(0, Math.round(o.dwellMs.min / parts));
  const max = Math.max(min, Math.round(o.dwellMs.max / parts));
  const pause: Step = { type: 'wait', ms: min, maxMs: max };
  const steps: Step[] = [];
  for (const url of sites) {
    steps.push({ type: 'goto', url, waitUntil: 'domcontentloaded', timeoutMs: 60_000 });
    if (o.scrolls > 0)
      steps.push({ type: 'repeat', times: o.scrolls, steps: [{ type: 'scroll', y: 600, times: 3 }, pause] });
    if (o.clicks > 0)
      steps.push({
        type: 'repeat',
        times: o.clicks,
        steps: [
          {
            type: 'runJs',
            // A random visible link of the same site, clicked as the page would see a click.
            code: "const l = [...document.querySelectorAll('a[href]')].filter((a) => a.host === location.host && a.offsetParent); const a = l[Math.floor(Math.random() * l.length)]; if (a) { a.removeAttribute('target'); a.click(); } return Boolean(a);",
          },
          pause,
        ],
      });
    if (o.scrolls + o.clicks === 0) steps.push(pause);
  }
  return { version: 1, steps };
}

/** The most sites one cookie-robot task visits. */
export const COOKIE_ROBOT_MAX_SITES = MAX_SITES;

/**
 * A site as the robot visits it: `https://` added when no scheme is given; null when it is not an
 * http(s) address with a host name (`ftp://…`, `javascript:…`, a word without a dot, spaces).
 */
export function siteUrl(input: string): string | null {
  const s = input.trim();
  if (!s || /\s/.test(s)) return null;
  // `host:8080/…` is a host with a port, not a scheme.
  const scheme = /^[a-z][a-z0-9+.-]*:/i.test(s) && !/^[^:/]+:\d+(\/|$)/.test(s);
  const full = scheme ? s : `https://${s}`;
  if (!/^https?:\/\/[^/]/i.test(full)) return null;
  try {
    const host = new URL(full).hostname;
    return host.includes('.') || host === 'localhost' || host.startsWith('[') ? full : null;
  } catch {
    return null;
  }
}

export interface SiteList {
  /** The sites in order, each once, at most COOKIE_ROBOT_MAX_SITES. */
  sites: string[];
  /** Lines that are not an http(s) address (1-based line numbers). */
  invalid: { line: number; text: string }[];
  /** Lines that repeat a site already listed. */
  duplicates: number;
  /** Sites past COOKIE_ROBOT_MAX_SITES, left out. */
  over: number;
}

const HEADERS = new Set(['url', 'urls', 'site', 'sites', 'website', 'domain', 'address', 'link']);

/**
 * The cookie robot's sites from pasted text or a .txt/.csv file: one a line, a csv line's first
 * cell; blank lines, `#` comments and a header line (`url`, `site` …) are skipped.
 */
export function parseSites(text: string): SiteList {
  const out: SiteList = { sites: [], invalid: [], duplicates: 0, over: 0 };
  const seen = new Set<string>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const [i, raw] of lines.entries()) {
    const cell = (raw.split(/[,;\t]/)[0] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (!cell || cell.startsWith('#')) continue;
    if (i === 0 && HEADERS.has(cell.toLowerCase())) continue;
    const url = siteUrl(cell);
    if (!url) {
      out.invalid.push({ line: i + 1, text: cell });
      continue;
    }
    const key = new URL(url).href.toLowerCase();
    if (seen.has(key)) out.duplicates++;
    else if (out.sites.length >= MAX_SITES) out.over++;
    else {
      seen.add(key);
      out.sites.push(url);
    }
  }
  return out;
}
