import type { Browser, Page } from '@playwright/test';
import { expect, loginThroughForm, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

const SUB_PASSWORD = 'Sub-Passw0rd!';
// Two browser contexts and a dozen screens each: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** A main account with two groups of profiles, signed in on the console. */
async function mainAccount(page: Page, baseURL: string) {
  const admin = await new ServerApi(baseURL).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const owner = await new ServerApi(baseURL).register(user, admin);
  await page.goto('/login?lang=en');
  await loginThroughForm(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { owner, user };
}

async function signInElsewhere(browser: Browser, baseURL: string, username: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login?lang=en');
  await loginThroughForm(page, username, SUB_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

/** Creates a sub-account through the users screen's dialog. */
async function createSubAccount(page: Page, username: string, role: string, group?: string) {
  await page.goto('/team/users');
  await page.getByTestId('user-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('sub-username').fill(username);
  // The name is checked with the server while typing.
  await expect(dialog.getByText('This username is available')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(SUB_PASSWORD);
  await dialog.getByTestId('user-role').click();
  await page.getByRole('option', { name: role }).click();
  if (group) {
    await dialog.getByLabel('Shared groups').click();
    await page.getByRole('option', { name: new RegExp(`^${group} \\(`) }).click();
    await expect(dialog.getByRole('button', { name: new RegExp(`^${group} \\(`) })).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('notice')).toContainText(`Sub-account ${username} created`);
  await expect(page.getByTestId(`user-row-${username}`)).toBeVisible();
}

test('team: a role without forever-delete and one shared group — the sub-account sees that group only and no delete-forever control', async ({
  page,
  browser,
  baseURL,
}) => {
  const { owner, user } = await mainAccount(page, baseURL!);
  const groupA = await owner.call<{ id: number }>('POST', '/v1/browserGroups', { name: 'Shop A' });
  const groupB = await owner.call<{ id: number }>('POST', '/v1/browserGroups', { name: 'Shop B' });
  for (const [name, groupId] of [
    ['Alpha one', groupA.id],
    ['Alpha two', groupA.id],
    ['Bravo one', groupB.id],
  ] as const)
    await owner.call('POST', '/v1/browserInfos', { name, groupId });
  // One profile of the shared group waits in the recycle bin, so the bin's controls have something to act on.
  const binned = await owner.call<{ id: number }>('POST', '/v1/browserInfos', {
    name: 'Alpha old',
    groupId: groupA.id,
  });
  await owner.call('DELETE', '/v1/browserInfos', { ids: [binned.id] });

  // The role editor: tick whole groups, then take the three forever-delete codes away.
  await page.goto('/team/roles');
  await page.getByTestId('role-create').click();
  const roleDialog = page.getByRole('dialog');
  await roleDialog.getByLabel('Role name').fill('Shop staff');
  for (const group of ['Dashboard', 'Browser profiles', 'Groups', 'Recycle bin'])
    await roleDialog.getByRole('checkbox', { name: group, exact: true }).check();
  const browserGroup = roleDialog.getByRole('checkbox', { name: 'Browser profiles', exact: true });
  await expect(browserGroup).toBeChecked();
  for (const code of ['Delete profiles forever', 'Delete selected profiles forever', 'Empty the recycle bin'])
    await roleDialog.getByRole('checkbox', { name: code, exact: true }).uncheck();
  // A group with some of its codes shows the partial state.
  await expect(browserGroup).toHaveAttribute('data-indeterminate', 'true');
  await expect(roleDialog.getByText('Permissions chosen: 16 of 54')).toBeVisible();
  await roleDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('notice')).toContainText('Role saved');
  await expect(page.getByTestId('role-row-Shop staff')).toContainText('16 permissions');

  // The users screen: create the sub-account with that role and share Shop A with it.
  const sub = `${user.username}_s`;
  await createSubAccount(page, sub, 'Shop staff', 'Shop A');
  await expect(page.getByTestId(`user-row-${sub}`)).toContainText('Shop staff');
  await expect(page.getByTestId(`user-row-${sub}`).getByTestId('user-status')).toHaveText('Active');

  // The main account does see the forever-delete controls (so their absence below means something).
  await page.goto('/browser');
  await expect(page.getByTestId('batch-deleteForever')).toBeAttached({ timeout: 30_000 });
  await page.goto('/recycle');
  await expect(page.getByText('Alpha old')).toBeVisible();
  await expect(page.getByRole('button', { name: /delete forever/i }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /empty/i })).toBeVisible();

  // The sub-account: the profiles of Shop A and nothing else; no forever-delete anywhere.
  const other = await signInElsewhere(browser, baseURL!, sub);
  // The sub-account's own session, read from its console (no extra login: logins are rate-limited per address).
  const subToken = await other.page.evaluate(() => localStorage.getItem('token') ?? '');
  const subApi = new ServerApi(baseURL!, subToken);
  const seen = await subApi.call<{ list: { name: string }[] }>('POST', '/v1/browserInfos/list', { pageSize: 100 });
  expect(seen.list.map((p) => p.name).sort()).toEqual(['Alpha one', 'Alpha two']);
  await other.page.goto('/browser');
  // The grid is large and lazy; on a busy machine its first rows take a while.
  await expect(other.page.getByTestId('profile-total')).toContainText('2', { timeout: 30_000 });
  for (const name of ['Alpha one', 'Alpha two'])
    await expect(other.page.getByText(name, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(other.page.getByText('Bravo one')).toHaveCount(0);
  await expect(other.page.getByTestId('batch-deleteForever')).toHaveCount(0);
  await expect(other.page.getByText(/delete forever/i)).toHaveCount(0);
  await other.page.goto('/recycle');
  await expect(other.page.getByText('Alpha old')).toBeVisible();
  await expect(other.page.getByRole('button', { name: 'Restore selected' })).toBeVisible();
  await expect(other.page.getByRole('button', { name: /delete forever|empty/i })).toHaveCount(0);
  // And the server refuses it too.
  await expect(subApi.call('POST', '/v1/browserInfos/deleteForever', { ids: [binned.id] })).rejects.toThrow(/403/);
  await other.context.close();
});

test('team: stopping a sub-account ends its open session on its next call; recover lets it back in', async ({
  page,
  browser,
  baseURL,
}) => {
  const { user } = await mainAccount(page, baseURL!);
  const sub = `${user.username}_w`;
  await createSubAccount(page, sub, 'Member');
  const other = await signInElsewhere(browser, baseURL!, sub);

  const row = page.getByTestId(`user-row-${sub}`);
  await row.getByTestId('user-stop').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('their sessions end at once');
  await confirm.getByRole('button', { name: 'Stop' }).click();
  await expect(row.getByTestId('user-status')).toHaveText('Stopped');

  // The sub-account's next call is refused and the console goes back to sign-in.
  await other.page.goto('/profile');
  await expect(other.page).toHaveURL(/\/login/);
  await loginThroughForm(other.page, sub, SUB_PASSWORD);
  await expect(other.page).toHaveURL(/\/login/);

  // Filter by status, then recover: it may sign in again.
  await page.getByTestId('filter-status').click();
  await page.getByRole('option', { name: 'Stopped' }).click();
  await expect(page.getByTestId(/^user-row-/)).toHaveCount(1);
  await row.getByTestId('user-recover').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Recover' }).click();
  await expect(page.getByTestId('users-table')).toContainText('No sub-account matches these filters.');
  await other.page.goto('/login?lang=en');
  await loginThroughForm(other.page, sub, SUB_PASSWORD);
  await expect(other.page).toHaveURL(/\/dashboard$/);
  await other.context.close();
});

test('team: reset a sub-account’s password (its sessions end, the old one stops working), then delete it', async ({
  page,
  browser,
  baseURL,
}) => {
  const { user } = await mainAccount(page, baseURL!);
  const sub = `${user.username}_r`;
  await createSubAccount(page, sub, 'Member');
  const other = await signInElsewhere(browser, baseURL!, sub);
  const row = page.getByTestId(`user-row-${sub}`);

  // Edit: the remark is saved and shown in the list.
  await row.getByTestId('user-edit').click();
  await page.getByRole('dialog').getByLabel('Remark').fill('Night shift');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('notice')).toContainText('Sub-account saved');
  await expect(row).toContainText('Night shift');

  await row.getByTestId('user-reset-password').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New password', { exact: true }).fill('weak');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('The password is too short')).toBeVisible();
  const newPassword = 'R3set-Passw0rd!';
  await page.waitForTimeout(350);
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('notice')).toContainText(`Password of ${sub} changed`);
  // A new password ends the sub-account's sessions: its open console goes back to sign-in.
  await other.page.goto('/profile');
  await expect(other.page).toHaveURL(/\/login/);
  await other.context.close();
  await expect(new ServerApi(baseURL!).login(sub, SUB_PASSWORD)).rejects.toThrow();
  const fresh = await new ServerApi(baseURL!).login(sub, newPassword);

  // Delete: the confirmation says what happens; the row goes and the sub-account's session with it.
  await row.getByTestId('user-delete').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('their profiles are handed back to you');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(fresh.call('GET', '/users/currentUser')).rejects.toThrow(/50406/);
});
