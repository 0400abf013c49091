// RPA on the server (docs/rpa.md, Tasks and the queue): flows, tasks and their scope, the run
// queue with its leases and concurrency, schedules on the test clock, and the retention sweep.
import { API_PREFIX, type CallName, calls } from '@facet/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { users } from '../accounts/tables.js';
import { Rpa } from './service.js';
import { rpaRunLogs, rpaRuns } from './tables.js';

const flow = {
  version: 1 as const,
  steps: [
    { type: 'goto' as const, url: 'https://example.test/' },
    { type: 'click' as const, selector: '#go' },
  ],
};
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]).toString('base64');

describe.skipIf(dbUnavailable())('RPA', () => {
  let t: TestServer;
  let clock = Date.parse('2026-03-02T09:00:00Z');
  const now = () => new Date(clock);
  type User = Awaited<ReturnType<TestServer['register']>>;
  let u: User;
  let other: User;

  beforeAll(async () => {
    t = await createTestServer({ now });
    u = await t.register();
    other = await t.register();
  });
  afterAll(() => t?.close());

  const url = (name: CallName, id: number) => API_PREFIX + calls[name].path.replace(':id', String(id));
  const profiles = async (who: User, n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push((await t.call('profileCreate', { name: `p${i}` }, who)).result.id);
    return ids;
  };
  const newFlow = async (who: User = u) => (await t.call('rpaFlowCreate', { name: 'Sign in', flow }, who)).result;
  const task = (id: number, who: User = u) => t.call('rpaTaskGet', undefined, { ...who, url: url('rpaTaskGet', id) });
  const runsOf = async (id: number) =>
    (await t.call('rpaRunList', { pageSize: 100 }, { ...u, url: url('rpaRunList', id) })).result.list;
  const claim = (clientId: string, max = 10, who: User = u) => t.call('rpaClaim', { clientId, max }, who);
  const finish = (clientId: string, runId: number, status: 'done' | 'failed' | 'cancelled', more: object = {}) =>
    t.call('rpaFinish', { clientId, runId, status, ...more }, u);
  /** Runs a client holds right now, read from the table. */
  const heldBy = async (clientId: string) =>
    (
      await t.db
        .select()
        .from(rpaRuns)
        .where(and(eq(rpaRuns.clientId, clientId), isNull(rpaRuns.finishedAt)))
    ).length;

  it('stores, lists, duplicates, updates and deletes flows; another account sees none of them', async () => {
    const f = await newFlow();
    expect(f).toMatchObject({ name: 'Sign in', stepCount: 2, flow });
    const copy = (await t.call('rpaFlowDuplicate', undefined, { ...u, url: url('rpaFlowDuplicate', f.id) })).result;
    expect(copy.name).toBe('Sign in (copy)');
    const renamed = await t.call(
      'rpaFlowUpdate',
      { name: 'Warm up', flow: { version: 1, steps: [] } },
      { ...u, url: url('rpaFlowUpdate', copy.id) },
    );
    expect(renamed.result).toMatchObject({ name: 'Warm up', stepCount: 0 });
    const found = (await t.call('rpaFlowList', { name: 'warm' }, u)).result;
    expect(found.list.map((x) => x.id)).toEqual([copy.id]);
    expect((await t.call('rpaFlowGet', undefined, { ...other, url: url('rpaFlowGet', f.id) })).status).toBe(404);
    expect((await t.call('rpaFlowDelete', undefined, { ...other, url: url('rpaFlowDelete', f.id) })).status).toBe(404);
    expect((await t.call('rpaFlowList', {}, other)).result.total).toBe(0);
    expect((await t.call('rpaFlowDelete', undefined, { ...u, url: url('rpaFlowDelete', copy.id) })).result.count).toBe(
      1,
    );
    expect((await t.call('rpaFlowGet', undefined, { ...u, url: url('rpaFlowGet', copy.id) })).status).toBe(404);
  });

  it('imports a flow file and names the field of what is wrong in it', async () => {
    const ok = await t.call('rpaFlowImport', { json: JSON.stringify({ name: 'From file', flow }) }, u);
    expect(ok.result).toMatchObject({ name: 'From file', flow });
    const bare = await t.call('rpaFlowImport', { json: JSON.stringify(flow), name: 'Bare' }, u);
    expect(bare.result).toMatchObject({ name: 'Bare', stepCount: 2 });

    const broken = await t.call('rpaFlowImport', { json: '{"flow": [' }, u);
    expect(broken.status).toBe(400);
    expect(broken.errors[0]).toMatchObject({ field: 'body.json', key: 'jsonInvalid' });
    const badStep = await t.call(
      'rpaFlowImport',
      { json: JSON.stringify({ name: 'x', flow: { version: 1, steps: [flow.steps[0], { type: 'goto' }] } }) },
      u,
    );
    expect(badStep.status).toBe(400);
    expect(badStep.errors.map((e) => e.field)).toEqual(['body.json.flow.steps.1.url']);
    const badBare = await t.call(
      'rpaFlowImport',
      { json: JSON.stringify({ version: 1, steps: [{ type: 'fly' }] }) },
      u,
    );
    expect(badBare.errors[0]?.field).toBe('body.json.steps.0.type');
  });

  it('the cookie robot stores its flow for the sites and runs it now; bad sites are refused by field', async () => {
    const ids = await profiles(u, 2);
    const body = {
      profileIds: ids,
      sites: ['a.test', 'https://b.test/x'],
      dwellSec: { min: 4, max: 8 },
      scrolls: 3,
      clicks: 1,
    };
    const started = await t.call('rpaCookieRobot', body, u);
    expect(started.status).toBe(200);
    expect(started.result).toMatchObject({
      name: 'Cookie robot — 2026-03-02 09:00',
      status: 'waiting',
      counts: { waiting: 2, total: 2 },
      strategy: { timeoutSec: 600 },
    });
    const stored = await t.call('rpaFlowGet', undefined, { ...u, url: url('rpaFlowGet', started.result.flowId!) });
    expect(stored.result.name).toBe(started.result.name);
    const gotos = stored.result.flow.steps.flatMap((s) => (s.type === 'goto' ? [s.url] : []));
    expect(gotos).toEqual(['https://a.test', 'https://b.test/x']);
    // Ended so that the queue tests below do not claim its runs.
    await t.call('rpaTaskCancel', {}, { ...u, url: url('rpaTaskCancel', started.result.id) });

    const refused = async (change: object) => {
      const r = await t.call('rpaCookieRobot', { ...body, ...change }, u);
      expect(r.status).toBe(400);
      return r.errors.map((e) => `${e.field}: ${e.key}`);
    };
    expect(await refused({ sites: [] })).toEqual(['body.sites: rpaSitesRequired']);
    expect(await refused({ sites: ['a.test', 'ftp://b.test', 'javascript:alert(1)', 'word'] })).toEqual([
      'body.sites.1: rpaSiteInvalid',
      'body.sites.2: rpaSiteInvalid',
      'body.sites.3: rpaSiteInvalid',
    ]);
    expect(await refused({ dwellSec: { min: 9, max: 3 } })).toEqual(['body.dwellSec.max: rpaRangeOrder']);
    expect((await t.call('rpaCookieRobot', { ...body, profileIds: await profiles(other, 1) }, u)).status).toBe(404);
    const flows = (await t.call('rpaFlowList', { name: 'Cookie robot', pageSize: 100 }, u)).result.list;
    expect(flows).toHaveLength(1);
  });

  it('gives every profile of a task its latest run status in one answer, past a page of runs', async () => {
    const added = await t.call(
      'profileBatchAdd',
      { list: Array.from({ length: 150 }, (_, i) => ({ name: `r${i}` })) },
      u,
    );
    const ids = added.result.ids;
    const robot = (
      await t.call(
        'rpaCookieRobot',
        { profileIds: ids, sites: ['a.test'], dwellSec: { min: 1, max: 2 }, scrolls: 0, clicks: 0 },
        u,
      )
    ).result;
    const statuses = (id: number, who: User = u) =>
      t.call('rpaRunStatuses', undefined, { ...who, url: url('rpaRunStatuses', id) });
    await t.call('rpaTaskCancel', {}, { ...u, url: url('rpaTaskCancel', robot.id) });
    const cancelled = (await statuses(robot.id)).result;
    expect(cancelled.map((r) => r.profileId)).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(cancelled.map((r) => r.status))).toEqual(new Set(['cancelled']));
    // A retried run waits again, and only its profile shows it.
    const [first] = await runsOf(robot.id);
    await t.call('rpaRunRetry', undefined, { ...u, url: url('rpaRunRetry', first!.id) });
    const after = (await statuses(robot.id)).result;
    expect(after).toHaveLength(150);
    expect(after.filter((r) => r.status === 'waiting').map((r) => r.profileId)).toEqual([first!.profileId]);
    await t.call('rpaTaskCancel', {}, { ...u, url: url('rpaTaskCancel', robot.id) });
    expect((await statuses(robot.id, other)).status).toBe(404);
  });

  it('creates a task from the team’s strategy and concurrency; another account’s ids are not found', async () => {
    await t.call(
      'globalValueSave',
      { globalValueType: 'RpaRunningStrategy', globalValue: JSON.stringify({ retries: 2, ifOpen: 'skip' }) },
      u,
    );
    await t.call('globalValueSave', { globalValueType: 'RpaConcurrent', globalValue: '3' }, u);
    const f = await newFlow();
    const ids = await profiles(u, 2);
    const created = await t.call(
      'rpaTaskCreate',
      {
        flowId: f.id,
        profileIds: ids,
        inputs: [{ profileId: ids[1]!, row: { email: 'a@b.c' } }],
        strategy: { timeoutSec: 30 },
      },
      u,
    );
    expect(created.result).toMatchObject({
      status: 'waiting',
      concurrency: 3,
      strategy: { retries: 2, ifOpen: 'skip', timeoutSec: 30, closeAfter: true },
      counts: { waiting: 2, total: 2 },
    });
    const id = created.result.id;
    expect((await task(id, other)).status).toBe(404);
    expect((await t.call('rpaTaskList', {}, other)).result.total).toBe(0);
    expect((await t.call('rpaTaskCancel', {}, { ...other, url: url('rpaTaskCancel', id) })).status).toBe(404);
    expect((await t.call('rpaClaim', { clientId: 'theirs', max: 5 }, other)).result.runs).toEqual([]);
    const theirFlow = await newFlow(other);
    expect((await t.call('rpaTaskCreate', { flowId: theirFlow.id, profileIds: ids }, u)).status).toBe(404);
    const theirProfiles = await profiles(other, 1);
    expect((await t.call('rpaTaskCreate', { flowId: f.id, profileIds: theirProfiles }, u)).status).toBe(404);
    const stray = await t.call(
      'rpaTaskCreate',
      { flowId: f.id, profileIds: [ids[0]!], inputs: [{ profileId: ids[1]!, row: {} }] },
      u,
    );
    expect(stray.errors[0]).toMatchObject({ field: 'body.inputs.0.profileId', key: 'rpaProfileNotInTask' });
    const badCron = await t.call(
      'rpaTaskCreate',
      { flowId: f.id, profileIds: ids, schedule: { kind: 'cron', cron: 'every day' } },
      u,
    );
    expect(badCron.errors[0]).toMatchObject({ field: 'body.schedule.cron', key: 'cronInvalid' });

    // The claimed run carries its row, flow and strategy.
    const got = (await claim('row-client')).result.runs;
    expect(got.map((r) => r.profileId).sort()).toEqual([...ids].sort());
    expect(got.find((r) => r.profileId === ids[1])).toMatchObject({ row: { email: 'a@b.c' }, flow, attempt: 1 });
    for (const r of got) await finish('row-client', r.runId, 'done', { result: { title: 'ok' } });
    expect((await task(id)).result).toMatchObject({ status: 'done', counts: { done: 2 } });
    await t.call('globalValueSave', { globalValueType: 'RpaRunningStrategy', globalValue: '{}' }, u);
    await t.call('globalValueSave', { globalValueType: 'RpaConcurrent', globalValue: '1' }, u);
  });

  it('a sub-account’s client claims only the profiles shared with it; its tasks take only those', async () => {
    const made = await t.call(
      'sysUsersCreate',
      { username: `rpa_sub_${Date.now() % 10000}`, password: 'Passw0rd!', roleId: 'member' },
      u,
    );
    expect(made.code).toBe(0);
    const sub = { ...(await t.login(made.result.username, 'Passw0rd!')), username: made.result.username };
    const [mainOnly] = await profiles(u, 1);
    const subs = (await t.call('profileCreate', { name: 'sub made' }, sub)).result.id;
    const f = await newFlow();
    const id = (await t.call('rpaTaskCreate', { flowId: f.id, profileIds: [mainOnly!, subs], concurrency: 5 }, u))
      .result.id;
    expect((await task(id, sub as User)).status).toBe(200);
    expect(
      (await t.call('rpaClaim', { clientId: 'sub-client', max: 5 }, sub)).result.runs.map((r) => r.profileId),
    ).toEqual([subs]);
    expect((await t.call('rpaTaskCreate', { flowId: f.id, profileIds: [mainOnly!] }, sub)).status).toBe(404);
    expect((await claim('main-client')).result.runs.map((r) => r.profileId)).toEqual([mainOnly]);
    await t.call('rpaTaskDelete', undefined, { ...u, url: url('rpaTaskDelete', id) });
  });

  it('never runs more than the task’s concurrency on one client: 2 over 6 profiles', async () => {
    const f = await newFlow();
    const ids = await profiles(u, 6);
    const id = (await t.call('rpaTaskCreate', { flowId: f.id, profileIds: ids, concurrency: 2 }, u)).result.id;
    // Parallel claims of one client still take 2 in all.
    const first = await Promise.all([claim('c2', 5), claim('c2', 5), claim('c2', 5)]);
    expect(first.flatMap((r) => r.result.runs)).toHaveLength(2);
    expect(await heldBy('c2')).toBe(2);
    expect((await task(id)).result.counts).toMatchObject({ running: 2, waiting: 4 });
    let running = first.flatMap((r) => r.result.runs.map((x) => x.runId));
    const seen = new Set(running);
    while (running.length > 0) {
      const [done, ...rest] = running;
      await finish('c2', done!, 'done');
      const more = (await claim('c2', 5)).result.runs.map((r) => r.runId);
      running = [...rest, ...more];
      for (const r of more) seen.add(r);
      expect(await heldBy('c2')).toBeLessThanOrEqual(2);
      expect(running.length).toBeLessThanOrEqual(2);
    }
    expect(seen.size).toBe(6);
    expect((await task(id)).result).toMatchObject({ status: 'done', counts: { done: 6, total: 6 } });
  });

  it('takes back a run whose lease passed; a second client completes it', async () => {
    const f = await newFlow();
    const ids = await profiles(u, 1);
    const id = (await t.call('rpaTaskCreate', { flowId: f.id, profileIds: ids, strategy: { retries: 1 } }, u)).result
      .id;
    const [run] = (await claim('dying')).result.runs;
    expect((await t.call('rpaHeartbeat', { clientId: 'dying', runIds: [run!.runId] }, u)).result.lost).toEqual([]);
    expect((await claim('second')).result.runs).toEqual([]);
    clock += 61_000;
    const [again] = (await claim('second')).result.runs;
    expect(again).toMatchObject({ runId: run!.runId, attempt: 2 });
    expect((await t.call('rpaHeartbeat', { clientId: 'dying', runIds: [run!.runId] }, u)).result.lost).toEqual([
      run!.runId,
    ]);
    expect((await finish('dying', run!.runId, 'done')).errors[0]).toMatchObject({
      field: 'body.runId',
      key: 'rpaRunNotHeld',
    });
    expect((await finish('second', run!.runId, 'done')).result.status).toBe('done');
    expect((await task(id)).result.status).toBe('done');
    const logs = (await t.call('rpaRunLogs', undefined, { ...u, url: url('rpaRunLogs', run!.runId) })).result;
    expect(logs.map((l) => l.message)).toContainEqual(expect.stringContaining('lease lost on client dying'));

    // Without tries left, the lost lease fails the run with a line saying why.
    const last = (await t.call('rpaTaskCreate', { flowId: f.id, profileIds: ids }, u)).result.id;
    const [only] = (await claim('dying')).result.runs;
    clock += 61_000;
    await t.services.rpa.queue.reapExpired();
    expect((await runsOf(last))[0]).toMatchObject({ status: 'failed', error: 'leaseExpired', attempts: 1 });
    const lines = (await t.call('rpaRunLogs', undefined, { ...u, url: url('rpaRunLogs', only!.runId) })).result;
    expect(lines.at(-1)).toMatchObject({ status: 'failed', message: expect.stringContaining('no tries left') });
    expect((await task(last)).result.status).toBe('failed');
  });

  it('tells a client at its heartbeat that its run was cancelled', async () => {
    const f = await newFlow();
    const ids = await profiles(u, 2);
    const id = (await t.call('rpaTaskCreate', { flowId: f.id, profileIds: ids }, u)).result.id;
    const [run] = (await claim('hb')).result.runs;
    const cancelled = await t.call('rpaTaskCancel', {}, { ...u, url: url('rpaTaskCancel', id) });
    expect(cancelled.result.count).toBe(2);
    const beat = (await t.call('rpaHeartbeat', { clientId: 'hb', runIds: [run!.runId] }, u)).result;
    expect(beat).toMatchObject({ cancelled: [run!.runId], lost: [] });
    expect((await claim('hb')).result.runs).toEqual([]);
    expect((await finish('hb', run!.runId, 'done')).result.status).toBe('cancelled');
    expect((await task(id)).result).toMatchObject({ status: 'cancelled', counts: { cancelled: 2 } });
  });

  it('keeps the failure’s screenshot and queues a failed run again on retry', async () => {
    const f = await newFlow();
    const ids = await profiles(u, 1);
    const id = (await t.call('rpaTaskCreate', { flowId: f.id, profileIds: ids }, u)).result.id;
    const [run] = (await claim('r')).result.runs;
    const lines = [
      { path: '1', type: 'goto', status: 'ok', startedAt: now().toISOString(), durationMs: 120, data: { url: 'x' } },
    ];
    expect((await t.call('rpaLogAppend', { clientId: 'r', runId: run!.runId, entries: lines }, u)).result.count).toBe(
      1,
    );
    const notPng = await finish('r', run!.runId, 'failed', { screenshot: Buffer.from('GIF89a').toString('base64') });
    expect(notPng.errors[0]).toMatchObject({ field: 'body.screenshot', key: 'screenshotInvalid' });
    expect((await finish('r', run!.runId, 'failed', { error: 'no #go', screenshot: PNG })).result.status).toBe(
      'failed',
    );
    expect((await task(id)).result.status).toBe('failed');
    const shot = await t.call('rpaRunScreenshot', undefined, { ...u, url: url('rpaRunScreenshot', run!.runId) });
    expect(shot.result).toEqual({ mime: 'image/png', base64: PNG });
    expect(
      (await t.call('rpaRunScreenshot', undefined, { ...other, url: url('rpaRunScreenshot', run!.runId) })).status,
    ).toBe(404);
    const logs = (await t.call('rpaRunLogs', undefined, { ...u, url: url('rpaRunLogs', run!.runId) })).result;
    expect(logs[0]).toMatchObject({ path: '1', type: 'goto', status: 'ok', durationMs: 120, data: { url: 'x' } });

    expect(
      (await t.call('rpaRunRetry', undefined, { ...u, url: url('rpaRunRetry', run!.runId) })).result,
    ).toMatchObject({
      status: 'waiting',
      attempts: 0,
    });
    expect((await task(id)).result.status).toBe('waiting');
    const [again] = (await claim('r')).result.runs;
    expect(again?.attempt).toBe(1);
    await finish('r', again!.runId, 'done');
    expect((await task(id)).result).toMatchObject({ status: 'done', counts: { done: 1 } });
    // A run that has not ended cannot be retried.
    expect(
      (await t.call('rpaRunRetry', undefined, { ...u, url: url('rpaRunRetry', run!.runId) })).errors[0],
    ).toMatchObject({
      field: 'params.id',
      key: 'rpaRunNotEnded',
    });
  });

  it('fires a cron schedule at its time in the user’s time zone, once, across a restart', async () => {
    const f = await newFlow();
    const ids = await profiles(u, 2);
    const [me] = await t.db.select().from(users).where(eq(users.username, u.username));
    await t.db.update(users).set({ timeZone: 'Asia/Tokyo' }).where(eq(users.id, me!.id));
    clock = Date.parse('2026-03-03T00:30:00Z'); // 09:30 in Tokyo
    const created = (
      await t.call(
        'rpaTaskCreate',
        { flowId: f.id, profileIds: ids, schedule: { kind: 'cron', cron: '0 10 * * *' } },
        u,
      )
    ).result;
    await t.db.update(users).set({ timeZone: '' }).where(eq(users.id, me!.id));
    expect(created).toMatchObject({
      timeZone: 'Asia/Tokyo',
      nextRunAt: '2026-03-03T01:00:00.000Z',
      counts: { total: 0 },
    });

    clock = Date.parse('2026-03-03T00:59:59Z');
    expect(await t.services.rpa.fireDue()).toBe(0);
    clock = Date.parse('2026-03-03T01:00:03Z');
    const restarted = new Rpa(t.db, { now });
    const fired = await Promise.all([t.services.rpa.fireDue(), restarted.fireDue()]);
    expect(fired.reduce((a, b) => a + b)).toBe(1);
    expect(await restarted.fireDue()).toBe(0);
    const runs = await runsOf(created.id);
    expect(runs).toHaveLength(2);
    expect(runs.every((r) => r.fireAt === '2026-03-03T01:00:00.000Z')).toBe(true);
    expect((await task(created.id)).result).toMatchObject({ status: 'waiting', nextRunAt: '2026-03-04T01:00:00.000Z' });
    await t.call('rpaTaskCancel', {}, { ...u, url: url('rpaTaskCancel', created.id) });
    clock = Date.parse('2026-03-04T01:00:03Z');
    expect(await t.services.rpa.fireDue()).toBe(0);
  });

  it('a one-time schedule fires once at its time', async () => {
    const f = await newFlow();
    const ids = await profiles(u, 1);
    const at = new Date(clock + 3_600_000).toISOString();
    const past = await t.call(
      'rpaTaskCreate',
      { flowId: f.id, profileIds: ids, schedule: { kind: 'once', at: new Date(clock - 1000).toISOString() } },
      u,
    );
    expect(past.errors[0]).toMatchObject({ field: 'body.schedule.at', key: 'timeInPast' });
    const id = (await t.call('rpaTaskCreate', { flowId: f.id, profileIds: ids, schedule: { kind: 'once', at } }, u))
      .result.id;
    clock += 3_600_000;
    expect(await t.services.rpa.fireDue()).toBe(1);
    expect(await t.services.rpa.fireDue()).toBe(0);
    expect((await task(id)).result).toMatchObject({ nextRunAt: null, counts: { waiting: 1 } });
    await t.call('rpaTaskDelete', undefined, { ...u, url: url('rpaTaskDelete', id) });
    expect((await task(id)).status).toBe(404);
  });

  it('the retention sweep removes runs, logs and ended tasks older than the retention days', async () => {
    const f = await newFlow();
    const ids = await profiles(u, 1);
    const id = (await t.call('rpaTaskCreate', { flowId: f.id, profileIds: ids }, u)).result.id;
    const [run] = (await claim('sweep')).result.runs;
    await t.call(
      'rpaLogAppend',
      {
        clientId: 'sweep',
        runId: run!.runId,
        entries: [{ type: 'goto', status: 'ok', startedAt: now().toISOString() }],
      },
      u,
    );
    await finish('sweep', run!.runId, 'done');
    clock += 29 * 86_400_000;
    await t.services.rpa.sweep();
    expect((await task(id)).status).toBe(200);
    clock += 2 * 86_400_000;
    const swept = await t.services.rpa.sweep();
    expect(swept.runs).toBeGreaterThanOrEqual(1);
    expect((await task(id)).status).toBe(404);
    expect(await t.db.select().from(rpaRunLogs).where(eq(rpaRunLogs.runId, run!.runId))).toEqual([]);
  });
});
