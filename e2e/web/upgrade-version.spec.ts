import { generateKeyPairSync } from 'node:crypto';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

const ENGINE = '156.0.7571.0';
const chromeMajor = (ua: string) => Number(/Chrome\/(\d+)/.exec(ua)?.[1]);

test('upgrade reminder: profiles that claim an older Chrome than the client’s engine are moved up to it from the grid', async ({
  page,
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const api = await new ServerApi(baseURL!).register(user, admin);
  // Two profiles made before any client said its engine: the generator's own (older) Chrome.
  for (const name of ['Old one', 'Old two'])
    await api.call('POST', '/v1/browserInfos', { name, proxy: { proxyMethod: 1, proxyType: 'noproxy' } });
  // The user's client says which Chromium it runs, as it does when it signs in.
  const publicKey = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  await api.call('POST', '/v1/clientIdentities', {
    publicKey,
    name: 'laptop',
    engineVersion: ENGINE,
    platform: 'windows',
  });
  await api.call('POST', '/v1/browserInfos', { name: 'New one', proxy: { proxyMethod: 1, proxyType: 'noproxy' } });
  const claims = async () =>
    (await api.call<{ list: Array<{ name: string; userAgent: string }> }>('POST', '/v1/browserInfos/list', {})).list
      .map((p) => [p.name, chromeMajor(p.userAgent)] as const)
      .sort();
  const before = Object.fromEntries(await claims());
  expect(before['New one']).toBe(156);
  expect(before['Old one']).toBeLessThan(156);

  await signInAs(page, user.username, user.password);
  await page.goto('/browser');
  await expect(page.getByTestId('profile-row')).toHaveCount(3);
  // The reminder counts the profiles that claim less than the engine.
  const reminder = page.getByTestId('engine-reminder');
  await expect(reminder).toContainText('(Chrome 156): 2');

  // One by one: the selected profile only.
  await page.getByTestId('profile-row').filter({ hasText: 'Old one' }).getByTestId('row-check').click();
  await page.getByTestId('batch-upgrade').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Upgrade the browser version of 1 profile');
  await expect(dialog).toContainText('Its user agent and client hints change');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  // Closed once seen, so the second upgrade's notice cannot be mistaken for this one.
  const upgraded = page.getByTestId('notice').filter({ hasText: 'Profiles upgraded: 1' });
  await upgraded.getByRole('button', { name: 'Close' }).click();
  await expect(upgraded).toBeHidden();
  expect(Object.fromEntries(await claims())['Old one']).toBe(156);
  await expect(reminder).toContainText('(Chrome 156): 1');

  // All at once from the reminder: the one left moves up, the others stay as they are.
  await page.getByTestId('engine-upgrade-all').click();
  await expect(dialog).toContainText('Upgrade the browser version of 3 profiles');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(upgraded).toBeVisible();
  expect(Object.fromEntries(await claims())).toEqual({ 'New one': 156, 'Old one': 156, 'Old two': 156 });
  await expect(reminder).toBeHidden();
});
