import { expect, loginThroughForm, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

test('profile: change the password in its dialog, save a time zone, sign in with the new password', async ({
  page,
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  await new ServerApi(baseURL!).register(user, admin);

  await signInAs(page, user.username, user.password);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-username')).toHaveText(user.username);
  // The server sends the phone masked.
  await expect(page.getByText(`${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`, { exact: true })).toBeVisible();

  // The dialog checks the new password with the shared rule before calling the server.
  await page.getByTestId('change-password').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByLabel('New password', { exact: true }).fill('short');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('The password is too short')).toBeVisible();
  const newPassword = 'N3w-Passw0rd!';
  // The dialog's confirm is throttled to once per 300 ms; a person is never this fast.
  await page.waitForTimeout(350);
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm new password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('notice')).toContainText('Password changed');
  await expect(dialog).toBeHidden();

  // Time zone: saved on the account and shown back after a reload.
  await page.getByLabel('Time zone').fill('Europe/Berlin');
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('notice')).toContainText('Time zone saved');
  await page.reload();
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berlin');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await loginThroughForm(page, user.username, user.password);
  await expect(page.getByTestId('notice')).toContainText('Wrong account or password.');
  await page.locator('input[name=password]').fill(newPassword);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
