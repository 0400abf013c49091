import { deflateSync } from 'node:zlib';
import { expect, signedIn, test } from './fixtures';
import type { ServerApi } from './server-api';

/** `${name}` as a flow writes a variable. */
const v = (name: string) => `\${${name}}`;

/** A real PNG (w×h, one colour), as the client sends a failure's page: base64. */
function png(w: number, h: number, rgb: [number, number, number]): string {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}

type Claimed = {
  runs: Array<{ runId: number; profileId: number; row: Record<string, string> | null; flow: { steps: unknown[] } }>;
};
const FIVE = [
  { type: 'goto', url: 'https://shop.test/login' },
  { type: 'click', selector: '#login' },
  { type: 'type', selector: '#email', text: v('email') },
  { type: 'extract', what: 'text', selector: '.greeting', variable: 'greeting' },
  { type: 'wait', ms: 1500 },
];
const line = (path: string, type: string, status: string, extra: Record<string, unknown> = {}) => ({
  path,
  type,
  status,
  startedAt: new Date().toISOString(),
  durationMs: 40,
  ...extra,
});

/** What the desktop client does with a run it claimed: its step lines, then its end. */
async function clientRuns(api: ServerApi, clientId: string, run: Claimed['runs'][number], fail: boolean) {
  const entries = [
    line('0', 'goto', 'ok'),
    line('1', 'click', 'ok'),
    line('2', 'type', 'ok', { message: `typed ${run.row?.email}` }),
    fail
      ? line('3', 'extract', 'failed', { message: 'no element matches .greeting' })
      : line('3', 'extract', 'ok', { data: { greeting: `Hello ${run.row?.email}` } }),
  ];
  await api.call('POST', '/v1/rpa/client/logs', { clientId, runId: run.runId, entries });
  await api.call('POST', '/v1/rpa/client/finish', {
    clientId,
    runId: run.runId,
    ...(fail
      ? {
          status: 'failed',
          error: 'step 3 extract: no element matches .greeting',
          screenshot: png(40, 30, [200, 30, 30]),
        }
      : { status: 'done', result: { greeting: `Hello ${run.row?.email}` } }),
  });
}

