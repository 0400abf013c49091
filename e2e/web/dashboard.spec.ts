import type { Page } from '@playwright/test';
import { expect, signedIn, test } from './fixtures';

/** A server time (China Standard Time text, `YYYY-MM-DD HH:mm:ss`) as UTC text. */
const cstAsUtc = (cst: string) =>
  new Date(`${cst.replace(' ', 'T')}+08:00`).toISOString().slice(0, 19).replace('T', ' ');

test.describe('in a browser set to UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test('a new user sees times in the browser zone, and the trend counts its days', async ({ page, baseURL }) => {
    const asked: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/dashboard/summary')) asked.push(new URL(r.url()));
    });
    const api = await signedIn(page, baseURL!);
    const summary = await api.call<{ lastLoginTime: string }>('GET', '/v1/dashboard/summary');
    // No zone chosen: the console shows the browser's, not China's (8 hours ahead).
    await expect(page.getByTestId('dashboard-last-login')).toHaveText(cstAsUtc(summary.lastLoginTime));
    expect(asked.at(-1)?.searchParams.get('timeZone')).toBe('UTC');
    await expect(page.getByTestId('trend-last-date')).toHaveText(new Date().toISOString().slice(5, 10));
  });
});

/** Every figure's label and value are shown whole: nothing is cut or wider than its card. */
async function expectFiguresWhole(page: Page) {
  const cut = await page
    .locator('[data-testid^="fig-"]')
    .evaluateAll((els) =>
      els
        .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1)
        .map((el) => `${el.getAttribute('data-testid')}: ${el.textContent}`),
    );
  expect(cut).toEqual([]);
}

test('the dashboard figures fit at 360 px and 1440 px', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signedIn(page, baseURL!);
  await expect(page.getByTestId('fig-failed-label')).toHaveText('Failed sign-ins (30 days)');
  await expectFiguresWhole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId('fig-failed-label')).toBeVisible();
  await expectFiguresWhole(page);
});
