import { expect, signedIn, test } from './fixtures';

test('at 360 px each profile row shows its name and open action without scrolling sideways', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const api = await signedIn(page, baseURL!);
  await api.call('POST', '/v1/browserInfos/batchAdd', { list: [{ name: 'Amazon DE main shop' }] });
  await page.goto('/browser');
  const row = page.getByTestId('profile-row').filter({ hasText: 'Amazon' });
  await expect(row).toBeVisible();
  const grid = await page.getByTestId('profile-grid').boundingBox();
  const name = await row.locator('[data-col="name"]').boundingBox();
  const open = await row.getByTestId('row-open').boundingBox();
  const edit = await row.getByRole('button', { name: 'Edit' }).boundingBox();
  expect(grid && name && open && edit).toBeTruthy();
  // The name sits whole between the fixed columns and the actions, at least 100 px of it.
  expect(name!.x).toBeGreaterThanOrEqual(grid!.x);
  expect(name!.width).toBeGreaterThanOrEqual(100);
  expect(name!.x + name!.width).toBeLessThanOrEqual(open!.x);
  // Open and Edit are inside the grid and the window.
  for (const b of [open!, edit!]) {
    expect(b.x + b.width).toBeLessThanOrEqual(Math.min(grid!.x + grid!.width, 360));
  }
  await expect(row.getByTestId('row-open')).toHaveAccessibleName('Open');
  expect(await page.getByTestId('profile-grid').evaluate((el) => el.scrollLeft)).toBe(0);
});
