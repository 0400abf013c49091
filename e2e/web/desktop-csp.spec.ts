import type { Page } from '@playwright/test';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

/**
 * The console under the desktop app's style policy (docs/security.md, The packaged desktop app):
 * style sheets of its own origin and style elements with the window's nonce, nothing inline. The
 * policy is set on the console's documents as the app's main process sets it, and `window.facet`
 * stands for the preload, which hands the console the nonce.
 */
const NONCE = 'ZTJlLXN0eWxlLW5vbmNlLTE';
const policy = (nonce: string) =>
  `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; frame-src 'none'; base-uri 'self'; form-action 'self'`;

async function underDesktopPolicy(page: Page, baseURL: string, styleNonce: string | null) {
  await page.route(`${baseURL}/**`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy(NONCE) } });
  });
  await page.addInitScript((nonce) => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (e) =>
      violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
    // The preload's bridge, as far as the login page and the dashboard use it.
    (window as unknown as { facet: unknown }).facet = {
      kind: 'electron',
      platform: 'linux',
      clientVersion: '0.1.0',
      ...(nonce ? { styleNonce: nonce } : {}),
      pairSession: async () => undefined,
      getGlobalConfigs: async () => ({ localApiUrl: 'http://127.0.0.1:7701' }),
      getLocalApiKey: async () => ({ apiKey: 'fcl_desktop-csp-test' }),
      newPairingCode: async () => ({ code: '7K2M-9QXA-4HDT-1VZB' }),
      activeProfiles: async () => [],
      on: () => () => undefined,
    };
  }, styleNonce);
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('the console renders under the desktop app’s style policy: MUI’s styles carry the nonce, nothing inline is needed', async ({
  page,
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  await new ServerApi(baseURL!).register(user, admin);
  await underDesktopPolicy(page, baseURL!, NONCE);
  await signInAs(page, user.username, user.password);
  await page.goto('/settings/local-api');
  await expect(page.getByTestId('client-status')).toHaveText('Running in the desktop app');
  // Styled: the status chip has MUI's colours, the page its base font and no margin.
  const chip = page.getByTestId('client-status');
  expect(await chip.evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px');
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
  const styles = await page.evaluate(() =>
    Array.from(document.querySelectorAll('style'), (s) => ({
      nonce: s.nonce,
      emotion: s.hasAttribute('data-emotion'),
    })),
  );
  expect(styles.length).toBeGreaterThan(0);
  for (const s of styles) expect(s).toEqual({ nonce: NONCE, emotion: true });
  expect(await violations(page)).toEqual([]);
});

test('the same policy without the nonce refuses MUI’s style elements (the check above can fail)', async ({
  page,
  baseURL,
}) => {
  await underDesktopPolicy(page, baseURL!, null);
  await page.goto('/login?lang=en');
  await expect(page.locator('input[name=username]')).toBeVisible();
  await expect.poll(async () => (await violations(page)).some((v) => v.startsWith('style-src'))).toBe(true);
});
