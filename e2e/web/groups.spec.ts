import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

test('groups: create, move profiles, rename, delete — the profiles go back to the default group', async ({
  page,
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const owner = await new ServerApi(baseURL!).register(user, admin);
  for (const name of ['Alpha', 'Beta']) await owner.call('POST', '/v1/browserInfos', { name });

  await signInAs(page, user.username, user.password);
  await page.goto('/groups');
  const groups = page.getByTestId('group-item');
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toContainText('Default group');
  await expect(groups.first()).toContainText('Profiles: 2');
  // The default group cannot be deleted: its delete control is off.
  await expect(page.getByRole('button', { name: 'Delete Default group' })).toBeDisabled();

  // Create: the shared name rule is checked before the call.
  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Group name').fill('Team, A!');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('A name cannot contain punctuation or symbols')).toBeVisible();
  await page.waitForTimeout(350);
  await dialog.getByLabel('Group name').fill('Team A');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('notice')).toContainText('Group Team A created');
  await expect(groups).toHaveCount(2);
  const teamA = groups.filter({ hasText: 'Team A' });
  await expect(teamA).toContainText('Profiles: 0');

  // Move both profiles out of the default group.
  await groups.filter({ hasText: 'Default group' }).getByRole('button').first().click();
  await expect(page.getByTestId('profile-row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByRole('button', { name: 'Move 2 selected to…' }).click();
  await expect(dialog.getByLabel('Target group')).toContainText('Team A');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByTestId('notice').last()).toContainText('Profiles moved to Team A: 2');
  await expect(teamA).toContainText('Profiles: 2');
  await expect(groups.filter({ hasText: 'Default group' })).toContainText('Profiles: 0');
  await expect(page.getByText('This group has no profiles.')).toBeVisible();

  // Share the group with a sub-account: the server holds the share afterwards.
  const subName = `sub_${Date.now() % 1e8}`;
  const sub = await owner.call<{ id: number }>('POST', '/v1/sysUsers', {
    username: subName,
    password: 'Passw0rd!x',
    roleId: 'member',
  });
  await page.getByRole('button', { name: 'Share Team A' }).click();
  await dialog.getByRole('checkbox', { name: subName }).check();
  await expect(dialog.getByText('Sub-accounts ticked: 1')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('notice').last()).toContainText('Sharing of Team A saved');
  const teamAId = (await owner.call<Array<{ id: number; name: string }>>('POST', '/v1/browserGroups/list')).find(
    (g) => g.name === 'Team A',
  )!.id;
  const shares = await owner.call<{ userIds: number[] }>('POST', '/v1/browserGroups/getShare', { groupId: teamAId });
  expect(shares.userIds).toEqual([sub.id]);
  // Reopened, the dialog shows the saved share.
  await page.getByRole('button', { name: 'Share Team A' }).click();
  await expect(dialog.getByRole('checkbox', { name: subName })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Rename.
  await page.getByRole('button', { name: 'Rename Team A' }).click();
  await dialog.getByLabel('Group name').fill('Team B');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(groups.filter({ hasText: 'Team B' })).toContainText('Profiles: 2');
  await expect(groups.filter({ hasText: 'Team A' })).toHaveCount(0);

  // Delete: the dialog says where the profiles go; afterwards they are in the default group.
  await page.getByRole('button', { name: 'Delete Team B' }).click();
  await expect(dialog).toContainText('Its profiles (2) move to Default group');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toContainText('Profiles: 2');
  await expect(page.getByTestId('profile-row')).toHaveCount(2);
  const list = await owner.call<{ list: Array<{ name: string; groupName: string }> }>(
    'POST',
    '/v1/browserInfos/list',
    {},
  );
  expect(list.list.map((p) => p.groupName)).toEqual(['Default', 'Default']);
});
