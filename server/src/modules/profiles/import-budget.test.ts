import { API_PREFIX, COOKIE_BUDGET, type FieldError, PROFILE_IMPORT_BUDGET } from '@facet/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { latencyBound, pollLatency, xlsxBomb } from '../../test/zip-bomb.js';

/**
 * The import budget (docs/profiles.md, "Import budget") seen from outside: over real HTTP, a
 * file that would unpack or parse to far more than an import takes is refused within 2 s with
 * the limit's key, while /healthz, polled the whole time, keeps answering within 200 ms (on a
 * machine already slower than that when idle: within idle + 100 ms, see latencyBound).
 */
describe.skipIf(dbUnavailable())('imports that cannot exhaust the server', () => {
  let t: TestServer;
  let token: string;
  let base: string;
  beforeAll(async () => {
    t = await createTestServer();
    token = (await t.register()).token;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The first xlsx of a process starts its reader thread and loads exceljs; the limits are about files, not that.
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('profiles').addRows([['name'], ['Warm']]);
    const warm = await send('warm.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(warm.body.code).toBe(0);
  });
  afterAll(() => t?.close());

  // The test's own client shares the server's thread: the body is made before any timing starts.
  const bodyOf = (fileName: string, file: Buffer) =>
    new Blob([JSON.stringify({ fileName, content: file.toString('base64') })]);

  async function send(fileName: string, file: Buffer, prepared?: Blob) {
    const res = await fetch(`${base}${API_PREFIX}/v1/browserInfos/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: prepared ?? bodyOf(fileName, file),
    });
    return { status: res.status, body: (await res.json()) as { code: number; errors?: FieldError[] } };
  }

  /** Sends a file while /healthz is polled; the answer, how long it took, and the slowest /healthz. */
  async function refusal(fileName: string, file: Buffer) {
    const body = bodyOf(fileName, file);
    const bound = await latencyBound(`${base}/healthz`);
    const poll = pollLatency(`${base}/healthz`);
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    const res = await send(fileName, file, body);
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 50));
    const health = await poll.stop();
    return { ...res, ms, health, bound };
  }

  it('refuses an xlsx whose sheet inflates to 200 MiB, within 2 s, and keeps answering', async () => {
    const bomb = xlsxBomb(200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const r = await refusal('bomb.xlsx', bomb);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'body.content', key: 'importUnpackedTooLarge', detail: expect.stringContaining('64 MiB') },
    ]);
    expect(r.ms).toBeLessThan(2000);
    expect(r.health).toMatchObject({ failures: 0 });
    expect(r.health.polls).toBeGreaterThan(2);
    expect(r.health.slowestMs).toBeLessThanOrEqual(r.bound);
  });

  it('counts what the zip really inflates to, not what its headers claim', async () => {
    const r = await refusal('lying.xlsx', xlsxBomb(100, { claimedSize: 1000 }));
    expect([r.status, r.body.errors?.[0]?.key]).toEqual([400, 'importUnpackedTooLarge']);
    expect(r.ms).toBeLessThan(2000);
  });

  it('refuses a csv of 2 million rows at the row after the limit, within 2 s, and keeps answering', async () => {
    // 4 MB of file: what is measured is the rows; the JSON body (parsed on the event loop, as
    // every call's) grows with the bytes.
    const csv = Buffer.from(`name\n${'S\n'.repeat(2_000_000)}`);
    const r = await refusal('rows.csv', csv);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'body.content', key: 'importTooManyRows', detail: `more than ${PROFILE_IMPORT_BUDGET.rows} rows` },
    ]);
    expect(r.ms).toBeLessThan(2000);
    expect(r.health).toMatchObject({ failures: 0 });
    expect(r.health.slowestMs).toBeLessThanOrEqual(r.bound);
  });

  it('names the limit: too many columns, a cell too long, a sparse sheet, too many xlsx rows, a file too large', async () => {
    const key = async (fileName: string, text: string | Buffer) =>
      (await send(fileName, Buffer.isBuffer(text) ? text : Buffer.from(text))).body.errors?.[0]?.key;
    expect(await key('wide.csv', `name${',x'.repeat(PROFILE_IMPORT_BUDGET.columns)}\n`)).toBe('importTooManyColumns');
    expect(await key('long.csv', `name\n"${'x'.repeat(PROFILE_IMPORT_BUDGET.cellChars + 1)}"\n`)).toBe(
      'importCellTooLong',
    );
    expect(await key('blank.csv', `name\n${'\n'.repeat(PROFILE_IMPORT_BUDGET.cells)}Shop\n`)).toBe(
      'importTooManyCells',
    );
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('profiles');
    ws.addRow(['name']);
    for (let i = 0; i <= PROFILE_IMPORT_BUDGET.rows; i++) ws.addRow([`Shop ${i}`]);
    expect(await key('rows.xlsx', Buffer.from(await wb.xlsx.writeBuffer()))).toBe('importTooManyRows');
    const big = Buffer.alloc(PROFILE_IMPORT_BUDGET.fileBytes + 1, 'a');
    const res = await send('big.csv', big);
    // The body limit of the call may refuse it first (413); either way it is never read.
    expect(res.status === 413 || res.body.errors?.[0]?.key === 'importTooLarge').toBe(true);
  });

  it('refuses a profile with more cookies than the budget, naming the rule', async () => {
    const cookie = Array.from({ length: COOKIE_BUDGET.cookies + 1 }, (_, i) => `c${i}=v`).join('; ');
    const r = await t.call('profileCreate', { name: 'Many cookies', cookie, cookieDomain: 'x.example' }, { token });
    expect([r.status, r.errors]).toEqual([
      400,
      [{ field: 'body.cookie', key: 'importTooManyCookies', detail: `more than ${COOKIE_BUDGET.cookies} cookies` }],
    ]);
  });
});
