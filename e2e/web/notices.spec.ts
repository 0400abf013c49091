import { rmSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, loginThroughForm, signInAs, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD, startFacet } from './server-process';

/*
 * Notices and customer service (docs/notices.md): the operator publishes a Markdown notice in the
 * admin screen, a user reads it (unread → read, the badge and the top bar follow), a script in the
 * notice stays harmless; the external scripts load only once the operator sets their URLs; the
 * main account sees its own console online.
 */

async function adminPage(page: Page, base = '') {
  await signInAs(page, 'admin', ADMIN_PASSWORD, { base });
}

test('the operator publishes a pinned notice; a user reads it, its script stays text', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  await new ServerApi(baseURL!).register(user, admin);
  const title = `Maintenance ${user.username}`;

  await adminPage(page);
  await page.getByRole('link', { name: 'Notices' }).click();
  await expect(page).toHaveURL(/\/admin\/notices$/);
  await page.getByTestId('notice-add').click();
  const dialog = page.getByRole('dialog');
  // Nothing typed: the title and the text are asked for at their fields.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a title')).toBeVisible();
  await page.getByTestId('notice-title').fill(title);
  await page
    .getByTestId('notice-content')
    .fill(
      'The service is down on **Sunday**.\n\n<script>window.__pwned = 1</script>\n\n<img src="x" onerror="window.__pwned = 2">\n\n[details](javascript:window.__pwned=3)',
    );
  await page.getByTestId('notice-preview-tab').click();
  await expect(page.getByTestId('notice-preview').locator('strong')).toHaveText('Sunday');
  await page.getByTestId('notice-pinned').check();
  await page.getByTestId('notice-published').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator('[data-testid^="admin-notice-"]').filter({ hasText: title });
  await expect(row).toContainText('Published');
  await expect(row).toContainText('Read by 0');

  // The user: the top bar and the badge show the unread notice.
  const ctx = await browser.newContext();
  const userPage = await ctx.newPage();
  await userPage.goto(`${baseURL}/login?lang=en`);
  await loginThroughForm(userPage, user.username, user.password);
  await expect(userPage).toHaveURL(/\/dashboard$/);
  await expect(userPage.getByTestId('top-notice')).toContainText(title);
  await expect(userPage.getByTestId('notices-bell')).toHaveAttribute('aria-label', 'Notices, unread: 1');
  await userPage.getByTestId('notices-bell').click();
  await expect(userPage).toHaveURL(/\/notices$/);
  const item = userPage.locator('[data-testid^="notice-"][data-read]').filter({ hasText: title });
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item.getByText('Unread')).toBeVisible();
  await item.getByText(title).click();
  const content = item.locator('[data-testid$="-content"]');
  await expect(content.locator('strong')).toHaveText('Sunday');
  // The script, the handler and the javascript: link are gone; nothing ran.
  await expect(content.locator('script')).toHaveCount(0);
  expect(await content.innerHTML()).not.toMatch(/onerror|javascript:/i);
  expect(await userPage.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // Opened = read: the mark, the badge and the top bar follow.
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(userPage.getByTestId('notices-bell')).toHaveAttribute('aria-label', 'Notices, unread: 0');
  await expect(userPage.getByTestId('top-notice')).toBeHidden();
  await userPage.reload();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(userPage.getByTestId('top-notice')).toBeHidden();

  // The operator sees it was read.
  await page.reload();
  await expect(row).toContainText('Read by 1');
  await ctx.close();
  // The suite's other users on this server get no top bar from this spec.
  const list = await admin.call<{ list: { id: number; title: string }[] }>('POST', '/v1/admin/notices/list', {});
  const ids = list.list.filter((n) => n.title === title).map((n) => n.id);
  await admin.call('POST', '/v1/admin/notices/delete', { ids });
});

test('customer service and analytics load only once the operator sets them; the team sees its clients online', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Its own server: the scripts it sets would load on every page of the suite's shared one.
  const facet = await startFacet();
  try {
    await siteScripts(page, browser, facet.url);
  } finally {
    facet.proc.kill('SIGTERM');
    await new Promise((r) => facet.proc.once('exit', r));
    rmSync(facet.dataDir, { recursive: true, force: true });
  }
});

async function siteScripts(page: Page, browser: Browser, baseURL: string) {
  const admin = await new ServerApi(baseURL).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  await new ServerApi(baseURL).register(user, admin);

  const ctx = await browser.newContext();
  const userPage = await ctx.newPage();
  await userPage.goto(`${baseURL}/login?lang=en`);
  await loginThroughForm(userPage, user.username, user.password);
  await expect(userPage).toHaveURL(/\/dashboard$/);
  // Nothing by default: no script tag, no customer-service button.
  await expect(userPage.getByTestId('notices-bell')).toBeVisible();
  await expect(userPage.locator('script[data-site-script]')).toHaveCount(0);
  await expect(userPage.getByTestId('support-button')).toHaveCount(0);

  // The operator sets the contact image, the widget and the English analytics script.
  await adminPage(page, baseURL);
  await page.getByRole('link', { name: 'Customer service' }).click();
  await expect(page).toHaveURL(/\/admin\/support$/);
  await page.getByTestId('support-kefuScriptUrl').fill('javascript:alert(1)');
  await page.getByTestId('support-save').click();
  await expect(page.getByText('Enter a link starting with http:// or https://')).toBeVisible();
  await page.getByTestId('support-kefuImage').fill(`${baseURL}/e2e-kefu.png`);
  await page.getByTestId('support-kefuScriptUrl').fill(`${baseURL}/e2e-kefu-widget.js`);
  await page.getByTestId('support-analytics.en').fill(`${baseURL}/e2e-analytics-en.js`);
  await page.getByTestId('support-save').click();
  await expect(page.getByText('Saved')).toBeVisible();

  await userPage.reload();
  await expect(userPage.locator('script[data-site-script="kefu"]')).toHaveAttribute(
    'src',
    `${baseURL}/e2e-kefu-widget.js`,
  );
  await expect(userPage.locator('script[data-site-script="analytics"]')).toHaveAttribute(
    'src',
    `${baseURL}/e2e-analytics-en.js`,
  );
  await userPage.getByTestId('support-button').click();
  await expect(userPage.getByTestId('support-image')).toHaveAttribute('src', `${baseURL}/e2e-kefu.png`);
  await userPage.keyboard.press('Escape');

  // Presence: the main account's own console is online on the users page.
  await userPage.goto(`${baseURL}/team/users`);
  await expect(userPage.getByTestId(`online-client-${user.username}`)).toHaveAttribute('data-online', 'true');
  await expect(userPage.getByTestId('online-clients')).toContainText('Online now: 1');
  await ctx.close();
}
