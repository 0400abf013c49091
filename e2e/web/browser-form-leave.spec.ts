import type { Page } from '@playwright/test';
import { expect, signedIn, test } from './fixtures';

/**
 * Leaving the profile form with unsaved changes asks first — whichever way the user leaves:
 * the browser's Back button, the form's Cancel, or a menu entry. A clean form leaves at once.
 */
/** Opens the create form from the grid, so the grid is the history entry before it. */
async function openCreateForm(page: Page) {
  await page.goto('/browser');
  await page.getByTestId('new-profile').click();
  await expect(page).toHaveURL(/\/browser\/create$/);
  // The form is ready (and its baseline set) once the new fingerprint is shown.
  await expect(page.getByTestId('fingerprint-summary')).toContainText(/Windows|macOS|Linux/);
}

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

test('leaving the profile form with unsaved changes asks first: Back, Cancel and the menu', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = await signedIn(page, baseURL!);

  // A clean form: Back leaves without a question.
  await openCreateForm(page);
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(/\/browser$/);
  await expect(leaveDialog(page)).toBeHidden();

  // With a change, the browser's Back is held: the form stays, with what was typed.
  await openCreateForm(page);
  await page.getByTestId('profile-name').fill('Unsaved one');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.evaluate(() => history.back());
  await expect(leaveDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/browser\/create$/);
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/browser\/create$/);
  await expect(page.getByTestId('profile-name')).toHaveValue('Unsaved one');
  // …and asks again on the next Back.
  await page.evaluate(() => history.back());
  await expect(leaveDialog(page)).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/browser\/create$/);

  // A menu entry asks too.
  await page.getByRole('link', { name: 'Proxy IPs' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/browser\/create$/);

  // The form's Cancel asks; Discard leaves.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/browser$/);

  // Back, then Discard: the browser goes back after all.
  await openCreateForm(page);
  await page.getByTestId('profile-name').fill('Unsaved two');
  await page.evaluate(() => history.back());
  await expect(leaveDialog(page)).toBeVisible();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/browser$/);
  await expect(leaveDialog(page)).toBeHidden();
  // Nothing was saved.
  const list = await api.call<{ total: number }>('POST', '/v1/browserInfos/list', { pageSize: 1 });
  expect(list.total).toBe(0);
});
