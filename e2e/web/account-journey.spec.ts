import { LANGUAGES } from '@facet/shared';
import { chooseLanguage, expect, loginThroughForm, test, uniqueUser } from './fixtures';
import { localeText } from './locales';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

const TAGS: Record<string, string> = { zh: 'zh-CN', hk: 'zh-HK' };

test('register with a code from the outbox, log in, use the menus, languages and dark mode, log out', async ({
  page,
  baseURL,
}) => {
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();

  // Register by phone, with the code the server sent to the outbox.
  await page.goto('/register?lang=en');
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=password]').fill(user.password);
  await page.getByLabel('Phone number').fill(user.phone);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toContainText(/Resend in \d+s/);
  await page.getByLabel('Verification code').fill(await admin.latestCode(`+86${user.phone}`));
  await page.getByTestId('register-accept').check();
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('fig-sessions')).toHaveText('1');

  // Log out, then log in with the new account.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The menus: the side menu's Dashboard and the user menu's Profile.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-profile').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-username')).toHaveText(user.username);
  await page.getByTestId('menu-Dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('fig-logins')).toHaveText('2');

  // Every language: the document language and the menu text follow.
  for (const lng of LANGUAGES) {
    await chooseLanguage(page, lng);
    await expect(page.locator('html')).toHaveAttribute('lang', TAGS[lng] ?? lng);
    await expect(page.getByTestId('menu-Dashboard')).toHaveText(localeText(lng, 'menu.dashboard'));
  }
  // The choice persists across a reload.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');

  // Dark mode, persisted too.
  await page.getByTestId('theme-switch').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(15, 18, 23)');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  // The token is gone: a private page sends the user back to Login.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});
