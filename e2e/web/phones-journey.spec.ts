import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestPhone, type TestPhone } from '@facet/server/test/adb-device';
import { buildTestApk } from '@facet/server/test/apk-fixture';
import { API_PREFIX, calls } from '@facet/shared';
import type { Page } from '@playwright/test';
import { expect, loginThroughForm, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/*
 * A cloud phone's life in the console (docs/phones.md), on a server whose clock the spec moves
 * (clock-shift.mjs): an app marked for preinstalling is on the phone once it is set up; the phone
 * shared with a sub-account is opened by it under its role; past the end of its power it cannot
 * be opened.
 */
test.describe.configure({ mode: 'default' });

const REGION = 'e2e-journey';
const DAY = 86_400_000;
let facet: Awaited<ReturnType<typeof startFacet>>;
let clockDir: string;
let clockFile: string;
let phone: TestPhone;
let spare: TestPhone;
let admin: ServerApi;
let packageId: number;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  clockDir = mkdtempSync(join(tmpdir(), 'facet-clock-'));
  clockFile = join(clockDir, 'offset');
  writeFileSync(clockFile, '0');
  facet = await startFacet({}, { clockFile });
  phone = await startTestPhone({ model: 'Journey 1' });
  spare = await startTestPhone({ model: 'Journey 2' });
  admin = await new ServerApi(facet.url).login('admin', ADMIN_PASSWORD);
  for (const p of [phone, spare])
    await admin.call('POST', calls.adminDeviceSave.path, {
      name: `Journey ${p.port}`,
      host: '127.0.0.1',
      port: p.port,
      region: REGION,
      androidVersion: '13',
    });
  packageId = (
    await admin.call<{ id: number }>('POST', calls.adminPackageSave.path, {
      name: 'Journey month',
      region: REGION,
      androidVersion: '13',
      days: 2,
      price: '0.00',
    })
  ).id;
  const apk = buildTestApk({ packageName: 'com.example.maps', versionName: '4.2', versionCode: 42, label: 'Maps' });
  const res = await fetch(`${facet.url}${API_PREFIX}${calls.adminAppUpload.path}?fileName=maps.apk`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.bearer}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(apk),
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
});
test.afterAll(async () => {
  await phone?.stop();
  await spare?.stop();
  if (facet) {
    facet.proc.kill('SIGTERM');
    await new Promise((r) => facet.proc.once('exit', r));
    rmSync(facet.dataDir, { recursive: true, force: true });
  }
  if (clockDir) rmSync(clockDir, { recursive: true, force: true });
});

const row = (page: Page, name: string) => page.getByTestId(`phone-row-${name}`);
const stateOf = (page: Page, name: string) => row(page, name).getByTestId('phone-state').filter({ visible: true });

test('preinstalled on set-up, moved onto other computing power with its apps, opened by a sub-account it is shared with, closed to everyone once expired', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = uniqueUser();
  const owner = await new ServerApi(facet.url).register(user, admin);
  await signInAs(page, user.username, user.password, { base: facet.url });

  // The market app, marked to be preinstalled; then a phone is bought and set up with it.
  await page.goto(`${facet.url}/phone/apps`);
  const preinstall = page.getByLabel('Preinstall Maps on new environments').filter({ visible: true });
  await preinstall.click();
  await expect(preinstall).toBeChecked();
  await owner.call('POST', calls.phonePay.path, { packageId, quantity: 1, name: 'Field', channel: 'wallet' });
  await page.goto(`${facet.url}/environment`);
  await expect(stateOf(page, 'Field')).toHaveAttribute('data-state', 'off', { timeout: 20_000 });
  const field = (await row(page, 'Field').textContent())?.includes('Journey 1') ? phone : spare;
  expect(field.packages.get('com.example.maps')).toMatchObject({ versionName: '4.2' });

  // A second phone, deleted: its computing power is free, and Field moves onto it keeping its apps.
  await owner.call('POST', calls.phonePay.path, { packageId, quantity: 1, name: 'Spare', channel: 'wallet' });
  await page.reload();
  await expect(stateOf(page, 'Spare')).toHaveAttribute('data-state', 'off', { timeout: 20_000 });
  await row(page, 'Spare').getByTestId('phone-more').click();
  await page.getByTestId('phone-action-delete').click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(row(page, 'Spare')).toHaveCount(0);
  await row(page, 'Field').getByTestId('phone-more').click();
  await page.getByTestId('phone-action-changePower').click();
  await page.locator('[data-testid^="change-power-"]').first().click();
  await page.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByText('Moved to the new computing power.')).toBeVisible();
  await expect(stateOf(page, 'Field')).toHaveAttribute('data-state', 'off');
  expect(field.packages.has('com.example.maps')).toBe(true);

  // Shared with a sub-account of the member role, which sees it and opens it.
  const sub = `${user.username.slice(0, 12)}_m`;
  await owner.call('POST', calls.sysUsersCreate.path, { username: sub, password: user.password, roleId: 'member' });
  await row(page, 'Field').getByTestId('phone-more').click();
  await page.getByTestId('phone-action-share').click();
  await page.getByTestId(`share-user-${sub}`).click();
  await page.getByRole('button', { name: 'Save' }).click();
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await memberPage.goto(`${facet.url}/login?lang=en`);
  await loginThroughForm(memberPage, sub, user.password);
  await expect(memberPage).toHaveURL(/\/dashboard$/);
  await memberPage.getByTestId('menu-Environment').click();
  await expect(memberPage.locator('[data-testid^="phone-row-"]')).toHaveCount(1);
  await row(memberPage, 'Field').getByTestId('phone-open').click();
  await expect(stateOf(memberPage, 'Field')).toHaveAttribute('data-state', 'on');
  // The owner sees who has it.
  await page.reload();
  await expect(row(page, 'Field')).toContainText(sub);
  await row(memberPage, 'Field').getByTestId('phone-close').click();
  await expect(stateOf(memberPage, 'Field')).toHaveAttribute('data-state', 'off');
  await member.close();

  // Three days later the two days of power are over: expired, and opening says to renew.
  writeFileSync(clockFile, String(3 * DAY));
  await page.reload();
  await expect(stateOf(page, 'Field')).toHaveAttribute('data-state', 'expired');
  await row(page, 'Field').getByTestId('phone-open').click();
  await expect(page.getByText('It has expired: renew its computing power first.')).toBeVisible();
});
