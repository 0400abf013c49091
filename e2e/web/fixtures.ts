import { test as base, expect, type Page } from '@playwright/test';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

/** Tests run against the server the global setup started (its URL is set in the workers' env). */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.FACET_E2E_URL;
    if (!url) throw new Error('FACET_E2E_URL is not set: the global setup did not start Facet');
    await use(url);
  },
  page: async ({ page }, use, testInfo) => {
    // Nothing may leave the machine: any request to another host fails the test.
    const external: string[] = [];
    page.on('request', (r) => {
      const host = new URL(r.url()).hostname;
      if (!['127.0.0.1', 'localhost'].includes(host) && !r.url().startsWith('data:')) external.push(r.url());
    });
    const trail = recordTrail(page);
    await use(page);
    // A failure in CI leaves only the printed report: it says where the page was and what it last heard.
    if (testInfo.status !== testInfo.expectedStatus) console.log(await trail.report());
    expect(external, 'requests to other hosts').toEqual([]);
  },
});
export { expect };

/** The page's last API answers and console messages, for the report of a failed test. */
function recordTrail(page: Page) {
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (lines.length > 40) lines.shift();
  };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') keep(`console.${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) keep(`navigated to ${f.url()}`);
  });
  page.on('requestfailed', (r) => keep(`${r.method()} ${r.url()} failed: ${r.failure()?.errorText}`));
  page.on('response', async (r) => {
    if (!new URL(r.url()).pathname.startsWith('/api/')) return;
    const body = await r.text().catch(() => '');
    const code = /"code":\s*"?(-?\w+)/.exec(body.slice(0, 200))?.[1] ?? '';
    keep(`${r.request().method()} ${r.url()} → ${r.status()} ${code}`);
  });
  return {
    async report() {
      const text = await page
        .evaluate(() => document.body?.innerText.slice(0, 600) ?? '')
        .catch((e: Error) => `(unreadable: ${e.message})`);
      return [`--- page at ${page.url()}`, text, '--- last API answers and console messages', ...lines].join('\n');
    },
  };
}

let seq = 0;
/** A unique name and a unique Chinese mobile number per test run. */
export function uniqueUser() {
  const n = `${Date.now() % 1e7}${process.pid % 100}${seq++}`.slice(-8).padStart(8, '0');
  return { username: `u_${n}`, password: 'Passw0rd!x', phone: `139${n}` };
}

/**
 * Signs a user in behind the form, for specs about something else (the form has its own): the
 * server's login call, then the session put where the console keeps it (docs/accounts.md, cookie
 * and local storage), then `path` opened in English. One console start instead of three.
 * Answers the session's token.
 */
export async function signInAs(
  page: Page,
  username: string,
  password: string,
  opts: { path?: string; base?: string } = {},
) {
  const base = opts.base || process.env.FACET_E2E_URL!;
  const path = opts.path ?? '/dashboard';
  const { access_token, sid } = await new ServerApi(base).session(username, password);
  await page.context().addCookies([
    { name: 'token', value: access_token, url: base },
    // A fresh session needs no exchange: the console's login sets the same marker.
    { name: 'tokenRefreshed', value: '1', url: base },
  ]);
  await page.goto(`${base}/healthz`);
  await page.evaluate(
    ([token, id]) => {
      localStorage.setItem('token', token!);
      localStorage.setItem('sid', id!);
      localStorage.setItem('locale', 'en');
    },
    [access_token, sid],
  );
  await page.goto(`${base}${path}`);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  // Started, as after the form: the user and the menus are read and the layout shows. A spec that
  // went on at once would cut that start short with its next page.
  await expect(page.getByTestId('user-menu')).toBeVisible();
  return access_token;
}

export async function loginThroughForm(page: Page, username: string, password: string) {
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Chooses a language with the header's switch, as a person would: a pick the menu missed while it
 * was still growing in (a loaded machine) is made again; the menu is gone when this returns.
 */
export async function chooseLanguage(page: Page, lng: string) {
  const menu = page.locator('[role=menu]');
  await expect(async () => {
    if ((await menu.count()) === 0) await page.getByTestId('language-switch').click();
    await page.locator(`[role=menuitem][data-lang="${lng}"]`).click({ timeout: 5_000 });
    await expect(menu).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** A new main account, signed in; answers the server client with its token. */
export async function signedIn(page: Page, baseURL: string) {
  const admin = await new ServerApi(baseURL).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  await new ServerApi(baseURL).register(user, admin);
  return new ServerApi(baseURL, await signInAs(page, user.username, user.password, { base: baseURL }));
}
