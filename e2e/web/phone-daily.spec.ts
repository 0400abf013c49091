import { rmSync } from 'node:fs';
import { startTestPhone, type TestPhone } from '@facet/server/test/adb-device';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/*
 * Cloud phones → environment daily (docs/phones.md, Daily; Preferences and notices) against a test
 * phone on 127.0.0.1: time on per day, the phone preferences dialog, the notices bell. Its own
 * server, so the devices it registers meet no other spec.
 */
test.describe.configure({ mode: 'default' });

let facet: Awaited<ReturnType<typeof startFacet>>;
let phone: TestPhone | undefined;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  facet = await startFacet();
});
test.afterAll(async () => {
  await phone?.stop();
  if (!facet) return;
  facet.proc.kill('SIGTERM');
  await new Promise((r) => facet.proc.once('exit', r));
  rmSync(facet.dataDir, { recursive: true, force: true });
});

interface Env {
  id: number;
  name: string;
  state: string;
}

test('a user sees time on per day, sets the phone preferences and reads the notices', async ({ page }) => {
  test.setTimeout(120_000);
  const base = facet.url;
  phone = await startTestPhone();
  const admin = await new ServerApi(base).login('admin', ADMIN_PASSWORD);
  await admin.call('POST', '/v1/admin/phones/devices', {
    name: 'Daily phone',
    host: '127.0.0.1',
    port: phone.port,
    region: 'e2e-daily',
    androidVersion: '13',
  });
  const pkg = await admin.call<{ id: number }>('POST', '/v1/admin/phones/packages', {
    name: 'Daily 30',
    region: 'e2e-daily',
    androidVersion: '13',
    days: 30,
    price: '0.00',
  });
  const u = uniqueUser();
  const user = await new ServerApi(base).register(u, admin);
  await user.call('POST', '/v1/cloudphone/envPackage/commitPackagePay', { packageId: pkg.id, name: 'Shop one' });
  const list = async () => (await user.call<{ list: Env[] }>('POST', '/v1/cloudphone/cloudPhonesEvn/list', {})).list;
  await expect.poll(async () => (await list())[0]?.state, { timeout: 20_000 }).toBe('off');
  const env = (await list())[0]!;
  // On for a moment, then closed: one opening today.
  await user.call('POST', '/v1/cloudphone/cloudPhonesEvn/open', { id: env.id });
  await new Promise((r) => setTimeout(r, 1_100));
  await user.call('POST', '/v1/cloudphone/cloudPhonesEvn/close', { id: env.id });

  await signInAs(page, u.username, u.password, { base: base });
  await page.getByRole('link', { name: 'Environment daily' }).click();
  await expect(page).toHaveURL(/\/environmentdaily$/);
  const row = page.locator(`[data-testid^="daily-row-"][data-testid$="-${env.id}"]`);
  await expect(row).toContainText('Shop one');
  await expect(row).toContainText(/\d+ sec/);
  await expect(row.getByRole('cell').last()).toHaveText('1');
  await expect(page.getByTestId('daily-total')).toContainText(/Total time on: \d+ sec/);
  // A range before it: nothing.
  await page.getByTestId('daily-from').fill('2020-01-01');
  await page.getByTestId('daily-to').fill('2020-01-31');
  await expect(page.getByText('No cloud phone was on in these days.')).toBeVisible();

  // The preferences: a bad proxy host stays at its field; then saved, and the server has them.
  await page.getByTestId('phone-settings-open').click();
  const dialog = page.getByRole('dialog');
  await page.getByTestId('default-locale').fill('de-DE');
  await page.getByTestId('default-proxy').click();
  await page.getByRole('option', { name: 'HTTP' }).click();
  await page.getByTestId('default-proxy-host').fill('bad host');
  await page.getByTestId('default-proxy-port').fill('3128');
  await page.getByTestId('notify-resetDone-email').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('default-proxy-host')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('default-proxy-host')).toHaveAccessibleDescription(
    'Enter a host name or an IP address, without spaces',
  );
  await page.getByTestId('default-proxy-host').fill('10.0.0.2');
  // The dialog takes one confirm per 300 ms (GenericDialog): a second click that soon is dropped.
  await expect(async () => {
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const saved = await user.call<{ defaults: Record<string, unknown>; notify: Record<string, unknown> }>(
    'GET',
    '/v1/cloudphone/cloudPhonesGlobalConfig/config',
  );
  expect(saved.defaults).toEqual({ locale: 'de-DE', proxy: { proxyType: 'http', host: '10.0.0.2', port: 3128 } });
  expect(saved.notify.resetDone).toEqual({ email: true, console: true });

  // A new machine: the bell counts it, lists it, and marks it read.
  await user.call('GET', `/v1/cloudphone/cloudPhonesEvn/oneClickNewMachine/${env.id}`);
  await page.reload();
  await expect(page.getByTestId('phone-notices-unread')).toContainText('1');
  await page.getByTestId('phone-notices').click();
  await expect(page.getByTestId('phone-notices-list')).toContainText('Shop one is a new machine');
  await page.getByTestId('phone-notices-read-all').click();
  await expect(page.getByTestId('phone-notices-read-all')).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('phone-notices-unread').locator('.MuiBadge-invisible')).toHaveCount(1);
});
