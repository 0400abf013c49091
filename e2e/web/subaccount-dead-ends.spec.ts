import { expect, loginThroughForm, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

const SUB_PASSWORD = 'Sub-Passw0rd!';
test.describe.configure({ timeout: 120_000 });

/**
 * A sub-account whose role may list and open profiles and nothing else: everything the console
 * shows it leads somewhere it may go (docs/team.md, What a role sees).
 */
test('team: a list-and-open role meets no empty row menu and no link to a page outside its menu', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const owner = await new ServerApi(baseURL!).register(user, admin);
  const group = await owner.call<{ id: number }>('POST', '/v1/browserGroups', { name: 'Desk' });
  await owner.call('POST', '/v1/browserInfos', { name: 'Desk one', groupId: group.id });
  const role = await owner.call<{ id: string }>('POST', '/v1/sysRoles', {
    name: 'Openers',
    codes: ['browser:list', 'browser:open'],
  });
  const sub = `${user.username}_o`;
  await owner.call('POST', '/v1/sysUsers', {
    username: sub,
    password: SUB_PASSWORD,
    roleId: role.id,
    groupIds: [group.id],
  });

  // The main account has the row menu (so its absence below means something).
  await signInAs(page, user.username, user.password);
  await page.goto('/browser');
  const ownerRow = page.getByTestId('profile-row').filter({ hasText: 'Desk one' });
  await expect(ownerRow.getByTestId('row-more')).toBeVisible({ timeout: 30_000 });

  const context = await browser.newContext({ baseURL: baseURL! });
  const other = await context.newPage();
  try {
    await other.goto('/login?lang=en');
    await loginThroughForm(other, sub, SUB_PASSWORD);
    await expect(other).toHaveURL(/\/dashboard$/);
    const menuLinks = await other
      .getByRole('navigation')
      .locator('a[href]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    // AI needs browser:open, SMS (the user's own messages) no code.
    const own = ['/ai', '/browser', '/dashboard', '/sms'];
    expect(menuLinks.sort()).toEqual(own);

    await other.goto('/browser');
    const row = other.getByTestId('profile-row').filter({ hasText: 'Desk one' });
    await expect(row.getByTestId('row-open')).toBeVisible({ timeout: 30_000 });
    // Nothing in the row menu is this role's: no menu button, rather than an empty popup.
    await expect(row.getByTestId('row-more')).toHaveCount(0);

    // Opening without a client: the banner says what to do, without a link to Local API settings.
    await row.getByTestId('row-open').click();
    const help = other.getByTestId('client-help');
    await expect(help).toBeVisible();
    await expect(help.getByTestId('client-help-no-settings')).toContainText('ask the main account');
    await expect(help).not.toContainText('under Local API');
    await expect(help.getByRole('link', { name: 'Local API settings' })).toHaveCount(0);
    const links = await other.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const href of links) expect(own).toContain(href);
    // The page stays not-found for the role.
    await other.goto('/settings/local-api');
    await expect(other.getByText('Page not found')).toBeVisible();
  } finally {
    await context.close();
  }
});
