import { rmSync } from 'node:fs';
import { startTestPhone, type TestPhone } from '@facet/server/test/adb-device';
import { buildTestApk } from '@facet/server/test/apk-fixture';
import { calls } from '@facet/shared';
import { expect, signInAs, test } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/*
 * Apps and files on cloud phones (docs/phones.md, Apps and Files) through the console, against two
 * test phones on 127.0.0.1: the operator adds an APK to the market, a user installs it on an
 * environment, and three files go to two environments' Download folders.
 */
test.describe.configure({ mode: 'default' });

const REGION = 'e2e-apps';
let facet: Awaited<ReturnType<typeof startFacet>>;
const phones: TestPhone[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  facet = await startFacet();
  phones.push(await startTestPhone({ model: 'Pixel 7' }), await startTestPhone({ model: 'Pixel 8' }));
  const admin = await new ServerApi(facet.url).login('admin', ADMIN_PASSWORD);
  for (const [i, p] of phones.entries())
    await admin.call('POST', '/v1/admin/phones/devices', {
      name: `Apps phone ${i}`,
      host: '127.0.0.1',
      port: p.port,
      region: REGION,
      androidVersion: '13',
    });
  const pkg = await admin.call<{ id: number }>('POST', '/v1/admin/phones/packages', {
    name: 'Free month',
    region: REGION,
    androidVersion: '13',
    days: 30,
    price: '0.00',
  });
  for (const name of ['Shop A', 'Shop B'])
    await admin.call('POST', calls.phonePay.path, { packageId: pkg.id, quantity: 1, name, channel: 'wallet' });
});
test.afterAll(async () => {
  await Promise.all(phones.map((p) => p.stop()));
  if (!facet) return;
  facet.proc.kill('SIGTERM');
  await new Promise((r) => facet.proc.once('exit', r));
  rmSync(facet.dataDir, { recursive: true, force: true });
});

test('the operator adds an APK to a kind; it is installed on an environment; three files reach two phones', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin', ADMIN_PASSWORD, { base: facet.url });

  // The operator: a kind, then the APK uploaded into it; its manifest names it.
  await page.goto(`${facet.url}/admin/phone-apps`);
  await page.getByLabel('New kind').fill('Social');
  await page.getByRole('button', { name: 'Add kind' }).click();
  await expect(page.getByTestId('app-kinds')).toContainText('Social (0)');
  await page.getByLabel('Upload into').click();
  await page.getByRole('option', { name: 'Social' }).click();
  const apk = buildTestApk({ packageName: 'com.example.chat', versionName: '2.1', versionCode: 21, label: 'Chat' });
  await page
    .getByTestId('apk-input')
    .setInputFiles({ name: 'chat.apk', mimeType: 'application/octet-stream', buffer: apk });
  await expect(page.getByText('Added Chat 2.1')).toBeVisible();
  await expect(page.getByTestId('app-com.example.chat')).toContainText('com.example.chat · 2.1');
  await expect(page.getByTestId('app-kinds')).toContainText('Social (1)');

  // A user's market: the kind's tab, install on one environment.
  await page.goto(`${facet.url}/phone/apps`);
  await page.getByRole('tab', { name: 'Social (1)' }).click();
  const row = page.getByTestId('app-com.example.chat');
  await row.getByRole('button', { name: 'Install', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Shop A/).check();
  await dialog.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(page.getByText('Chat installed on 1 environment')).toBeVisible();
  const withChat = phones.filter((p) => p.packages.has('com.example.chat'));
  expect(withChat.map((p) => p.packages.get('com.example.chat')?.versionName)).toEqual(['2.1']);
  await expect(row).toContainText('1 environment');

  // Files: two environments, three files; each lands in Download on both phones.
  await page.goto(`${facet.url}/phone/files`);
  const envs = page.getByLabel('Environments');
  for (const name of ['Shop A', 'Shop B']) {
    await envs.click();
    await page.getByRole('option', { name }).click();
  }
  await page.keyboard.press('Escape');
  const files = [
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello phone') },
    { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(150_000, 9) },
    { name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 e2e') },
  ];
  await page.getByTestId('file-input').setInputFiles(files);
  await page.getByTestId('file-upload').click();
  await expect(page.getByText('3 files sent to 2 environments; they are being pushed now.')).toBeVisible();
  const table = page.getByTestId('phone-files');
  await expect(table.locator('td:visible', { hasText: /^Uploaded$/ })).toHaveCount(6, { timeout: 20_000 });
  for (const p of phones)
    for (const f of files) expect(Buffer.from(p.files.get(`/sdcard/Download/${f.name}`) ?? [])).toEqual(f.buffer);
});
