import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

test('logs: login, operation and API error logs show what this account did, filtered and cleared', async ({
  page,
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const me = await new ServerApi(baseURL!).register(user, admin);
  // Behind the console's back: a failed sign-in, two settings changes, one refused call.
  await expect(new ServerApi(baseURL!).login(user.username, 'Wrong-passw0rd!')).rejects.toThrow(/10001/);
  // A profile's life as the client lives it: renamed, opened, its cookies saved as it closes, closed.
  const profile = await me.call<{ id: number }>('POST', '/v1/browserInfos', { name: 'Shop A' });
  await me.call('POST', '/v1/browserInfos/updateName', { id: profile.id, name: 'Shop B' });
  await me.call('POST', '/v1/browserInfos/openOrClose', { id: profile.id, status: 1, device: 'Office PC' });
  await me.call('PUT', '/v1/browserInfos', { id: profile.id, cookie: '[{"name":"a","value":"1","domain":".x.test"}]' });
  await me.call('POST', '/v1/browserInfos/openOrClose', { id: profile.id, status: 0, device: 'Office PC' });
  await me.call('PUT', '/v1/security/ipWhitelist', { entries: ['127.0.0.1', '10.1.0.0/16'] });
  await me.call('POST', '/users/generateNewToken');
  await expect(me.call('PUT', '/v1/security/ipWhitelist', { entries: ['nope'] })).rejects.toThrow();

  await signInAs(page, user.username, user.password);

  // ---- login log ----
  await page.goto('/logs/login');
  const logins = page.getByTestId('login-log').getByTestId('log-row');
  await expect(logins.filter({ hasText: 'Wrong password' })).toHaveCount(1);
  await expect(logins.filter({ hasText: 'Success' }).first()).toContainText(user.username);
  await expect(logins.first()).toContainText('127.0.0.1');
  // By address: every attempt here came from 127.0.0.1, none from 10.x.
  await page.getByTestId('filter-ip').fill('10.');
  await page.getByTestId('filter-apply').click();
  await expect(page.getByText('No entries match')).toBeVisible();
  await page.getByTestId('filter-ip').fill('127.0.');
  await page.getByRole('combobox', { name: 'Result' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await page.getByTestId('filter-apply').click();
  await expect(logins).toHaveCount(1);
  await expect(logins.first()).toContainText('Wrong password');
  // A range in the future holds nothing.
  await page.getByTestId('filter-from').fill('2099-01-01T00:00');
  await page.getByTestId('filter-apply').click();
  await expect(page.getByText('No entries match')).toBeVisible();

  // ---- operation log (new: the last 30 days) ----
  await page.goto('/logs/new');
  const ops = page.getByTestId('operation-log').getByTestId('log-row');
  await expect(ops.filter({ hasText: 'Changed the IP whitelist' })).toContainText('10.1.0.0/16');
  await expect(ops.filter({ hasText: 'Generated an API token' })).toHaveCount(1);
  await expect(ops.first()).toContainText(user.username);
  // Each action in words, its target by the name it had then, the details labelled.
  await expect(ops.filter({ hasText: 'Created a profile' }).getByTestId('log-target')).toHaveText('Shop A');
  await expect(ops.filter({ hasText: 'Renamed a profile' }).getByTestId('log-target')).toHaveText('Shop B');
  await expect(ops.filter({ hasText: 'Opened a profile' })).toContainText('Device: Office PC');
  await expect(ops.filter({ hasText: 'Saved cookies' })).toContainText('Cookies saved: 1');
  await expect(ops.filter({ hasText: 'Closed a profile' }).getByTestId('log-target')).toHaveText('Shop B');
  await expect(ops.filter({ hasText: 'Edited a profile' })).toHaveCount(0);
  await page.goto('/logs/new?lang=zh');
  await expect(ops.filter({ hasText: '打开了环境' })).toContainText('设备：Office PC');
  await expect(ops.filter({ hasText: '创建了环境' }).getByTestId('log-target')).toHaveText('Shop A');
  await page.goto('/logs/new?lang=en');
  await expect(ops.filter({ hasText: 'Created a profile' })).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Action' }).fill('Generated');
  await page.getByRole('option', { name: 'Generated an API token' }).click();
  await page.getByTestId('filter-apply').click();
  await expect(ops).toHaveCount(1);
  await expect(ops.first()).toContainText('Generated an API token');
  // Nothing of this account is older than 30 days.
  await page.goto('/logs/old');
  await expect(page.getByText('Entries older than 30 days')).toBeVisible();
  await expect(page.getByText('No entries match')).toBeVisible();

  // ---- API error log ----
  await page.goto('/logs/api-error');
  const errors = page.getByTestId('api-error-log').getByTestId('log-row');
  await expect(errors.filter({ hasText: '/v1/security/ipWhitelist' })).toContainText('PUT');
  await expect(errors.filter({ hasText: '/v1/security/ipWhitelist' })).toContainText('400');
  await page.getByTestId('api-error-clear').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByText(/API error log cleared \(entries: \d+\)/)).toBeVisible();
  await expect(page.getByText('No API errors')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No API errors')).toBeVisible();
});
