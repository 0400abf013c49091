import type { WebsiteCredential } from '@facet/shared';

/**
 * Website credentials (global value `websitesCredentials`) filled in on matching sites.
 *
 * Why not Chromium's own password store: its `Login Data` is an SQLite database whose
 * passwords are encrypted with the OS key store (on Linux with --password-store=basic,
 * AES-128-CBC with a fixed key). Writing it needs an SQLite engine in the client, a native
 * module we do not ship. So the client fills the sign-in form itself: a script added over CDP
 * to every page and frame, in an isolated world (page scripts cannot read the credentials of
 * other sites out of it), fills the username and password fields once a page of a matching
 * site shows them.
 */
export interface CredentialRule {
  /** Exact origin (`https://shop.example:8443`) when the site was given with a scheme. */
  origin: string | null;
  /** Host name (any scheme and port) when the site was given as a bare host. */
  host: string | null;
  user: string;
  password: string;
}

/** What a credential's `site` matches, or null when it names no site. */
export function credentialRule(c: WebsiteCredential): CredentialRule | null {
  const site = c.site.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(site)) {
    try {
      const u = new URL(site);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
      return { origin: u.origin, host: null, user: c.user, password: c.password };
    } catch {
      return null;
    }
  }
  const host = site.split(/[/?#]/)[0]!.replace(/:\d+$/, '').toLowerCase();
  if (!/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/.test(host)) return null;
  return { origin: null, host, user: c.user, password: c.password };
}

/** The same test the page script makes, for unit tests and the client's own checks. */
export function ruleMatches(r: CredentialRule, pageUrl: string): boolean {
  try {
    const u = new URL(pageUrl);
    return r.origin !== null ? u.origin === r.origin : u.hostname.toLowerCase() === r.host;
  } catch {
    return false;
  }
}

/** The isolated world the script runs in; page scripts live in the main world. */
export const AUTOFILL_WORLD = 'facet-autofill';

/** The script for Page.addScriptToEvaluateOnNewDocument, or null when there is nothing to fill. */
export function autofillScript(credentials: WebsiteCredential[]): string | null {
  const rules = credentials.map(credentialRule).filter((r): r is CredentialRule => r !== null);
  if (!rules.length) return null;
  return `(() => {
  const rules = ${JSON.stringify(rules)};
  const here = location.hostname.toLowerCase();
  const mine = rules.find((r) => (r.origin !== null ? location.origin === r.origin : here === r.host));
  if (!mine) return;
  const usable = (e) => !e.disabled && !e.readOnly;
  const set = (el, value) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const fill = () => {
    const pw = [...document.querySelectorAll('input[type=password]')].find(
      (e) => usable(e) && e.autocomplete !== 'new-password',
    );
    if (!pw) return false;
    const inputs = [...(pw.form || document).querySelectorAll('input')];
    const before = inputs.slice(0, inputs.indexOf(pw)).reverse();
    const user =
      inputs.find((e) => e.autocomplete === 'username' && usable(e)) ||
      before.find((e) => ['text', 'email', 'tel'].includes(e.type) && usable(e));
    if (user && !user.value && mine.user) set(user, mine.user);
    if (!pw.value && mine.password) set(pw, mine.password);
    return true;
  };
  const start = () => {
    if (fill()) return;
    // Sign-in forms drawn later by the page's scripts are filled when they appear.
    const watch = new MutationObserver(() => { if (fill()) watch.disconnect(); });
    watch.observe(document.documentElement, { childList: true, subtree: true });
    setTimeout(() => watch.disconnect(), 30000);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
})();`;
}
