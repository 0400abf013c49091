import { expect, loginThroughForm, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

test('register by email, then reset the password by email and find the account by phone', async ({ page, baseURL }) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const email = `${user.username}@example.test`;
  const phoneUser = uniqueUser();
  await new ServerApi(baseURL!).register(phoneUser, admin);

  // Register with the email tab.
  await page.goto('/register?lang=en');
  await page.getByTestId('tab-email').click();
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=password]').fill(user.password);
  await page.locator('input[name=email]').fill(email);
  await page.getByTestId('send-code').click();
  await page.getByLabel('Verification code').fill(await admin.latestCode(email));
  await page.getByTestId('register-accept').check();
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();

  // Reset the password with a code sent to the same email.
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-pass$/);
  await page.getByTestId('tab-email').click();
  await page.getByLabel('Email').fill(email);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toContainText(/Resend in/);
  await page.getByLabel('Verification code').fill(await admin.latestCode(email));
  const newPassword = 'Reset-Passw0rd1';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('notice')).toContainText('Your password was reset');
  await loginThroughForm(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Find the accounts registered with a phone.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.getByRole('link', { name: 'Forgot account?' }).click();
  await page.getByLabel('Phone number').fill(phoneUser.phone);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toContainText(/Resend in/);
  await page.getByLabel('Verification code').fill(await admin.latestCode(`+86${phoneUser.phone}`));
  await page.getByRole('button', { name: 'Find accounts' }).click();
  await expect(page.getByText('Accounts registered with this phone: 1')).toBeVisible();
  await expect(page.getByText(phoneUser.username, { exact: true })).toBeVisible();
});
