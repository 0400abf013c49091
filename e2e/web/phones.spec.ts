import { rmSync } from 'node:fs';
import { adbPublicKey, newAdbKey, startTestPhone, type TestPhone } from '@facet/server/test/adb-device';
import type { Locator, Page } from '@playwright/test';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/*
 * The user's cloud-phone screens (docs/phones.md) against two test phones that speak ADB on
 * 127.0.0.1: the trial, buying from the wallet, the settings reaching the device, open and close,
 * new machine, and renewing on the computing-power screen. The trial is one setting for the whole
 * server, so the spec has its own.
 */
test.describe.configure({ mode: 'default' });

const REGION = 'e2e-user';
let facet: Awaited<ReturnType<typeof startFacet>>;
let admin: ServerApi;
const phones: TestPhone[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  facet = await startFacet();
  phones.push(
    await startTestPhone({ brand: 'google', model: 'Pixel 7' }),
    await startTestPhone({ brand: 'samsung', model: 'SM-S911B' }),
  );
  admin = await new ServerApi(facet.url).login('admin', ADMIN_PASSWORD);
  for (const [i, p] of phones.entries())
    await admin.call('POST', '/v1/admin/phones/devices', {
      name: `User phone ${i}`,
      host: '127.0.0.1',
      port: p.port,
      region: REGION,
      androidVersion: '13',
    });
  const pkg = await admin.call<{ id: number }>('POST', '/v1/admin/phones/packages', {
    name: 'Month 30',
    region: REGION,
    androidVersion: '13',
    days: 30,
    price: '9.50',
  });
  await admin.call('POST', '/v1/cloudphone/cloudPhonesEvn/setTrialFee', {
    enabled: true,
    fee: '0',
    days: 3,
    packageId: pkg.id,
  });
});
test.afterAll(async () => {
  await Promise.all(phones.map((p) => p.stop()));
  if (!facet) return;
  facet.proc.kill('SIGTERM');
  await new Promise((r) => facet.proc.once('exit', r));
  rmSync(facet.dataDir, { recursive: true, force: true });
});

const row = (page: Page, name: string) => page.getByTestId(`phone-row-${name}`);
const state = (r: Locator) => r.getByTestId('phone-state').filter({ visible: true });

/** The test phone an environment's row says it runs on (the two differ by model). */
async function phoneOf(r: Locator): Promise<TestPhone> {
  const text = await r.textContent();
  return text?.includes('Pixel 7') ? phones[0]! : phones[1]!;
}

async function rowAction(page: Page, name: string, action: string) {
  await row(page, name).getByTestId('phone-more').click();
  await page.getByTestId(`phone-action-${action}`).click();
}

