// biome-ignore-all lint/suspicious/noTemplateCurlyInString: flows write their variables as ${name} (docs/rpa.md, Variables)
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX, type CallName, calls, type Step } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetClient } from '../client.js';
import { windowsFingerprint } from '../test/fixtures.js';
import { noChrome, send, sendKeyed, startFacetServer, startTestClient, tempDir } from '../test/world.js';
import type { RpaTaskError } from './worker.js';

type User = { token: string; sid: string };

/** A page that counts its visits per key, so a flow can wait long on its first attempt only. */
async function startCountingSite() {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = url.searchParams.get('k') ?? '';
    const n = (hits.get(key) ?? 0) + 1;
    hits.set(key, n);
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Visit ${n}</title><p id="n">${n}</p>`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Visits the page; on the first visit of `key` waits `ms` (the window in which the test breaks something). */
const slowOnce = (key: string, ms: number): Step[] => [
  { type: 'goto', url: `\${base}/?k=${key}` },
  { type: 'extract', what: 'text', selector: '#n', variable: 'visit' },
  {
    type: 'if',
    condition: { kind: 'compare', variable: 'visit', op: 'eq', value: '1' },
    thenSteps: [{ type: 'wait', ms }],
  },
];

const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.skipIf(noChrome)('the client’s RPA worker', () => {
  // The server's clock: real time plus what the tests move it by.
  let offset = 0;
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let site: Awaited<ReturnType<typeof startCountingSite>>;
  let u: User;
  let client: FacetClient;
  const dirs = [
    tempDir('facet-rpa-worker-'),
    tempDir('facet-rpa-worker-a-'),
    tempDir('facet-rpa-worker-b-'),
    tempDir('facet-rpa-worker-c-'),
  ];
  const quick = { rpa: { pollMs: 250, heartbeatMs: 1_000, logFlushMs: 200 } };
  const clients: FacetClient[] = [];

  const url = (name: CallName, id: number) => API_PREFIX + calls[name].path.replace(':id', String(id));
  const ok = <T>(r: { status: number; result: T; message?: string }) => {
    expect(r.status, r.message).toBe(200);
    return r.result;
  };
  const profiles = async (who: User, n: number, prefix: string) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++)
      ids.push(
        ok(
          await world.srv.call(
            'profileCreate',
            { name: `${prefix} ${i}`, browserFingerPrint: windowsFingerprint() },
            who,
          ),
        ).id,
      );
    return ids;
  };
  const newTask = async (who: User, steps: Step[], profileIds: number[], more: Record<string, unknown> = {}) => {
    const flow = ok(await world.srv.call('rpaFlowCreate', { name: 'worker test', flow: { version: 1, steps } }, who));
    return ok(
      await world.srv.call(
        'rpaTaskCreate',
        {
          flowId: flow.id,
          profileIds,
          inputs: profileIds.map((profileId) => ({ profileId, row: { base: site.url } })),
          ...more,
        },
        who,
      ),
    );
  };
  const taskOf = async (who: User, id: number) =>
    ok(await world.srv.call('rpaTaskGet', undefined, { ...who, url: url('rpaTaskGet', id) }));
  const runsOf = async (who: User, id: number) =>
    ok(await world.srv.call('rpaRunList', { pageSize: 100 }, { ...who, url: url('rpaRunList', id) })).list;
  const logsOf = async (who: User, runId: number) =>
    ok(await world.srv.call('rpaRunLogs', undefined, { ...who, url: url('rpaRunLogs', runId) }));

  beforeAll(async () => {
    world = await startFacetServer({ now: () => new Date(Date.now() + offset) });
    site = await startCountingSite();
    u = await world.srv.register();
    client = await startTestClient(world, u, dirs[0]!.dir, { device: 'rpa-worker', ...quick });
    clients.push(client);
  });
  afterAll(async () => {
    for (const c of clients) await c.stop().catch(() => {});
    await site?.close();
    await world?.srv.close();
    for (const d of dirs) d.remove();
  });

  it('runs a task over 6 profiles with concurrency 2: never more than 2 open at once, all done, logs at the server', async () => {
    const ids = await profiles(u, 6, 'conc');
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, client.sessions.active().filter((p) => ids.includes(p.id)).length);
    }, 25);
    try {
      const task = await newTask(
        u,
        [
          { type: 'goto', url: '${base}/?k=conc' },
          { type: 'wait', ms: 400 },
        ],
        ids,
        {
          concurrency: 2,
        },
      );
      await until('the task to end', async () => (await taskOf(u, task.id)).finishedAt !== null, 120_000);
      const runs = await runsOf(u, task.id);
      expect(runs.map((r) => r.status)).toEqual(Array(6).fill('done'));
      for (const r of runs) {
        const lines = await logsOf(u, r.id);
        expect(lines.map((l) => `${l.path}:${l.type}:${l.status}`)).toEqual(
          expect.arrayContaining(['0:goto:ok', '1:wait:ok']),
        );
        expect(lines.some((l) => l.type === 'client' && /opened on rpa-worker/.test(l.message))).toBe(true);
      }
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBe(2);
    // closeAfter (the default): what the runs opened is closed again.
    expect(client.sessions.active().filter((p) => ids.includes(p.id))).toEqual([]);
  });

  it('fails the run of a browser killed mid-run with its log and a message, emits rpa-task-error, and the retry succeeds', async () => {
    const [id] = await profiles(u, 1, 'killed');
    const seqBefore = ((await sendKeyed(client.url, 'GET', '/api/v1/rpa/errors')).body.data as { last: number }).last;
    const errors: RpaTaskError[] = [];
    const onError = (e: RpaTaskError) => errors.push(e);
    client.rpa.on('task-error', onError);
    try {
      const task = await newTask(u, slowOnce('kill', 60_000), [id!], { name: 'Kill test' });
      const [run] = await runsOf(u, task.id);
      // The flow reached its long wait: its first lines are at the server.
      await until('the wait step', async () =>
        (await logsOf(u, run!.id)).some((l) => l.path === '1' && l.status === 'ok'),
      );
      process.kill(client.sessions.get(id!)!.pid, 'SIGKILL');
      await until('the run to fail', async () => (await runsOf(u, task.id))[0]!.status === 'failed');
      const failed = (await runsOf(u, task.id))[0]!;
      expect(failed.error).toMatch(/browser ended during the run.*at step 2/);
      const lines = await logsOf(u, run!.id);
      expect(lines.map((l) => `${l.path}:${l.type}:${l.status}`)).toEqual(
        expect.arrayContaining(['0:goto:ok', '1:extract:ok', '2.then.0:wait:failed']),
      );
      expect(lines.some((l) => l.type === 'client' && l.status === 'failed' && /browser ended/.test(l.message))).toBe(
        true,
      );
      await until('rpa-task-error', () => errors.length > 0);
      expect(errors[0]!.message).toMatch(/Kill test.*killed 0.*browser ended/);
      // A console in a browser polls the same errors from the local API.
      const feed = await sendKeyed(client.url, 'GET', `/api/v1/rpa/errors?after=${seqBefore}`);
      expect(feed.status).toBe(200);
      expect((await send(client.url, 'GET', '/api/v1/rpa/errors')).status).toBe(401);
      expect(feed.body.data).toEqual({
        last: seqBefore + 1,
        list: [expect.objectContaining({ seq: seqBefore + 1, message: errors[0]!.message, runId: run!.id })],
      });

      ok(await world.srv.call('rpaRunRetry', undefined, { ...u, url: url('rpaRunRetry', run!.id) }));
      await until('the retry to succeed', async () => (await runsOf(u, task.id))[0]!.status === 'done');
      expect(site.hits.get('kill')).toBe(2);
      expect(errors).toHaveLength(1);
    } finally {
      client.rpa.off('task-error', onError);
    }
  });

  it('applies the strategy: ifOpen skip and reuse, the run’s time limit (with a screenshot), a cancel at the server', async () => {
    const [open, slow, cancelled] = await profiles(u, 3, 'strategy');
    await client.sessions.open(open!);
    const skip = await newTask(u, [{ type: 'goto', url: '${base}/?k=skip' }], [open!], {
      strategy: { ifOpen: 'skip' },
    });
    await until('the skipped task', async () => (await taskOf(u, skip.id)).finishedAt !== null);
    const [skipped] = await runsOf(u, skip.id);
    expect(skipped!.status).toBe('cancelled');
    expect((await logsOf(u, skipped!.id)).some((l) => l.status === 'skipped' && /ifOpen: skip/.test(l.message))).toBe(
      true,
    );
    expect(site.hits.get('skip')).toBeUndefined();

    const reuse = await newTask(u, [{ type: 'goto', url: '${base}/?k=reuse' }], [open!]);
    await until('the reusing task', async () => (await taskOf(u, reuse.id)).status === 'done');
    expect(site.hits.get('reuse')).toBe(1);
    // Opened by the user, not by the run: closeAfter leaves it open.
    expect(client.sessions.get(open!)).toBeDefined();
    await client.sessions.close(open!);

    const limited = await newTask(u, slowOnce('limit', 60_000), [slow!], { strategy: { timeoutSec: 5 } });
    await until('the timed-out run', async () => (await runsOf(u, limited.id))[0]!.status === 'failed');
    const timedOut = (await runsOf(u, limited.id))[0]!;
    expect(timedOut.error).toMatch(/timed out after 5 s/);
    expect(timedOut.hasScreenshot).toBe(true);

    const stopped = await newTask(u, slowOnce('cancel', 60_000), [cancelled!]);
    const [run] = await runsOf(u, stopped.id);
    await until('the wait step', async () => (await logsOf(u, run!.id)).some((l) => l.path === '1'));
    ok(await world.srv.call('rpaTaskCancel', {}, { ...u, url: url('rpaTaskCancel', stopped.id) }));
    // Told at the next heartbeat (1 s here), long before the 60 s wait would end by itself.
    await until('the run to stop', () => client.rpa.held().every((h) => h.runId !== run!.id), 15_000);
    expect((await runsOf(u, stopped.id))[0]!.status).toBe('cancelled');
    expect(client.sessions.get(cancelled!)).toBeUndefined();
  });

  it('fires a scheduled task at its time on the server’s clock, and the client runs it', async () => {
    const [id] = await profiles(u, 1, 'scheduled');
    const at = new Date(Date.now() + offset + 3_600_000);
    const task = await newTask(u, [{ type: 'goto', url: '${base}/?k=scheduled' }], [id!], {
      schedule: { kind: 'once', at: at.toISOString() },
    });
    expect(await world.srv.services.rpa.fireDue()).toBe(0);
    // The client asks the queue a few times meanwhile: nothing to run before the time.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await runsOf(u, task.id)).toEqual([]);
    offset += 3_600_000 + 1_000;
    expect(await world.srv.services.rpa.fireDue()).toBe(1);
    await until('the scheduled run', async () => (await taskOf(u, task.id)).status === 'done');
    expect(site.hits.get('scheduled')).toBe(1);
  });

  it('a client killed mid-run loses its lease and a second client completes the run', async () => {
    // Another account, so the first test client claims none of it.
    const v = await world.srv.register();
    const [id] = await profiles(v, 1, 'lease');
    const a = await startTestClient(world, v, dirs[1]!.dir, { device: 'rpa-a', ...quick });
    clients.push(a);
    const task = await newTask(v, slowOnce('lease', 60_000), [id!], { strategy: { retries: 1 } });
    const [run] = await runsOf(v, task.id);
    await until('the run on the first client', async () => (await logsOf(v, run!.id)).some((l) => l.path === '1'));
    // The first client dies: no finish, no more heartbeats (its browser goes with it).
    await a.rpa.stop({ report: false });
    await a.stop();
    expect((await runsOf(v, task.id))[0]!.status).toBe('running');

    const b = await startTestClient(world, v, dirs[2]!.dir, { device: 'rpa-b', ...quick });
    clients.push(b);
    // The lease still holds: the second client gets nothing.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(b.rpa.held()).toEqual([]);
    expect((await runsOf(v, task.id))[0]!.status).toBe('running');
    offset += 61_000;
    await until('the second client to finish the run', async () => (await runsOf(v, task.id))[0]!.status === 'done');
    const lines = await logsOf(v, run!.id);
    expect(lines.some((l) => l.type === 'queue' && /lease lost on client .*queued again/.test(l.message))).toBe(true);
    expect(lines.some((l) => l.type === 'client' && /opened on rpa-b \(attempt 2\)/.test(l.message))).toBe(true);
    expect(site.hits.get('lease')).toBe(2);
  });

  it('a busy machine takes no runs until its load is under the performance limits again', async () => {
    const x = await world.srv.register();
    const [id] = await profiles(x, 1, 'busy');
    let cpu = 100;
    const d = tempDir('facet-rpa-worker-busy-');
    const c = await startTestClient(world, x, d.dir, {
      device: 'rpa-busy',
      ...quick,
      load: async () => ({ cpu, mem: 1 }),
    });
    clients.push(c);
    try {
      const task = await newTask(x, [{ type: 'goto', url: `${site.url}/busy` }], [id!]);
      // Several polls go by: the run stays in the queue for another client, not failed here.
      await new Promise((r) => setTimeout(r, 1500));
      expect((await runsOf(x, task.id)).map((r) => [r.status, r.attempts])).toEqual([['waiting', 0]]);
      cpu = 1;
      await until('the run done', async () => (await runsOf(x, task.id))[0]?.status === 'done');
    } finally {
      await c.stop();
      d.remove();
    }
  });

  it('a client that stops reports its runs as failed at once (no wait for the lease)', async () => {
    const w = await world.srv.register();
    const [id] = await profiles(w, 1, 'stopping');
    const c = await startTestClient(world, w, dirs[3]!.dir, { device: 'rpa-c', ...quick });
    clients.push(c);
    const task = await newTask(w, slowOnce('stop', 60_000), [id!]);
    const [run] = await runsOf(w, task.id);
    await until('the wait step', async () => (await logsOf(w, run!.id)).some((l) => l.path === '1'));
    await c.stop();
    const [ended] = await runsOf(w, task.id);
    expect(ended!.status).toBe('failed');
    expect(ended!.error).toBe('the client stopped during the run');
  });
});
