import type { Response } from '@playwright/test';
import { expect, signInAs, test, uniqueUser } from './fixtures';
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
  const onList = (r: Response) => {
    if (r.url().includes('/v1/browserInfos/list'))
      // A body the test no longer waits for (a refetch as it ends) must not fail it: -1, not a rejection.
      listCalls.push(
        r.json().then(
          (b: { result: { list: unknown[] } }) => b.result.list.length,
          () => -1,
        ),
      );
  };
  page.on('response', onList);

  await signInAs(page, user.username, user.password);
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
  page.off('response', onList);
  expect(listCalls.length).toBeLessThan(15);
  const sizes = await Promise.all(listCalls);
  expect(sizes.filter((n) => n >= 0).length).toBeGreaterThan(0);
  for (const n of sizes) expect(n).toBeLessThanOrEqual(100);
});
