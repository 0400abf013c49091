import { expect, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

/*
 * The operator's Accounts screen and the risk level (docs/accounts.md, Risk level), and the
 * register form's own explanation of 17014 (docs/accounts.md, Codes the server sends).
 */

interface Info {
  riskLevel: number;
  menuCodes: string[];
}

test('the operator finds an account, reads it and restricts it with a reason; a level changed meanwhile is shown as it is', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const u = uniqueUser();
  const user = await new ServerApi(baseURL!).register(u, admin);

  await signInAs(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/admin/accounts');
  await page.getByLabel('Username, email or phone').fill(u.username);
  const row = page.locator('[data-testid^="account-"]').filter({ hasText: u.username }).first();
  await expect(row).toBeVisible();
  await expect(page.getByTestId('admin-accounts').locator('tbody tr')).toHaveCount(1);
  await row.getByRole('button', { name: 'Details' }).last().click();

  const detail = page.getByTestId('account-detail');
  await expect(detail.getByTestId('account-subs')).toHaveText('0');
  await expect(detail.getByTestId('account-risk')).toHaveText('Normal');

  // The reason is required before anything is sent.
  await page.getByTestId('risk-change').click();
  const risk = page.getByRole('dialog').filter({ hasText: `Risk level of ${u.username}` });
  await risk.getByLabel(/Restricted/).check();
  await risk.getByRole('button', { name: 'Save' }).click();
  await expect(risk.getByText('Say why the level changes.')).toBeVisible();
  await page.waitForTimeout(350); // the dialog's confirm is throttled; a person is never this fast
  await page.getByTestId('risk-reason').fill('chargebacks from this account');
  await risk.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Risk level of ${u.username} saved.`)).toBeVisible();
  await expect(detail.getByTestId('account-risk')).toHaveText('Restricted');
  const info = await user.call<Info>('GET', '/users/currentUser');
  expect(info.riskLevel).toBe(1);
  expect(info.menuCodes).not.toContain('recycle:delete:all');

  // Another operator sets it back meanwhile: this one's change is refused silently (16187, no red
  // notice) and the account shows the level it has now.
  await page.getByTestId('risk-change').click();
  const me = await user.call<{ id: number }>('GET', '/users/currentUser');
  await admin.call('POST', '/v1/admin/accounts/riskLevel', {
    id: me.id,
    from: 1,
    riskLevel: 0,
    reason: 'other operator',
  });
  await page.getByTestId('risk-reason').fill('lift it');
  await risk.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('risk-stale')).toBeVisible();
  await expect(detail.getByTestId('account-risk')).toHaveText('Normal');
  await expect(page.getByTestId('notice')).toHaveCount(0);
});

test('registering a name taken meanwhile is explained on the form (17014), without a red notice', async ({
  page,
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const first = uniqueUser();
  await new ServerApi(baseURL!).register(first, admin);
  const second = uniqueUser();

  await page.goto('/register?lang=en');
  await page.locator('input[name=username]').fill(first.username);
  await page.locator('input[name=password]').fill(second.password);
  await page.getByLabel('Phone number').fill(second.phone);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toContainText(/Resend in \d+s/);
  await page.getByLabel('Verification code').fill(await admin.latestCode(`+86${second.phone}`));
  await page.getByTestId('register-accept').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('This username is already taken: choose another one.')).toBeVisible();
  await expect(page.getByTestId('notice')).toHaveCount(0);
  await expect(page).toHaveURL(/\/register/);
});
