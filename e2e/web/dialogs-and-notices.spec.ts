import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extensionZip } from '@facet/server/test/extension-fixture';
import { expect, signedIn, test } from './fixtures';

// Several screens in one test each: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });
// The dialogs as most people see them: sliding, fading and rippling (the suite's default is reduced motion).
test.use({ reducedMotion: 'no-preference' });

test('a form dialog asks before Esc, × or Cancel throws away what was typed, and only then', async ({
  page,
  baseURL,
}) => {
  await signedIn(page, baseURL!);
  await page.goto('/team/users');
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('user-form') });
  const prompt = page.getByTestId('discard-prompt');

  // Nothing typed: Esc closes at once.
  await page.getByTestId('user-create').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(prompt).toBeHidden();

  // Typed: Esc asks; keeping on editing keeps the text.
  await page.getByTestId('user-create').click();
  await dialog.getByTestId('sub-username').fill('typed_name');
  await page.keyboard.press('Escape');
  await expect(prompt).toContainText('Discard changes?');
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(prompt).toBeHidden();
  await expect(dialog.getByTestId('sub-username')).toHaveValue('typed_name');

  // The × and Cancel ask too; Discard closes, and the next opening starts empty.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Keep editing' }).click();
  await expect(prompt).toBeHidden();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await prompt.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('user-create').click();
  await expect(dialog.getByTestId('sub-username')).toHaveValue('');
});

test('a system role is shown with one Close button', async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  await page.goto('/team/roles');
  await page.getByRole('button', { name: 'View' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('A system role is the same for every account');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  // The × in the title and the one button below.
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
});

test('an account without an email adds one in a dialog titled "Add email"', async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Add email');
  await expect(dialog.getByLabel('Email', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The phone it registered with is changed, not added.
  await page.getByRole('button', { name: 'Change', exact: true }).last().click();
  await expect(page.getByRole('dialog').getByRole('heading')).toHaveText('Change phone number');
});

test('the saved-proxy form masks the password until asked, and saving says so', async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  await page.goto('/proxy');
  await page.getByRole('button', { name: 'Add proxy' }).click();
  const dialog = page.getByRole('dialog');
  const password = dialog.getByLabel('Password', { exact: true });
  await dialog.getByLabel('Host').fill('10.1.2.3');
  await dialog.getByLabel('Port').fill('8080');
  await dialog.getByLabel('Username').fill('buyer');
  await password.fill('s3cret');
  await expect(password).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('notice').last()).toContainText('Proxy saved');
  await expect(dialog).toBeHidden();
});

test('uploading an extension, exporting cookies and restoring one profile each end with a notice', async ({
  page,
  baseURL,
}) => {
  const api = await signedIn(page, baseURL!);
  const { ids } = await api.call<{ ids: number[] }>('POST', '/v1/browserInfos/batchAdd', {
    list: [{ name: 'Bin one' }, { name: 'Kept one' }],
  });
  await api.call('DELETE', '/v1/browserInfos', { ids: [ids[0]] });
  const notice = page.getByTestId('notice');

  const dir = mkdtempSync(join(tmpdir(), 'facet-notices-'));
  const zip = join(dir, 'helper.zip');
  writeFileSync(zip, extensionZip({ name: 'Notice Helper', version: '2.0.0', folder: 'helper' }));
  await page.goto('/extensions');
  await page.getByTestId('extension-file-input').setInputFiles(zip);
  await expect(notice.filter({ hasText: 'Notice Helper 2.0.0 uploaded' })).toBeVisible();

  await page.goto('/browser');
  await page.getByTestId('profile-row').filter({ hasText: 'Kept one' }).getByTestId('row-check').click();
  await page.getByTestId('batch-export').click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Cookies (JSON)' }).click();
  const file = await download;
  await expect(notice.filter({ hasText: `File saved: ${file.suggestedFilename()}` })).toBeVisible();

  await page.goto('/recycle');
  await page.getByRole('button', { name: 'Restore Bin one' }).click();
  await expect(notice.filter({ hasText: 'Bin one restored' })).toBeVisible();
});
