import { expect, loginThroughForm, test } from './fixtures';
import { ADMIN_PASSWORD } from './server-process';

test('a deep link while logged out goes to Login with the redirect query and comes back after login', async ({
  page,
}) => {
  await page.goto('/profile?tab=security');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%3Ftab%3Dsecurity$/);
  await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/profile\?tab=security$/);
  await expect(page.getByTestId('profile-username')).toHaveText('admin');
});

test('an unknown path shows the not-found page, and /login with a token goes to the app', async ({ page }) => {
  await page.goto('/login');
  await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});