test('a user takes the trial, buys from the wallet, sets proxy, locale and time zone on the device, opens, makes a new machine and renews', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = uniqueUser();
  const owner = await new ServerApi(facet.url).register(user, admin);
  const me = await owner.call<{ id: number }>('GET', '/users/currentUser');
  await admin.call('POST', '/v1/admin/ledger/adjust', { userId: me.id, amount: '30.00', reason: 'e2e' });
  await signInAs(page, user.username, user.password, { base: facet.url });

  // The menu leads to the environments; nothing yet, and the trial is offered.
  await page.getByTestId('menu-Environment').click();
  await expect(page).toHaveURL(/\/environment$/);
  await expect(page.getByText('No cloud phones yet. Buy one, or take the trial.')).toBeVisible();
  await expect(page.getByTestId('trial-banner')).toContainText('Try a cloud phone free for 3 days.');
  await page.getByTestId('take-trial').click();
  await expect(page.getByTestId('trial-banner')).toHaveCount(0);
  await expect(row(page, 'Trial').getByTestId('trial-mark').filter({ visible: true })).toBeVisible();

  // Buying: the region, its package (one device left), from the wallet.
  await page.getByTestId('phone-buy').click();
  const buy = page.getByTestId('buy-dialog');
  await page.getByTestId('buy-region').click();
  await page.getByTestId(`region-${REGION}`).click();
  await buy.getByText('Month 30').click();
  await expect(buy).toContainText('1 device free');
  await page.getByTestId('buy-name').fill('Bought');
  await buy.getByTestId('channel-wallet').click();
  await expect(buy.getByTestId('price-total')).toHaveText('$9.50');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment done.')).toBeVisible();

  // Both are set up on their devices while the list re-reads itself.
  await expect(page.locator('[data-testid^="phone-row-"]')).toHaveCount(2);
  await expect(state(row(page, 'Trial'))).toHaveAttribute('data-state', 'off');
  await expect(state(row(page, 'Bought'))).toHaveAttribute('data-state', 'off', { timeout: 20_000 });
  const bought = await phoneOf(row(page, 'Bought'));
  await expect(row(page, 'Bought')).toContainText('30 days left');

  // Export on the toolbar: the selected environment, as xlsx.
  await row(page, 'Bought').getByRole('checkbox').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('phone-list-export').click();
  expect((await download).suggestedFilename()).toMatch(/^cloud-phones.*\.xlsx$/);
  await row(page, 'Bought').getByRole('checkbox').click();

  // Groups (docs/phones.md, Groups): made on their screen, an environment moved into one from the
  // list's batch menu, shown under its name, and the list filtered by it.
  await page.getByTestId('menu-PhoneGroups').click();
  await expect(page).toHaveURL(/\/phone\/groups$/);
  await page.getByTestId('phone-group-create').click();
  await page.getByRole('dialog').locator('input[name="groupName"]').fill('Shop');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('phone-group-row-Shop')).toContainText('0 environments');
  await page.getByTestId('menu-Environment').click();
  await row(page, 'Bought').getByRole('checkbox').click();
  await page.getByTestId('phone-batch').click();
  await page.getByTestId('batch-move').click();
  await page.getByTestId('move-group-select').click();
  await page.getByRole('option', { name: 'Shop', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move', exact: true }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: 'Environments moved.' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(row(page, 'Bought').getByTestId('phone-group')).toHaveText('Shop');
  await page.getByTestId('filter-group').click();
  await page.getByRole('option', { name: 'Shop', exact: true }).click();
  await expect(page.locator('[data-testid^="phone-row-"]')).toHaveCount(1);
  await expect(row(page, 'Bought')).toBeVisible();
  await page.getByTestId('filter-group').click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  await expect(page.locator('[data-testid^="phone-row-"]')).toHaveCount(2);

  // Proxy, locale and time zone reach the device.
  await rowAction(page, 'Bought', 'edit');
  const edit = page.getByTestId('phone-edit');
  await page.getByTestId('proxy-type').click();
  await page.getByRole('option', { name: 'HTTP', exact: true }).click();
  await page.getByTestId('proxy-host').fill('127.0.0.1');
  await page.getByTestId('proxy-port').fill('3128');
  await edit.getByTestId('phone-locale').locator('input').fill('de-DE');
  await edit.getByTestId('phone-timezone').locator('input').fill('Asia/Tokyo');
  await page.getByRole('option', { name: /Asia\/Tokyo/ }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved; the device has the new settings.')).toBeVisible();
  expect(bought.settings.global.get('http_proxy')).toBe('127.0.0.1:3128');
  expect(bought.props.get('persist.sys.locale')).toBe('de-DE');
  expect(bought.props.get('persist.sys.timezone')).toBe('Asia/Tokyo');
  await expect(row(page, 'Bought')).toContainText('127.0.0.1:3128');

  // Open and close.
  await row(page, 'Bought').getByTestId('phone-open').click();
  await expect(state(row(page, 'Bought'))).toHaveAttribute('data-state', 'on');
  await expect(row(page, 'Bought')).toContainText(user.username);
  await row(page, 'Bought').getByTestId('phone-close').click();
  await expect(state(row(page, 'Bought'))).toHaveAttribute('data-state', 'off');

  // The exit IP: no IP-check server is set on this server, and the dialog says so.
  await rowAction(page, 'Bought', 'ipCheck');
  await expect(page.getByTestId('ip-check-reason')).toHaveText(
    'No IP-check server is set. Ask the operator to set one.',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

  // ADB access: without a key it asks for one; with the user's key line it is on and says where
  // to connect (a port of this server, never the device's); then off again.
  await rowAction(page, 'Bought', 'adb');
  const adb = page.getByTestId('adb-dialog');
  await expect(adb.getByTestId('adb-state')).toHaveAttribute('data-on', 'false');
  await adb.getByTestId('adb-on').click();
  await expect(adb).toContainText('Paste your adb public key first.');
  await page.getByTestId('adb-key').fill(adbPublicKey(newAdbKey()).replace(/ facet$/, ' e2e@laptop'));
  await adb.getByTestId('adb-on').click();
  await expect(adb.getByTestId('adb-state')).toHaveAttribute('data-on', 'true');
  await expect(adb.getByTestId('adb-command')).toHaveText(/^adb connect 127\.0\.0\.1:\d+$/);
  await expect(adb.getByTestId('adb-keys')).toHaveText('e2e@laptop');
  await adb.getByTestId('adb-off').click();
  await expect(adb.getByTestId('adb-state')).toHaveAttribute('data-on', 'false');
  await expect(adb.getByTestId('adb-command')).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

  // New machine wipes the apps: it warns first, then resets and is off again.
  bought.packages.set('com.example.notes', { versionName: '1.0', versionCode: 1, path: '/data/app/notes.apk' });
  await rowAction(page, 'Bought', 'newMachine');
  await expect(page.getByTestId('new-machine-warning')).toContainText('Every app and file');
  await page.getByRole('button', { name: 'Wipe and reset' }).click();
  await expect(state(row(page, 'Bought'))).toHaveAttribute('data-state', 'off', { timeout: 20_000 });
  await expect.poll(() => bought.packages.size).toBe(0);

  // The computing-power screen: what is bought and in use, and renewing the bought one.
  await page.getByTestId('menu-PhonePower').click();
  await expect(page).toHaveURL(/\/phone\/power$/);
  await expect(page.getByTestId('power-bought')).toHaveText('2');
  await expect(page.getByTestId('power-in-use')).toHaveText('2');
  const boughtPower = page.locator('[data-testid^="power-row-"]').filter({ hasText: 'Bought' });
  await expect(boughtPower).toContainText('30 days left');
  await boughtPower.getByTestId('power-renew').click();
  const renew = page.getByTestId('renew-dialog');
  await renew.getByTestId('channel-wallet').click();
  await expect(renew.getByTestId('price-total')).toHaveText('$9.50');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(boughtPower).toContainText('60 days left');
  await expect(page.getByTestId('header-balance')).toContainText('11.00');
  await page.getByTestId('tab-bills').click();
  await expect(page.getByTestId('phone-bills')).toContainText('Cloud phone renewal');
});
