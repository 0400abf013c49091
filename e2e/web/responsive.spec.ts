import { expect, loginThroughForm, test } from './fixtures';
import { ADMIN_PASSWORD } from './server-process';

test.use({ viewport: { width: 360, height: 740 } });

/** Nothing is wider than the window: no sideways scrolling at 360 px. */
async function expectNoSidewaysScroll(page: import('@playwright/test').Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test('every screen fits a 360 px wide phone', async ({ page }) => {
  for (const lng of ['zh', 'en']) {
    for (const path of ['/login', '/register', '/reset-pass', '/forget-account', '/404']) {
      await page.goto(`${path}?lang=${lng}`);
      await expect(page.locator('h1')).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
  }
  await page.goto('/login?lang=en');
  await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
  await expect(page.getByTestId('fig-sessions')).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The side menu becomes a drawer behind the menu button.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByTestId('menu-Dashboard').click();
  await page.goto('/profile');
  await expect(page.getByTestId('profile-username')).toBeVisible();
  await expectNoSidewaysScroll(page);
});
