import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { startHeadlessClient } from './client-process';
import { expect, signedIn, test } from './fixtures';

/*
 * The cookie robot of the profile screen (docs/rpa.md, The cookie robot): two profiles chosen in
 * the grid, the sites pasted in its dialog (a bad line refused there first), Start stores the
 * built-in flow and a task; the rows say waiting, then a real headless client visits the sites
 * this test serves in each profile's own Chromium and the rows turn done.
 */

/** Two pages of one site, each linking to the other, so the robot has a link to click. */
async function startSite(): Promise<{ origin: string; server: Server; visits: string[] }> {
  const visits: string[] = [];
  const server = createServer((req, res) => {
    visits.push(req.url ?? '');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>Site</title><div style="height:3000px">
      <a href="/news">News</a> <a href="/shop">Shop</a></div>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, server, visits };
}

const row = (page: Page, name: string) => page.getByTestId('profile-row').filter({ hasText: name });

test('cookie robot: chosen profiles visit the pasted sites through a real client, their rows go from waiting to done', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const site = await startSite();
  const api = await signedIn(page, baseURL!);
  await api.call('POST', '/v1/browserInfos', { name: 'Warm Ann' });
  await api.call('POST', '/v1/browserInfos', { name: 'Warm Bob' });
  await api.call('POST', '/v1/browserInfos', { name: 'Cold Cid' });

  await page.goto('/browser');
  await row(page, 'Warm Ann').getByTestId('row-check').click();
  await row(page, 'Warm Bob').getByTestId('row-check').click();
  await page.getByTestId('batch-cookieRobot').click();
  const dialog = page.getByTestId('cookie-robot-dialog');
  await expect(dialog).toContainText('profiles: 2');

  // A line that is not an http(s) address is named and Start waits.
  const sites = dialog.getByTestId('robot-sites');
  await sites.fill(`${site.origin}/home\nftp://files.test`);
  await expect(dialog.getByTestId('robot-sites-help')).toHaveText('Line 2 is not an http(s) address: ftp://files.test');
  await expect(dialog.getByTestId('robot-start')).toBeDisabled();
  // A reversed dwell range is the server's refusal, shown at its field.
  await sites.fill(`url\n${site.origin}/home\n${site.origin}/home\n${site.origin}/shop`);
  await expect(dialog.getByTestId('robot-sites-help')).toHaveText('Sites: 2 · repeated lines left out: 1');
  await dialog.getByTestId('robot-dwellMin').fill('5');
  await dialog.getByTestId('robot-dwellMax').fill('2');
  await dialog.getByTestId('robot-start').click();
  await expect(dialog).toContainText('Must not be less than the minimum.');
  await dialog.getByTestId('robot-dwellMin').fill('1');
  await dialog.getByTestId('robot-dwellMax').fill('1');
  await dialog.getByTestId('robot-scrolls').fill('1');
  await dialog.getByTestId('robot-clicks').fill('1');
  await dialog.getByTestId('robot-start').click();
  await expect(page.getByTestId('notice').filter({ hasText: 'Cookie robot started on profiles: 2.' })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The task and its flow: the sites in order, each once.
  const progress = page.getByTestId('robot-progress');
  await expect(progress.getByTestId('robot-progress-text')).toHaveText('Cookie robot: 0 of 2 finished');
  const flows = await api.call<{ list: { id: number; name: string }[] }>('POST', '/v1/rpa/flows/list', {
    name: 'Cookie robot',
  });
  expect(flows.list).toHaveLength(1);
  const flow = await api.call<{ flow: { steps: { type: string; url?: string }[] } }>(
    'GET',
    `/v1/rpa/flows/${flows.list[0]!.id}`,
  );
  expect(flow.flow.steps.filter((s) => s.type === 'goto').map((s) => s.url)).toEqual([
    `${site.origin}/home`,
    `${site.origin}/shop`,
  ]);
  await expect(row(page, 'Warm Ann').getByTestId('robot-row-status')).toHaveText('Waiting');
  await expect(row(page, 'Warm Bob').getByTestId('robot-row-status')).toHaveText('Waiting');
  await expect(row(page, 'Cold Cid').getByTestId('robot-row-status')).toHaveCount(0);
  await expect(progress.getByTestId('robot-runs-link')).toHaveAttribute('href', /\/rpa\/tasks\/\d+$/);

  const client = await startHeadlessClient(baseURL!, api.bearer);
  try {
    // The performance guard would hold the runs back on a machine busy with other tests.
    expect((await client.call('POST', '/configs/save', { performance: { open: false } })).success).toBe(true);
    // The grid reads the task again by itself while it runs.
    await expect(row(page, 'Warm Ann').getByTestId('robot-row-status')).toHaveText('Done', { timeout: 150_000 });
    await expect(row(page, 'Warm Bob').getByTestId('robot-row-status')).toHaveText('Done', { timeout: 60_000 });
    await expect(progress.getByTestId('robot-progress-text')).toHaveText('Cookie robot: 2 of 2 finished');
    await expect(progress).toHaveAttribute('data-status', 'done');
    // Each profile's own browser visited both sites.
    expect(site.visits.filter((u) => u === '/home').length).toBeGreaterThanOrEqual(2);
    expect(site.visits.filter((u) => u === '/shop').length).toBeGreaterThanOrEqual(2);

    await progress.getByTestId('robot-runs-link').click();
    await expect(page).toHaveURL(/\/rpa\/tasks\/\d+$/);
    await expect(page.getByTestId('run-row').filter({ hasText: 'Done' })).toHaveCount(2);
  } finally {
    await client.stop();
    site.server.close();
  }
});
