import { expect, signedIn, test } from './fixtures';

test('a provider proxy with a sticky session: checked as typed, saved, built into the username', async ({
  page,
  baseURL,
}) => {
  const api = await signedIn(page, baseURL!);
  await api.call('PUT', '/v1/globalproxysetting', {
    proxyType: 'lunaproxy',
    host: 'gw.example.com',
    port: 12233,
    userName: 'user-acme',
    password: 'pw',
    proxyAgreementType: 'http',
  });
  await page.goto('/browser/create');
  await expect(page.getByTestId('fingerprint-summary')).toContainText(/Windows|macOS|Linux/);
  await page.getByTestId('profile-name').fill('Sticky shop');
  await page.getByRole('group', { name: 'Proxy method' }).getByRole('button', { name: 'Provider' }).click();
  await page.getByRole('button', { name: 'lunaproxy' }).click();
  await page.getByLabel('Use the global proxy configuration').check();
  await page.getByLabel('Country / region').fill('US');

  const session = page.getByTestId('proxy-session');
  const minutes = page.getByTestId('proxy-session-minutes');
  await expect(minutes).toBeDisabled();
  await session.fill('shop#42');
  await expect(page.getByText('Use letters, digits and underscores only')).toBeVisible();
  // "New" makes a valid random id.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(session).toHaveValue(/^[a-z0-9]{10}$/);
  await expect(page.getByText('Use letters, digits and underscores only')).toBeHidden();
  await session.fill('shop_42');
  await minutes.fill('2000');
  await expect(page.getByText('A whole number of minutes from 0 to 1440')).toBeVisible();
  await minutes.fill('30');
  await page.getByTestId('save-profile').click();
  await expect(page).toHaveURL(/\/browser$/);

  const { list } = await api.call<{ list: Array<{ id: number }> }>('POST', '/v1/browserInfos/list', {
    name: 'Sticky shop',
  });
  const open = await api.call<{ session: string; sessionMinutes: number; connectProxy: { userName: string } }>(
    'GET',
    `/v1/browserInfos/getOpen/${list[0]!.id}`,
  );
  expect(open).toMatchObject({ session: 'shop_42', sessionMinutes: 30 });
  expect(open.connectProxy.userName).toBe('user-acme-zone-lum-region-us-session-shop_42-sesstime-30');

  // The edit form shows the stored session.
  await page.goto(`/browser/edit/${list[0]!.id}`);
  await expect(page.getByTestId('proxy-session')).toHaveValue('shop_42');
  await expect(page.getByTestId('proxy-session-minutes')).toHaveValue('30');
});
