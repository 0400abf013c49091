import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { startTestPhone, type TestPhone } from '@facet/server/test/adb-device';
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/*
 * The operator's cloud-phone screens (docs/phones.md, For the operator) against two test phones that
 * speak ADB on 127.0.0.1. The trial is one setting for the whole server, so the spec has its own.
 */
test.describe.configure({ mode: 'default' });

let facet: Awaited<ReturnType<typeof startFacet>>;
const phones: TestPhone[] = [];
test.beforeAll(async () => {
  test.setTimeout(240_000);
  facet = await startFacet();
});
test.afterAll(async () => {
  await Promise.all(phones.map((p) => p.stop()));
  if (!facet) return;
  facet.proc.kill('SIGTERM');
  await new Promise((r) => facet.proc.once('exit', r));
  rmSync(facet.dataDir, { recursive: true, force: true });
});

/** A port nothing listens on: bound, then let go. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

async function addDevice(page: Page, d: { name: string; port: number; region: string }) {
  const dialog = page.getByRole('dialog');
  await page.getByTestId('device-create').click();
  await page.getByTestId('device-name').fill(d.name);
  await page.getByTestId('device-region').fill(d.region);
  await page.getByTestId('device-host').fill('127.0.0.1');
  await page.getByTestId('device-port').fill(String(d.port));
  await page.getByTestId('device-androidVersion').fill('13');
  await dialog.getByRole('button', { name: 'Save' }).click();
}

test('the operator adds devices (probed at once), a package that counts the free ones, the trial, and deletes a device', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const base = facet.url;
  phones.push(
    await startTestPhone({ brand: 'google', model: 'Pixel 7' }),
    await startTestPhone({ brand: 'samsung', model: 'SM-S911B' }),
  );
  const [a, b] = phones as [TestPhone, TestPhone];
  const admin = await new ServerApi(base).login('admin', ADMIN_PASSWORD);
  await signInAs(page, 'admin', ADMIN_PASSWORD, { base: base });
  const dialog = page.getByRole('dialog');

  // The menu leads to the devices; the key panel shows the server's key line.
  await page.getByRole('link', { name: 'Phone devices' }).click();
  await expect(page).toHaveURL(/\/admin\/phone-devices$/);
  await expect(page.getByTestId('adb-key-text')).toContainText(/ facet$/);

  // A wrong region is refused at its field before anything is sent.
  await page.getByTestId('device-create').click();
  await page.getByTestId('device-region').fill('US East');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Use lower-case letters, digits and hyphens (2 to 32), e.g. us-east')).toBeVisible();
  await expect(page.getByTestId('device-region')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: /Discard/ }).click();

  // Both test phones: saved, probed, online with what each reported.
  await addDevice(page, { name: 'Phone A', port: a.port, region: 'e2e-east' });
  await expect(page.getByText('Phone A is online: google Pixel 7')).toBeVisible();
  await addDevice(page, { name: 'Phone B', port: b.port, region: 'e2e-east' });
  await expect(page.getByText('Phone B is online: samsung SM-S911B')).toBeVisible();
  const rowA = page.getByTestId('device-Phone A');
  await expect(rowA).toContainText('Online');
  await expect(rowA).toContainText('Pixel 7');
  await expect(rowA).toContainText(`127.0.0.1:${a.port}`);
  await expect(page.getByTestId('device-Phone B')).toContainText('samsung SM-S911B');
  expect(a.connections).toBeGreaterThan(0);

  // A closed port: the dialog stays on the saved device and says why; the row says it too.
  await addDevice(page, { name: 'Nowhere', port: await closedPort(), region: 'e2e-west' });
  await expect(page.getByTestId('device-result')).toContainText('Saved, but not reachable: Refused.');
  await expect(page.getByTestId('device-result')).toContainText('nothing listens on this host and port');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const nowhere = page.getByTestId('device-Nowhere');
  await expect(nowhere).toContainText('Refused');
  await expect(nowhere).toContainText('Check the endpoint and that adbd listens on TCP');

  // Filter by region.
  await page.getByTestId('device-region-filter').click();
  await page.getByRole('option', { name: 'e2e-west' }).click();
  await expect(nowhere).toBeVisible();
  await expect(rowA).toHaveCount(0);

  // A package of the phones' region and version: two devices free.
  await page.getByRole('link', { name: 'Phone packages' }).click();
  await page.getByTestId('package-create').click();
  await page.getByTestId('package-name').fill('East 30');
  await page.getByTestId('package-region').fill('e2e-east');
  await page.getByTestId('package-androidVersion').fill('13');
  await page.getByTestId('package-days').fill('30');
  await page.getByTestId('package-price').fill('9.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Package East 30 saved: 2 devices free')).toBeVisible();
  const pkgRow = page.getByTestId('package-East 30');
  await expect(pkgRow).toContainText('2 free');
  await expect(pkgRow).toContainText('$9.50');

  // The trial: on needs its package (the server says so at the field), then saved.
  await page.getByRole('link', { name: 'Phone trial and settings' }).click();
  const trial = page.getByTestId('trial-form');
  await page.getByTestId('trial-enabled').click();
  await page.getByTestId('trial-fee').fill('0');
  await page.getByTestId('trial-days').fill('3');
  await trial.getByRole('button', { name: 'Save' }).click();
  await expect(trial.getByText('Choose the package the trial uses')).toBeVisible();
  await page.getByTestId('trial-package').click();
  await page.getByRole('option', { name: /^East 30/ }).click();
  await trial.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Trial saved: users may take it')).toBeVisible();
  const saved = await admin.call<{ enabled: boolean; fee: string; days: number; packageId: number | null }>(
    'POST',
    '/v1/cloudphone/cloudPhonesEvn/getTrialFee',
  );
  expect(saved).toMatchObject({ enabled: true, fee: '0.00', days: 3 });
  expect(saved.packageId).not.toBeNull();

  // Expiry settings: a value out of range stays at its field.
  const keeping = page.getByTestId('keeping-form');
  await page.getByTestId('keeping-remindDays').fill('400');
  await keeping.getByRole('button', { name: 'Save' }).click();
  await expect(keeping.getByText('Enter 0 to 90 days')).toBeVisible();
  await page.getByTestId('keeping-remindDays').fill('5');
  await keeping.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Expiry settings saved')).toBeVisible();

  // The IP-check server: only an http:// URL (the device has no TLS for it), saved for everyone.
  const ipCheck = page.getByTestId('ip-check-server-form');
  await page.getByTestId('ip-check-server-url').fill('https://ip.example/json');
  await ipCheck.getByRole('button', { name: 'Save' }).click();
  await expect(ipCheck.getByText('Enter an http:// address, e.g. http://ip-api.com/json')).toBeVisible();
  await page.getByTestId('ip-check-server-url').fill('http://127.0.0.1:9/json');
  await ipCheck.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('IP-check server saved')).toBeVisible();
  expect(await admin.call('GET', '/v1/admin/phones/ipCheckServer')).toEqual({ url: 'http://127.0.0.1:9/json' });

  // Delete the refused device.
  await page.getByRole('link', { name: 'Phone devices' }).click();
  await page.getByRole('button', { name: 'Delete Nowhere' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Nowhere deleted')).toBeVisible();
  await expect(page.getByTestId('device-Nowhere')).toHaveCount(0);
  await expect(rowA).toBeVisible();
});
