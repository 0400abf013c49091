import { rmSync } from 'node:fs';
import { expect, loginThroughForm, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, freePort, startFacet } from './server-process';

const DEFAULT_PORT = ':7701/';
// Its own Facet with the client beside it (npm start's setup), besides the suite's server.
test.describe.configure({ timeout: 180_000 });

test('client: the console knocks on no client port nobody named (no refused connections from login on)', async ({
  page,
  baseURL,
}) => {
  // The suite's server starts no client: the console has no port to look at.
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('requestfailed', (r) => failed.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  await new ServerApi(baseURL!).register(user, admin);
  await page.goto('/login?lang=en');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(errors, 'console errors on the login page').toEqual([]);
  await loginThroughForm(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/local-api');
  await expect(page.getByTestId('client-status')).toHaveText('Unreachable');
  await page.goto('/browser');
  await expect(page.getByTestId('profile-total')).toBeVisible({ timeout: 30_000 });
  // Focus coming back does not knock either.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.waitForLoadState('networkidle');
  expect(failed.filter((u) => u.includes(DEFAULT_PORT))).toEqual([]);
});

test('client: npm start with FACET_CLIENT_PORT set — the console finds that client without being told the port', async ({
  page,
}) => {
  const port = await freePort(7870, 7899);
  const facet = await startFacet({
    FACET_CLIENT: '1',
    FACET_CLIENT_PORT: String(port),
    FACET_HEADLESS: '1',
    CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium',
    // Generated profiles follow the exit IP: never ask an outside service from a test.
    FACET_IP_INFO_URL: 'http://127.0.0.1:9/json',
  });
  try {
    await expect.poll(() => facet.output()).toContain(`local API at http://127.0.0.1:${port}`);
    const failed: string[] = [];
    const crashes: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    page.on('pageerror', (e) => crashes.push(e.message));
    const admin = await new ServerApi(facet.url).login('admin', ADMIN_PASSWORD);
    const user = uniqueUser();
    await new ServerApi(facet.url).register(user, admin);
    await signInAs(page, user.username, user.password, { base: facet.url });
    // Found on its port (nothing kept in this browser): it only waits for the code it printed.
    await page.goto(`${facet.url}/settings/local-api`);
    await expect(page.getByTestId('client-status')).toHaveText('Not paired');
    await expect(page.getByTestId('pair-port')).toHaveValue(String(port));
    const code = [...facet.output().matchAll(/pairing code for the console in a browser: ([0-9A-Z-]{19})/g)].at(
      -1,
    )?.[1];
    expect(code, facet.output()).toBeTruthy();
    await page.getByTestId('pair-code').fill(code!);
    await page.getByTestId('pair-connect').click();
    await expect(page.getByTestId('client-status')).toHaveText('Connected');
    // The next page load finds it again, paired, at once.
    await page.reload();
    await expect(page.getByTestId('client-status')).toHaveText('Connected');
    expect(failed.filter((u) => u.includes(DEFAULT_PORT))).toEqual([]);
    expect(crashes).toEqual([]);
  } finally {
    const exited = new Promise((r) => facet.proc.once('exit', r));
    facet.proc.kill('SIGTERM');
    await exited;
    rmSync(facet.dataDir, { recursive: true, force: true });
  }
});
