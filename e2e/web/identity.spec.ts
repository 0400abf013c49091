import { rmSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/*
 * Identity verification (docs/identity.md) on its own server, since what verification unlocks is
 * one operator setting for every account: the operator keeps sub-accounts for verified accounts;
 * a user is refused and led to Authentication, submits (a wrong check digit is refused at its
 * field first), is rejected with a reason, submits again and is approved; then the sub-account is made.
 */
test.describe.configure({ mode: 'serial' });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let facet: Awaited<ReturnType<typeof startFacet>>;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  facet = await startFacet();
});
test.afterAll(async () => {
  if (!facet) return;
  facet.proc.kill('SIGTERM');
  await new Promise((r) => facet.proc.once('exit', r));
  rmSync(facet.dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, username: string, password: string) {
  await signInAs(page, username, password, { base: facet.url });
}

async function adminPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'admin', ADMIN_PASSWORD);
  return page;
}

/** The users screen's create dialog, up to its confirm. */
async function createSubAccount(page: Page, username: string) {
  await page.goto(`${facet.url}/team/users`);
  await page.getByTestId('user-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('sub-username').fill(username);
  await expect(dialog.getByText('This username is available')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('Passw0rd!x');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

async function submitPersonal(page: Page, idNumber: string) {
  await page.getByTestId('identity-realName').fill('Zhang San');
  await page.getByTestId('identity-idNumber').fill(idNumber);
  await page.getByTestId('identity-personal-submit').click();
}

test('a verification submitted, rejected with its reason, resubmitted and approved; the gated action follows', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The operator keeps sub-accounts for verified accounts, in the admin screen.
  const admin = await adminPage(browser);
  await admin.getByRole('link', { name: 'Verification settings' }).click();
  await admin.getByTestId('identity-unlock-subAccounts').check();
  await admin.getByTestId('identity-settings-save').click();
  await expect(admin.getByTestId('notice')).toContainText('Verification settings saved');

  const user = uniqueUser();
  await new ServerApi(facet.url).register(user, await new ServerApi(facet.url).login('admin', ADMIN_PASSWORD));
  await signIn(page, user.username, user.password);

  // Refused before: the dialog says why and leads to Profile → Authentication.
  await createSubAccount(page, `${user.username}_a`);
  await expect(page.getByTestId('identity-required-text')).toContainText('Add sub-accounts');
  await page.getByRole('button', { name: 'Go to Authentication' }).click();
  await expect(page).toHaveURL(/\/profile\/authentication$/);
  await expect(page.getByTestId('identity-status')).toHaveText('Not verified');
  await expect(page.getByTestId('identity-unlocks')).toHaveText('Add sub-accounts');

  // A wrong check digit is refused at its field before anything is sent.
  await submitPersonal(page, '110105194912310021');
  await expect(page.getByText('The check character of this ID number is wrong')).toBeVisible();
  await page
    .getByTestId('identity-upload-idPhoto')
    .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('identity-document')).toContainText('id.png');
  await submitPersonal(page, '11010519491231002X');
  await expect(page.getByTestId('identity-status')).toHaveText('Waiting for review');

  // The operator looks at the photo and rejects with a reason.
  await admin.getByRole('link', { name: 'Identity reviews' }).click();
  const row = admin.locator('[data-testid^="identity-row-"]', { hasText: user.username });
  await expect(row).toContainText('11010519491231002X');
  await row.getByRole('button', { name: 'ID photo' }).click();
  await expect(admin.getByTestId('identity-doc-image')).toBeVisible();
  await admin.getByRole('dialog').getByText('Close', { exact: true }).click();
  await row.getByRole('button', { name: 'Reject' }).click();
  await admin.getByTestId('identity-reject-reason').fill('The photo is blurred');
  await admin.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByTestId('notice')).toContainText('Verification rejected');

  // The user reads the reason and submits again with a new photo.
  await page.reload();
  await expect(page.getByTestId('identity-status')).toHaveText('Rejected');
  await expect(page.getByTestId('identity-reason')).toContainText('The photo is blurred');
  await page
    .getByTestId('identity-upload-idPhoto')
    .setInputFiles({ name: 'id-sharp.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.from([0])]) });
  await expect(page.getByTestId('identity-document')).toContainText('id-sharp.png');
  await submitPersonal(page, '11010519491231002X');
  await expect(page.getByTestId('identity-status')).toHaveText('Waiting for review');

  await admin.reload();
  await admin
    .locator('[data-testid^="identity-row-"]', { hasText: user.username })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(admin.getByTestId('notice')).toContainText('Verification approved');

  await page.reload();
  await expect(page.getByTestId('identity-status')).toHaveText('Verified');
  await expect(page.getByText('110***********002X')).toBeVisible();

  // The account page leads there too, with the status.
  await page.goto(`${facet.url}/profile`);
  await expect(page.getByTestId('identity-status')).toHaveText('Verified');
  await page.getByTestId('identity-open').click();
  await expect(page).toHaveURL(/\/profile\/authentication$/);

  // Allowed after.
  await createSubAccount(page, `${user.username}_b`);
  await expect(page.getByTestId('notice')).toContainText(`Sub-account ${user.username}_b created`);
  await admin.context().close();
});
