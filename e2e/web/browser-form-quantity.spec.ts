import { expect, signedIn, test } from './fixtures';

interface Listed {
  list: Array<{ id: number; name: string }>;
}
interface Detail {
  browserFingerPrint: { macAddress: string; deviceName: string; userAgent: string };
}

/** Several profiles from the new-profile form at once (docs/profiles.md, Creating several profiles at once). */
test('the new-profile form creates three numbered profiles in one step, each with its own fingerprint', async ({
  page,
  baseURL,
}) => {
  const api = await signedIn(page, baseURL!);
  const named = async (name: string) =>
    (await api.call<Listed>('POST', '/v1/browserInfos/list', { name, pageSize: 20 })).list;
  const details = async (rows: Listed['list']) =>
    Promise.all(rows.map((r) => api.call<Detail>('GET', `/v1/browserInfos/${r.id}`)));

  await page.goto('/browser/create');
  await page.getByTestId('profile-name').fill('Shop');
  await page.getByTestId('profile-quantity').fill('3');
  await expect(page.getByText('Names: Shop 1 … Shop 3')).toBeVisible();
  await expect(page.getByText('Each profile gets its own new fingerprint for the OS and version shown')).toBeVisible();
  await expect(page.getByTestId('save-profile')).toHaveText('Create (3)');
  await page.getByTestId('save-profile').click();
  await expect(page).toHaveURL(/\/browser$/);
  await expect(page.getByTestId('notice').last()).toContainText('Profiles created: 3 (Shop 1 … Shop 3)');
  const shops = await named('Shop');
  expect(shops.map((p) => p.name).sort()).toEqual(['Shop 1', 'Shop 2', 'Shop 3']);
  const drawn = await details(shops);
  expect(new Set(drawn.map((d) => d.browserFingerPrint.macAddress)).size).toBe(3);

  // An edited fingerprint section goes to every profile, each with its own device and MAC.
  await page.goto('/browser/create');
  await page.getByTestId('profile-name').fill('Tuned');
  const ua = page.getByTestId('fp-user-agent');
  await expect(ua).not.toHaveValue('');
  const edited = `${await ua.inputValue()} Tuned`;
  await ua.fill(edited);
  await page.getByTestId('profile-quantity').fill('2');
  await expect(page.getByText('Your fingerprint settings apply to every profile')).toBeVisible();
  await page.getByTestId('save-profile').click();
  await expect(page.getByTestId('notice').last()).toContainText('Profiles created: 2 (Tuned 1 … Tuned 2)');
  const tuned = await details(await named('Tuned'));
  expect(tuned.map((d) => d.browserFingerPrint.userAgent)).toEqual([edited, edited]);
  expect(new Set(tuned.map((d) => d.browserFingerPrint.macAddress)).size).toBe(2);

  // A name that no longer fits once numbered says so at the name, and nothing is created.
  await page.goto('/browser/create');
  await page.getByTestId('profile-name').fill('Abcdefghijklmnopqr');
  await page.getByTestId('profile-quantity').fill('10');
  await expect(page.getByText('With its number added the name is longer than 20 characters: shorten it')).toBeVisible();
  await page.getByTestId('save-profile').click();
  await expect(page.getByText('Some fields need attention; they are marked below')).toBeVisible();
  await expect(page).toHaveURL(/\/browser\/create$/);
  expect(await named('Abcdefghijklmnopqr')).toEqual([]);
});
