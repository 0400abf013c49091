import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

test('settings: an API token is shown once, replaced and revoked; the IP whitelist asks before locking you out', async ({
  page,
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  await new ServerApi(baseURL!).register(user, admin);
  await signInAs(page, user.username, user.password);

  // ---- API token ----
  await page.goto('/settings/api-token');
  await expect(page.getByRole('heading', { name: 'API token' })).toBeVisible();
  await expect(page.getByTestId('token-hint')).toHaveText('No token yet');
  await page.getByTestId('token-generate').click();
  const first = (await page.getByTestId('fresh-token-value').textContent()) ?? '';
  expect(first).toMatch(/^fct_[\w-]{20,}$/);
  await expect(page.getByTestId('fresh-token')).toContainText('It will not be shown again');
  await expect(page.getByTestId('token-hint')).toHaveText(`${first.slice(0, 8)}…`);
  // Shown once: after a reload only the hint is left.
  await page.reload();
  await expect(page.getByTestId('token-hint')).toHaveText(`${first.slice(0, 8)}…`);
  await expect(page.getByTestId('fresh-token')).toHaveCount(0);
  await expect(page.getByText(first)).toHaveCount(0);

  // A new token needs a yes, and differs from the old one.
  await page.getByTestId('token-generate').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Generate new token' }).click();
  await expect(page.getByTestId('fresh-token-value')).toHaveText(/^fct_/);
  const second = (await page.getByTestId('fresh-token-value').textContent()) ?? '';
  expect(second).not.toBe(first);

  await page.getByTestId('token-required').click();
  await expect(page.getByText('The local API now requires the token')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('token-required')).toBeChecked();

  await page.getByTestId('token-revoke').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(page.getByTestId('token-hint')).toHaveText('No token yet');

  // ---- IP whitelist ----
  await page.goto('/settings/ip-whitelist');
  await expect(page.getByTestId('current-ip')).toHaveText('127.0.0.1');
  await expect(page.getByTestId('whitelist-status')).toHaveText('Off · all addresses allowed');
  const list = page.getByTestId('ip-list');
  await list.fill('10.0.0.0/8\nnot-an-ip\n2001:db8::/32');
  await expect(page.getByText('Not an IP address or CIDR range on line 2 (not-an-ip)')).toBeVisible();
  await expect(page.getByTestId('ip-save')).toBeDisabled();

  // A list without this address: warned, and saving asks first; No keeps nothing.
  await list.fill('10.0.0.0/8\n2001:db8::/32');
  await expect(page.getByTestId('excludes-me')).toContainText('127.0.0.1');
  await page.getByTestId('ip-save').click();
  const ask = page.getByRole('dialog');
  await expect(ask).toContainText('Lock out your current address?');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('whitelist-status')).toHaveText('Off · all addresses allowed');

  await page.getByRole('button', { name: 'Add my IP' }).click();
  await expect(list).toHaveValue('10.0.0.0/8\n2001:db8::/32\n127.0.0.1');
  await expect(page.getByTestId('excludes-me')).toHaveCount(0);
  await page.getByTestId('ip-save').click();
  await expect(page.getByText('IP whitelist saved (entries: 3)')).toBeVisible();
  await page.reload();
  await expect(list).toHaveValue('10.0.0.0/8\n2001:db8::/32\n127.0.0.1');
  await expect(page.getByTestId('whitelist-status')).toHaveText('On · entries: 3');

  await page.getByRole('button', { name: 'Clear list' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear list' }).click();
  await expect(page.getByText('IP whitelist cleared: all addresses are allowed')).toBeVisible();
  await expect(page.getByTestId('whitelist-status')).toHaveText('Off · all addresses allowed');

  // Saying yes saves a list without this address: from now on this account is refused here.
  await list.fill('10.0.0.0/8');
  await page.getByTestId('ip-save').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByText('IP whitelist saved (entries: 1)')).toBeVisible();
  await expect(new ServerApi(baseURL!).login(user.username, user.password)).rejects.toThrow(/10013/);
});
