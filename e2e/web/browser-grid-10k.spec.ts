import { expect, loginThroughForm, test, uniqueUser } from './fixtures';
import { ServerApi } from './server-api';
import { ADMIN_PASSWORD } from './server-process';

const N = 10_000;

test('grid: 10 000 profiles load in windows; scrolling to the bottom shows the last serial', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await new ServerApi(baseURL!).login('admin', ADMIN_PASSWORD);
  const user = uniqueUser();
  const api = await new ServerApi(baseURL!).register(user, admin);
  // Batches of 500 keep each server transaction short, so tests running beside this one stay fast.
  const BATCH = 500;
  for (let start = 0; start < N; start += BATCH) {
    const list = Array.from({ length: BATCH }, (_, i) => ({ name: `Big ${start + i + 1}` }));
    await api.call('POST', '/v1/browserInfos/batchAdd', { list });
  }
  // Rows each list answer carried (the request body is a stream Playwright cannot read).
  const listCalls: Array<Promise<number>> = [];
  page.on('response', (r) => {
    if (r.url().includes('/v1/browserInfos/list'))
      listCalls.push(r.json().then((b: { result: { list: unknown[] } }) => b.result.list.length));
  });

  await page.goto('/login?lang=en');
  await loginThroughForm(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/browser');
  await expect(page.getByTestId('profile-total')).toHaveText(`${N} profiles`);
  const rows = page.getByTestId('profile-row');
  await expect(rows.first()).toContainText('Big 1');
  // Only the rows in view are in the page, not 10 000.
  expect(await rows.count()).toBeLessThan(80);

  const grid = page.getByTestId('profile-grid');
  // Half-way: the rows there come from the pages around them.
  await grid.evaluate((el) => {
    el.scrollTop = el.scrollHeight / 2;
  });
  await expect(page.locator('[data-serial="5000"]')).toBeVisible();

  await grid.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  const last = page.locator(`[data-serial="${N}"]`);
  await expect(last).toBeVisible();
  await expect(last).toContainText(`Big ${N}`);
  expect(await rows.count()).toBeLessThan(80);
  // Paged in windows: a handful of list calls of 100 rows, never the whole list.
  expect(listCalls.length).toBeLessThan(15);
  for (const n of await Promise.all(listCalls)) expect(n).toBeLessThanOrEqual(100);
});
