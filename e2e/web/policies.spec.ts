import { expect, loginThroughForm, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

/*
 * Policy pages (docs/notices.md): the operator writes the agreement in the admin screen, the
 * Register page links it and the privacy policy and needs them accepted, the pages are public,
 * and closing an account shows the log-off policy with the conditions checkCanLogOff names.
 */

test('the operator writes the agreement; Register links both policies and needs them accepted', async ({
  page,
  context,
  baseURL,
}) => {
  const mark = `Terms ${Date.now()}`;
  await signInAs(page, 'admin', ADMIN_PASSWORD);
  await page.getByRole('link', { name: 'Policy pages' }).click();
  await expect(page).toHaveURL(/\/admin\/policies$/);
  await page.getByTestId('policy-content').fill(`# ${mark}\n\nBe **kind**. <script>window.__pwned = 1</script>`);
  await page.getByTestId('policy-save').click();
  await expect(page.getByText('Saved')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/register?lang=en');
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=password]').fill(user.password);
  await page.getByLabel('Phone number').fill(user.phone);
  await page.getByTestId('send-code').click();
  await page.getByLabel('Verification code').fill(await admin.latestCode(`+86${user.phone}`));
  // Not accepted: refused at the box, nothing sent.
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-accept-error')).toBeVisible();
  await expect(page).toHaveURL(/\/register/);
  await expect(page.getByTestId('register-privacy-link')).toHaveAttribute('href', '/privacy?lang=en');
  // The agreement opens in its own tab, signed out, with the operator's text rendered safely.
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('register-agreement-link').click()]);
  await expect(tab).toHaveURL(/\/agreement\?lang=en$/);
  await expect(tab.getByRole('heading', { name: mark })).toBeVisible();
  await expect(tab.getByTestId('policy-content').locator('strong')).toHaveText('kind');
  expect(await tab.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await tab.close();
  // The privacy policy has no text yet: the page says so.
  const privacy = await context.newPage();
  await privacy.goto(`${baseURL}/privacy?lang=en`);
  await expect(privacy.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
  await expect(privacy.getByTestId('policy-empty')).toBeVisible();
  await privacy.close();

  await page.getByTestId('register-accept').check();
  await expect(page.getByTestId('register-accept-error')).toBeHidden();
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('closing an account shows the log-off policy and what stands in the way, then closes it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  await admin.call('POST', '/v1/admin/policies', {
    kind: 'logoff',
    locale: 'en',
    content: 'Closing is **final**.',
  });
  const user = uniqueUser();
  const owner = await new ServerApi(baseURL!).register(user, admin);
  const sub = await owner.call<{ id: number }>('POST', '/v1/sysUsers', {
    username: `${user.username}_s`,
    password: user.password,
    roleId: 'member',
  });
  await signInAs(page, user.username, user.password);
  await page.goto('/profile');
  await page.getByTestId('log-off-open').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('policy-content').locator('strong')).toHaveText('final');
  await expect(page.getByTestId('log-off-reason-logOffBlockedSubAccounts')).toContainText(
    'Your team still has sub-accounts',
  );
  await expect(page.getByTestId('log-off-confirm')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // With the sub-account gone nothing stands in the way: a code, then the account is closed.
  await owner.call('DELETE', '/v1/sysUsers', { ids: [sub.id] });
  await page.getByTestId('log-off-open').click();
  await expect(page.getByTestId('log-off-ready')).toBeVisible();
  await dialog.getByTestId('send-code').click();
  await expect(dialog.getByTestId('send-code')).toContainText(/\d+s/);
  await dialog.getByLabel('Verification code').fill(await admin.latestCode(`+86${user.phone}`));
  await page.getByTestId('log-off-confirm').click();
  await expect(page).toHaveURL(/\/login/);
  await loginThroughForm(page, user.username, user.password);
  await expect(page).toHaveURL(/\/login/);
});
