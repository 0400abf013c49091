import { startOidcProvider, type TestOidcProvider } from '@facet/server/test/oidc-provider';
import type { Page } from '@playwright/test';
import { expect, signedIn, signInAs, test } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

/*
 * Third-party sign-in against a real OpenID provider (oidc-provider on 127.0.0.1): the operator
 * adds it in the admin screen, a new identity signs in from the login page and creates its
 * account by email code, comes back straight in the next time, and a password account links and
 * unlinks it from the account page.
 */

/** At the provider's own pages: its login form (any password), then its consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

let idp: TestOidcProvider;
let providerId = 0;

test.beforeAll(async ({ baseURL }) => {
  idp = await startOidcProvider({ redirectUris: [`${baseURL}/authorized-login`] });
});
test.afterAll(async ({ baseURL }) => {
  // The spec's provider leaves the shared server: other specs' login pages show no extra button.
  if (providerId) {
    const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
    await admin.call('DELETE', '/v1/admin/third/providers', { id: providerId });
  }
  await idp?.close();
});

test.describe.configure({ mode: 'serial' });

test('the operator adds a provider; a new identity signs in from the login page and creates its account', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'admin', ADMIN_PASSWORD);
  await page.getByRole('link', { name: 'Sign-in providers' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in-providers$/);
  await page.getByTestId('provider-create').click();
  const dialog = page.getByRole('dialog');
  // Its issuer is discovered before saving: a wrong one is refused at its field.
  await page.getByTestId('provider-name').fill('E2E IdP');
  await page.getByTestId('provider-issuer').fill('http://127.0.0.1:9');
  await page.getByTestId('provider-clientId').fill(idp.clientId);
  await page.getByTestId('provider-clientSecret').fill(idp.clientSecret);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The issuer did not answer OpenID discovery with these values.')).toBeVisible();
  await page.getByTestId('provider-issuer').fill(idp.issuer);
  await page.waitForTimeout(350); // the dialog's confirm is throttled to once per 300 ms
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('admin-third-providers').getByRole('row', { name: /E2E IdP/ });
  await expect(row).toContainText(idp.issuer);
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  providerId = (await admin.call<{ id: number; name: string }[]>('GET', '/third/providers')).find(
    (p) => p.name === 'E2E IdP',
  )!.id;

  // Someone new, in another browser: the login page offers the provider.
  const context = await browser.newContext({ baseURL });
  const guest = await context.newPage();
  await guest.goto('/login?lang=en');
  await guest.getByRole('button', { name: 'Sign in with E2E IdP' }).click();
  await expect(guest).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  const who = `e2e${Date.now() % 1e6}`;
  await signInAtProvider(guest, who);
  await expect(guest).toHaveURL(/\/authorized-login\?code=/);
  const form = guest.getByTestId('third-new-identity');
  await expect(form).toContainText('This E2E IdP account is not linked');
  // The provider's email is offered; it has no account yet: a new one, with a username.
  const email = guest.getByLabel('Email');
  await expect(email).toHaveValue(`${who}@idp.test`);
  await form.getByRole('button', { name: /Send code/ }).click();
  await expect(form).toContainText('a new account will be created');
  await form.getByLabel('Verification code').fill(await admin.latestCode(`${who}@idp.test`));
  await form.getByLabel('Username').fill(`oidc_${who}`.slice(0, 20));
  await form.getByRole('button', { name: 'Create account and sign in' }).click();
  await expect(guest).toHaveURL(/\/dashboard$/);

  // The account page: linked, and the only way in cannot be unlinked.
  await guest.goto('/profile');
  const binding = guest.getByTestId(`third-binding-${providerId}`);
  await expect(binding).toContainText(`${who}@idp.test`);
  await expect(binding.getByRole('button', { name: 'Unlink' })).toBeDisabled();
  await expect(guest.getByTestId('third-bindings')).toContainText('This account has no password yet');
  // No password to change: the security card says so instead of offering a change that needs the old one.
  await expect(guest.getByTestId('change-password')).toHaveCount(0);

  // Signed out, the same identity comes straight back in (the provider remembers the browser).
  await guest.getByRole('button', { name: 'Account menu' }).click();
  await guest.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(guest).toHaveURL(/\/login/);
  await guest.getByRole('button', { name: 'Sign in with E2E IdP' }).click();
  // The provider may ask for consent again or remember it: either way the console signs in.
  await Promise.race([
    guest.waitForURL(/\/dashboard$/),
    guest
      .getByRole('button', { name: 'Continue' })
      .click()
      .catch(() => undefined),
  ]);
  await expect(guest).toHaveURL(/\/dashboard$/);
  await guest.goto('/profile');
  await expect(guest.getByTestId('profile-username')).toHaveText(`oidc_${who}`.slice(0, 20));

  // A used code and state are refused with words, and a way back.
  await guest.goto('/authorized-login?code=used&state=forged');
  await expect(guest.getByTestId('third-failed')).toContainText('This sign-in link has expired or was already used');
  await context.close();
});

test('a password account links the provider from its account page and unlinks it', async ({ page, baseURL }) => {
  expect(providerId).toBeGreaterThan(0);
  await signedIn(page, baseURL!);
  await page.goto('/profile');
  const binding = page.getByTestId(`third-binding-${providerId}`);
  await expect(binding).toContainText('Not linked');
  await binding.getByRole('button', { name: 'Link' }).click();
  const who = `link${Date.now() % 1e6}`;
  await signInAtProvider(page, who);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('notice').first()).toContainText('E2E IdP is now linked to your account.');
  await expect(binding).toContainText(`${who}@idp.test`);
  await binding.getByRole('button', { name: 'Unlink' }).click();
  await expect(binding).toContainText('Not linked');
});