test('rpa tasks: a task for two profiles with their input rows, its runs waiting, then done and failed with logs and the screenshot, retry and cancel', async ({
  page,
  baseURL,
}) => {
  const api = await signedIn(page, baseURL!);
  const ann = await api.call<{ id: number }>('POST', '/v1/browserInfos', { name: 'Shop Ann' });
  const bob = await api.call<{ id: number }>('POST', '/v1/browserInfos', { name: 'Shop Bob' });
  await api.call('POST', '/v1/rpa/flows', { name: 'Sign in', flow: { version: 1, steps: FIVE } });

  // The team's defaults: what the task form starts from.
  await page.goto('/rpa/settings');
  await page.getByTestId('strategy-retries').fill('2');
  await page.getByTestId('strategy-concurrency').fill('3');
  await page.getByTestId('rpa-settings-save').click();
  await expect(page.getByTestId('notice').filter({ hasText: 'Defaults saved' })).toBeVisible();
  const stored = await api.call<Array<{ globalValueType: string; globalValue: string }>>(
    'POST',
    '/v1/globalvaluesetting/getValueList',
    { globalValueTypelist: ['RpaConcurrent', 'RpaRunningStrategy'] },
  );
  expect(Object.fromEntries(stored.map((v) => [v.globalValueType, JSON.parse(v.globalValue)]))).toEqual({
    RpaConcurrent: 3,
    RpaRunningStrategy: { ifOpen: 'reuse', closeAfter: true, retries: 2, stopOnFirstError: false, timeoutSec: 600 },
  });

  // The task form: flow, two profiles, a row each, a cron preview, then run now.
  await page.goto('/rpa/tasks');
  await page.getByTestId('task-create').click();
  await expect(page).toHaveURL(/\/rpa\/tasks\/create$/);
  await page.getByRole('combobox', { name: 'Flow' }).click();
  await page.getByRole('option', { name: 'Sign in' }).click();
  await page.getByTestId('task-name').fill('Morning sign-in');
  await page.getByRole('checkbox', { name: 'Shop Bob' }).check();
  await page.getByRole('checkbox', { name: 'Shop Ann' }).check();
  await page.getByTestId('inputs-paste').fill('email\nbob@shop.test\nann@shop.test');
  await expect(page.getByTestId('inputs-summary')).toHaveText('Rows: 2, given to 2 of 2 chosen');
  await expect(page.getByTestId('inputs-table').getByRole('row').nth(1)).toContainText(
    `Shop Bob#${bob.id}bob@shop.test`,
  );
  await expect(page.getByTestId('strategy-retries')).toHaveValue('2');
  await expect(page.getByTestId('strategy-concurrency')).toHaveValue('3');
  await page.getByTestId('schedule-kind-cron').check();
  await page.getByTestId('schedule-cron').fill('0 9 * * 1-5');
  await expect(page.getByTestId('cron-preview')).toContainText('Next fire times (UTC):');
  await expect(page.getByTestId('cron-preview')).toContainText('09:00:00');
  await page.getByTestId('schedule-cron').fill('61 * * * *');
  await expect(page.getByText('This cron expression is not valid.')).toBeVisible();
  await page.getByTestId('schedule-kind-now').check();
  await page.getByTestId('task-submit').click();
  await expect(page).toHaveURL(/\/rpa\/tasks\/\d+$/);
  const taskId = Number(/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByTestId('task-title')).toHaveText('Morning sign-in');
  const runs = page.getByTestId('run-row');
  await expect(runs).toHaveCount(2);
  await expect(runs.filter({ hasText: 'Waiting' })).toHaveCount(2);

  // The tasks list shows it waiting with its progress.
  await page.goto('/rpa/tasks');
  const taskRow = page.getByTestId('task-row').filter({ hasText: 'Morning sign-in' });
  await expect(taskRow).toContainText('Waiting');
  await expect(taskRow.getByTestId('task-progress')).toContainText('0 / 2 ended');

  // A client claims both runs (each with its profile's row), Bob's succeeds, Ann's fails.
  const claimed = await api.call<Claimed>('POST', '/v1/rpa/client/claim', { clientId: 'e2e-client', max: 5 });
  expect(claimed.runs.map((r) => [r.profileId, r.row?.email]).sort()).toEqual(
    [
      [ann.id, 'ann@shop.test'],
      [bob.id, 'bob@shop.test'],
    ].sort(),
  );
  expect(claimed.runs[0]?.flow.steps).toEqual(FIVE);
  const bobRun = claimed.runs.find((r) => r.profileId === bob.id)!;
  const annRun = claimed.runs.find((r) => r.profileId === ann.id)!;
  // While they run the list refreshes by itself.
  await expect(taskRow).toContainText('Running');
  await clientRuns(api, 'e2e-client', bobRun, false);
  // Ann's failure with two retries left goes back to the queue; the client fails it three times.
  for (let i = 0; i < 3; i++) {
    if (i > 0) await api.call<Claimed>('POST', '/v1/rpa/client/claim', { clientId: 'e2e-client', max: 5 });
    await clientRuns(api, 'e2e-client', annRun, true);
  }
  await expect(taskRow).toContainText('Failed');
  await expect(taskRow.getByTestId('task-progress')).toContainText('2 / 2 ended');

  // The task's runs: one done, one failed after three attempts.
  await taskRow.getByTestId('task-link').click();
  await expect(page).toHaveURL(new RegExp(`/rpa/tasks/${taskId}$`));
  const annRow = runs.filter({ hasText: `#${ann.id}` });
  const bobRow = runs.filter({ hasText: `#${bob.id}` });
  await expect(bobRow).toContainText('Shop Bob');
  await expect(bobRow).toContainText('Done');
  await expect(annRow).toContainText('Failed');
  await expect(annRow).toContainText('3');
  await expect(annRow).toContainText('no element matches .greeting');

  // Bob's log: each step with its status, message and extracted data.
  await bobRow.getByTestId('run-logs').click();
  const logRows = page.getByTestId('log-row');
  await expect(logRows).toHaveCount(4);
  await expect(logRows.nth(0)).toContainText('Go to URL');
  await expect(logRows.nth(2)).toContainText('typed bob@shop.test');
  await expect(logRows.nth(3)).toContainText('Extract data');
  await expect(logRows.nth(3)).toContainText('Hello bob@shop.test');
  await expect(logRows.nth(3)).toContainText('40 ms');
  await expect(page.getByTestId('run-screenshot')).toHaveCount(0);

  // Ann's log ends with the failed step and shows the page as it was.
  await page.goBack();
  await annRow.getByTestId('run-logs').click();
  await expect(page.getByTestId('log-row').filter({ hasText: 'no element matches .greeting' }).first()).toContainText(
    'Failed',
  );
  const shot = page.getByTestId('run-screenshot');
  await expect(shot).toBeVisible();
  expect(await shot.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([40, 30]);

  // Retry the failed run: it waits again; then cancel it as a chosen run.
  await page.goBack();
  await annRow.getByTestId('run-retry').click();
  await expect(annRow).toContainText('Waiting');
  await annRow.getByRole('checkbox').check();
  await page.getByTestId('runs-cancel').click();
  await expect(annRow).toContainText('Cancelled');
  await expect(page.getByTestId('run-row').filter({ hasText: 'Waiting' })).toHaveCount(0);

  // Delete the task from the list.
  await page.goto('/rpa/tasks');
  await taskRow.getByTestId('task-delete').click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('task-row')).toHaveCount(0);
});
