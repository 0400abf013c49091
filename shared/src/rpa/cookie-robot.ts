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
