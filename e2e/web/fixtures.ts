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
  page: async ({ page }, use) => {
    // Nothing may leave the machine: any request to another host fails the test.
    const external: string[] = [];
    page.on('request', (r) => {
      const host = new URL(r.url()).hostname;
      if (!['127.0.0.1', 'localhost'].includes(host) && !r.url().startsWith('data:')) external.push(r.url());
    });
    await use(page);
    expect(external, 'requests to other hosts').toEqual([]);
  },
});
export { expect };

let seq = 0;
/** A unique name and a unique Chinese mobile number per test run. */
export function uniqueUser() {
  const n = `${Date.now() % 1e7}${process.pid % 100}${seq++}`.slice(-8).padStart(8, '0');
  return { username: `u_${n}`, password: 'Passw0rd!x', phone: `139${n}` };
}

export async function loginThroughForm(page: Page, username: string, password: string) {
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A new main account signed in through the console's form; answers the server client with its token. */
export async function signedIn(page: Page, baseURL: string) {
  const admin = await new ServerApi(baseURL).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  await new ServerApi(baseURL).register(user, admin);
  await page.goto('/login?lang=en');
  await loginThroughForm(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  return new ServerApi(baseURL, token);
}
