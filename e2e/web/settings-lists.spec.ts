import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHeadlessClient } from './client-process';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

type Value = { globalValueType: string; globalValue: string | null };
type Global = { proxyType: string; host: string; port: number | null; userName: string; password: string };

test('settings lists: bookmarks and website credentials kept across a reload, a bad URL named and nothing lost, the proxy settings saved and read back, a saved bookmark reaches a profile opened by the client', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const api = await new ServerApi(baseURL!).register(user, admin);
  const saved = async (type: string) =>
    (await api.call<Value[]>('POST', '/v1/globalvaluesetting/getValueList', { globalValueTypelist: [type] }))[0]
      ?.globalValue;
  await signInAs(page, user.username, user.password);

  // ---- Bookmarks: a bad URL is named on its row, nothing is saved and nothing typed is lost ----
  await page.goto('/settings/bookmarks');
  await expect(page.getByRole('heading', { level: 1, name: 'Bookmarks' })).toBeVisible();
  await expect(page.getByTestId('list-empty')).toBeVisible();
  await page.getByTestId('row-add').click();
  await page.getByTestId('title-0').fill('Docs');
  await page.getByTestId('url-0').fill('https://docs.example/');
  await page.getByTestId('row-add').click();
  await page.getByTestId('title-1').fill('Shop');
  await page.getByTestId('url-1').fill('shop.example');
  await page.getByTestId('list-save').click();
  await expect(page.getByTestId('rows-invalid')).toHaveText('1 row needs fixing before saving; nothing was saved.');
  await expect(page.getByTestId('row-1').getByText('Enter a link starting with http:// or https://')).toBeVisible();
  await expect(page.getByTestId('row-0').getByText('Enter a link')).toHaveCount(0);
  expect(await saved('bookmarks')).toBeNull();
  await expect(page.getByTestId('title-1')).toHaveValue('Shop');
  await expect(page.getByTestId('url-0')).toHaveValue('https://docs.example/');
  // Fixed, then moved to the top.
  await page.getByTestId('url-1').fill('https://shop.example/');
  await page.getByTestId('down-0').click();
  await page.getByTestId('list-save').click();
  await expect(page.getByText('Bookmarks saved')).toBeVisible();
  expect(JSON.parse((await saved('bookmarks')) ?? 'null')).toEqual([
    { title: 'Shop', url: 'https://shop.example/' },
    { title: 'Docs', url: 'https://docs.example/' },
  ]);
  await page.reload();
  await expect(page.getByTestId('title-0')).toHaveValue('Shop');
  await expect(page.getByTestId('url-1')).toHaveValue('https://docs.example/');
  // A row removed leaves the saved value only on save.
  await page.getByTestId('remove-1').click();
  await expect(page.getByTestId('row-1')).toHaveCount(0);
  await expect(page.getByTestId('list-save')).toBeEnabled();
  await page.reload();
  await expect(page.getByTestId('row-1')).toBeVisible();

  // ---- Website credentials: masked until shown, kept across a reload ----
  await page.goto('/settings/website-credentials');
  await expect(page.getByRole('heading', { level: 1, name: 'Website credentials' })).toBeVisible();
  await page.getByTestId('row-add').click();
  await page.getByTestId('list-save').click();
  await expect(page.getByTestId('row-0').getByText('Required.')).toBeVisible();
  await page.getByTestId('site-0').fill('shop.example');
  await page.getByTestId('user-0').fill('team@shop.example');
  await page.getByTestId('password-0').fill('hunter22');
  await expect(page.getByTestId('password-0')).toHaveAttribute('type', 'password');
  await page.getByTestId('reveal-0').click();
  await expect(page.getByTestId('password-0')).toHaveAttribute('type', 'text');
  await page.getByTestId('list-save').click();
  await expect(page.getByText('Website credentials saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('site-0')).toHaveValue('shop.example');
  await expect(page.getByTestId('password-0')).toHaveValue('hunter22');
  await expect(page.getByTestId('password-0')).toHaveAttribute('type', 'password');
  expect(JSON.parse((await saved('websitesCredentials')) ?? 'null')).toEqual([
    { site: 'shop.example', user: 'team@shop.example', password: 'hunter22' },
  ]);

  // ---- Proxy: a provider's global settings saved from the list, shown at once and after a reload ----
  await page.goto('/settings/proxy');
  const luna = page.getByTestId('provider-lunaproxy');
  await expect(luna).toContainText('Not set');
  await page.getByTestId('edit-lunaproxy').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="host"]').fill('gw.luna.example');
  await dialog.locator('input[name="port"]').fill('12233');
  await dialog.locator('input[name="userName"]').fill('user-team');
  await dialog.locator('input[name="password"]').fill('s3cret');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  // The list reads through the 24-hour cache: the save dropped it, so the change shows without a reload.
  await expect(luna.getByTestId('provider-gateway')).toHaveText('gw.luna.example:12233');
  await expect(luna.getByTestId('provider-password')).toHaveText('••••••••');
  await luna.getByRole('button', { name: 'Show password' }).click();
  await expect(luna.getByTestId('provider-password')).toHaveText('s3cret');
  await page.reload();
  await expect(page.getByTestId('provider-lunaproxy').getByTestId('provider-gateway')).toHaveText(
    'gw.luna.example:12233',
  );
  const globals = await api.call<Global[]>('POST', '/v1/globalproxysetting/findByUserIdAndProxyTypelist', {});
  expect(globals.find((g) => g.proxyType === 'lunaproxy')).toMatchObject({
    host: 'gw.luna.example',
    port: 12233,
    userName: 'user-team',
    password: 's3cret',
  });

  // ---- Auto paste: the phones' default, saved as soon as it is switched ----
  await page.goto('/settings/auto-paste');
  const autoPaste = page.getByTestId('auto-paste-switch').locator('input');
  await expect(autoPaste).toBeChecked();
  await autoPaste.click();
  await expect(page.getByText('Auto paste is off for new phone windows')).toBeVisible();
  expect(await saved('phoneAutoPaste')).toBe('false');
  await page.reload();
  await expect(page.getByTestId('auto-paste-switch').locator('input')).not.toBeChecked();

  // ---- The bookmark saved from the screen reaches a profile opened by a real client ----
  const profile = await api.call<{ id: number }>('POST', '/v1/browserInfos', {
    name: 'bookmarked',
  });
  const client = await startHeadlessClient(baseURL!, api.bearer);
  try {
    // A shared CI machine runs far above the 95% CPU default; the load guard has its own tests.
    expect((await client.call('POST', '/configs/save', { performance: { open: false } })).success).toBe(true);
    const start = await client.call('POST', '/api/v1/profiles/start', { id: profile.id });
    expect(start.msg).toBe('success');
    const file = JSON.parse(
      readFileSync(join(client.dataDir, 'profiles', String(profile.id), 'Default', 'Bookmarks'), 'utf8'),
    ) as { roots: { bookmark_bar: { children: Array<{ name: string; url: string }> } } };
    expect(file.roots.bookmark_bar.children.map((b) => [b.name, b.url])).toEqual([
      ['Shop', 'https://shop.example/'],
      ['Docs', 'https://docs.example/'],
    ]);
    await client.call('POST', '/api/v1/profiles/stop', { id: profile.id });
  } finally {
    await client.stop();
  }
});
