import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { startHeadlessClient } from './client-process';
import { expect, signedIn, test } from './fixtures';

/*
 * RPA end to end (docs/rpa.md): a five-step flow built in the editor, a task for two profiles
 * created from the console, run by a real client (the headless client's worker claims the runs,
 * opens each profile in its own Chromium and drives it over CDP) on a site this test serves; the
 * logs screen shows each step and what the flow extracted from that profile's page.
 */

/** `${name}` as a flow writes a variable. */
const v = (name: string) => `\${${name}}`;

/** A sign-in page: typing an address and pressing the button greets it. */
async function startSite(): Promise<{ url: string; server: Server; visits: string[] }> {
  const visits: string[] = [];
  const server = createServer((req, res) => {
    visits.push(req.url ?? '');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>Shop</title>
      <input id="email" placeholder="email"><button id="login">Sign in</button><p class="greeting"></p>
      <script>
        document.getElementById('login').onclick = () => {
          document.querySelector('.greeting').textContent = 'Hello ' + document.getElementById('email').value;
        };
      </script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/login`, server, visits };
}

async function addStep(page: Page, type: string) {
  await page.getByTestId('add-step-top').click();
  await page.getByTestId(`pick-${type}`).click();
}

test('rpa: a five-step flow built in the editor runs on two profiles through a real client, and its logs read back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const site = await startSite();
  const api = await signedIn(page, baseURL!);
  await api.call('POST', '/v1/browserInfos', { name: 'Shop Ann' });
  await api.call('POST', '/v1/browserInfos', { name: 'Shop Bob' });

  // The flow, built in the editor.
  await page.goto('/rpa/flows');
  await page.getByTestId('flow-create').click();
  await page.getByTestId('flow-name-input').fill('Greet');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/rpa\/flows\/\d+$/);
  await addStep(page, 'goto');
  await page.getByTestId('step-0-url').fill(site.url);
  await addStep(page, 'type');
  await page.getByTestId('step-1-selector').fill('#email');
  await page.getByTestId('step-1-text').fill(v('email'));
  await addStep(page, 'click');
  await page.getByTestId('step-2-selector').fill('#login');
  await addStep(page, 'extract');
  await page.getByTestId('step-3-selector').fill('.greeting');
  await page.getByTestId('step-3-variable').fill('greeting');
  await addStep(page, 'wait');
  await page.getByTestId('step-4-ms').fill('200');
  await page.getByTestId('flow-save').click();
  await expect(page.getByTestId('notice').filter({ hasText: 'Flow saved' })).toBeVisible();

  // A client of this user, signed in with the console's session: its worker takes the runs.
  const client = await startHeadlessClient(baseURL!, api.bearer);
  try {
    // The performance guard would hold the runs back on a machine busy with other tests.
    expect((await client.call('POST', '/configs/save', { performance: { open: false } })).success).toBe(true);
    // The task, from the console: the flow, two profiles, a row each, run now.
    await page.goto('/rpa/tasks/create');
    await page.getByRole('combobox', { name: 'Flow' }).click();
    await page.getByRole('option', { name: 'Greet' }).click();
    await page.getByTestId('task-name').fill('Greet both');
    await page.getByRole('checkbox', { name: 'Shop Ann' }).check();
    await page.getByRole('checkbox', { name: 'Shop Bob' }).check();
    await page.getByTestId('inputs-paste').fill('email\nann@shop.test\nbob@shop.test');
    await expect(page.getByTestId('inputs-summary')).toHaveText('Rows: 2, given to 2 of 2 chosen');
    await page.getByTestId('schedule-kind-now').check();
    await page.getByTestId('task-submit').click();
    await expect(page).toHaveURL(/\/rpa\/tasks\/\d+$/);

    // The client runs both; the runs page refreshes by itself while they run.
    const runs = page.getByTestId('run-row');
    await expect(runs).toHaveCount(2);
    await expect(runs.filter({ hasText: 'Done' })).toHaveCount(2, { timeout: 120_000 });
    // Each profile's own browser visited the site.
    expect(site.visits.filter((u) => u.startsWith('/login')).length).toBeGreaterThanOrEqual(2);

    // Ann's log: the five steps, each done, and the greeting her page showed.
    await runs.filter({ hasText: 'Shop Ann' }).getByTestId('run-logs').click();
    const logRows = page.getByTestId('log-row');
    await expect(logRows.filter({ hasText: 'Go to URL' })).toHaveCount(1);
    await expect(logRows.filter({ hasText: 'Extract data' })).toContainText('Hello ann@shop.test');
    for (const type of ['Go to URL', 'Type text', 'Click', 'Extract data', 'Wait'])
      await expect(logRows.filter({ hasText: type }).first()).toBeVisible();
    await expect(page.getByTestId('run-screenshot')).toHaveCount(0);
  } finally {
    await client.stop();
    site.server.close();
  }
});
