import { expect, signInAs, test } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

test('a session revoked on the server sends the console to Login on the next call', async ({ page, baseURL }) => {
  await signInAs(page, 'admin', ADMIN_PASSWORD);
  await expect(page.getByTestId('fig-sessions')).toBeVisible();

  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  await ServerApi.revoke(baseURL!, token!);

  // The next call (the profile page's devices list) gets 40104: reset and back to Login.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-profile').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
