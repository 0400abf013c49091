import { realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FacetClient, startClient } from '../client.js';
import { windowsFingerprint } from '../test/fixtures.js';
import { noChrome, sendKeyed, startFacetServer, startTestClient, startTestProxy, tempDir } from '../test/world.js';
import { CLIENT_VERSION } from '../version.js';

describe.skipIf(noChrome)('local API: configs, window bounds, extra log, spreadsheets', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let auth: { token: string; sid: string };
  let client: FacetClient;
  let api: string;
  const data = tempDir('facet-routes-');
  const post = (path: string, body: unknown) => sendKeyed(api, 'POST', path, {}, body);
  const errorsOf = (r: { body: unknown }) => (r.body as { errors?: unknown }).errors;

  beforeAll(async () => {
    world = await startFacetServer();
    const u = await world.srv.register();
    auth = { token: u.token, sid: u.sid };
    client = await startTestClient(world, u, data.dir, { device: 'routes-device' });
    api = client.url;
  });
  afterAll(async () => {
    await client?.stop();
    await world?.srv.close();
    data.remove();
  });

  const create = async (name: string) => {
    const r = await world.srv.call('profileCreate', { name, browserFingerPrint: windowsFingerprint() }, auth);
    if (r.code !== 0) throw new Error(`profileCreate: ${r.code} ${r.message}`);
    return r.result.id;
  };

  it('configs/all answers every client setting; configs/save takes the system proxy and applies it', async () => {
    const all = await post('/configs/all', {});
    expect(all.body.data).toEqual({
      performance: expect.objectContaining({ open: true, cpu: 95, mem: 95, freeCacheSpace: 1 }),
      systemProxy: { type: 1, host: null, port: null, username: null, passwordSet: false },
      localApiUrl: api,
      clientVersion: CLIENT_VERSION,
      engineVersion: null,
    });

    const proxy = await startTestProxy('sp', 'pw');
    try {
      const saved = await post('/configs/save', {
        systemProxy: { type: 2, host: '127.0.0.1', port: proxy.port, username: 'sp', password: 'pw' },
      });
      expect(saved.status).toBe(200);
      // The password stays in the client: callers learn only that one is stored.
      expect((saved.body.data as { systemProxy: unknown }).systemProxy).toEqual({
        type: 2,
        host: '127.0.0.1',
        port: proxy.port,
        username: 'sp',
        passwordSet: true,
      });
      expect(JSON.stringify((await post('/configs/all', {})).body)).not.toContain('"pw"');
      await client.server.currentUser();
      expect(proxy.seen).toContain(new URL(world.url).host);
      // Saved again without a password (the console never had it), the stored one still signs in.
      const resaved = await post('/configs/save', {
        systemProxy: { type: 2, host: '127.0.0.1', port: proxy.port, username: 'sp' },
      });
      expect(resaved.status).toBe(200);
      expect(client.config.get().systemProxy.password).toBe('pw');
      const before = proxy.seen.length;
      await client.server.currentUser();
      expect(proxy.seen.length).toBeGreaterThan(before);
      await post('/configs/save', { systemProxy: { type: 1 } });
      const seen = proxy.seen.length;
      await client.server.currentUser();
      expect(proxy.seen.length).toBe(seen);
    } finally {
      await proxy.close();
    }
  });

  it('configs/save names the bad field', async () => {
    const noHost = await post('/configs/save', { systemProxy: { type: 3, port: 1080 } });
    expect(noHost.status).toBe(400);
    expect(noHost.body.msg).toMatch(/^systemProxy\.host:/);
    const badType = await post('/configs/save', { systemProxy: { type: 9 } });
    expect(badType.body.msg).toMatch(/^systemProxy\.type:/);
    const unknown = await post('/configs/save', { theme: 'dark' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toMatch(/theme/);
    const empty = await post('/configs/save', {});
    expect(empty.body.msg).toMatch(/performance or systemProxy is required/);
    expect(client.config.get().systemProxy.type).toBe(1);
  });

  it('bounds/flexable tiles the open windows; bounds/reset forgets stored bounds', async () => {
    const a = await create('tile a');
    const b = await create('tile b');
    await post('/api/v1/profiles/start-many', { ids: [a, b] });
    const r = await post('/bounds/flexable', { ids: [b, a], width: 1200, height: 600, columns: 2 });
    expect(r.body).toEqual({
      success: true,
      msg: 'success',
      data: [
        { id: b, left: 0, top: 0, width: 600, height: 600 },
        { id: a, left: 600, top: 0, width: 600, height: 600 },
      ],
    });
    expect(await client.sessions.windowBounds(a)).toEqual({ left: 600, top: 0, width: 600, height: 600 });
    const bad = await post('/bounds/flexable', { width: 10, height: 600 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^width:/);
    await post('/api/v1/profiles/stop-all', {});
    expect(await client.sessions.bounds.get(a)).not.toBeNull();
    const reset = await post('/bounds/reset', { ids: [a, b] });
    expect(reset.body.data).toEqual({ count: 2 });
    expect(await client.sessions.bounds.get(a)).toBeNull();
    expect((await post('/bounds/reset', { ids: [] })).body.msg).toMatch(/^ids:/);
  });

  it('extralog lists what happened (newest first, by level and profile) and deletes by id', async () => {
    const id = await create('logged');
    await post('/api/v1/profiles/start', { id });
    await post('/api/v1/profiles/stop', { id });
    await client.config.savePerformance({ cpu: 1 });
    const busy = await startClient(
      { ...client.settings, port: 0 },
      { load: async () => ({ cpu: 50, mem: 1 }), listen: false, probeEngine: false },
    );
    try {
      await expect(busy.sessions.open(id)).rejects.toThrow(/CPU use/);
    } finally {
      await busy.stop();
      await client.config.savePerformance({ cpu: 95 });
    }
    // The same data folder: the other client's refusal is in the same log file, read by a fresh log.
    const mine = await post('/extralog/list', { profileId: id });
    const events = (mine.body.data as { list: Array<{ event: string; id: number }> }).list.map((e) => e.event);
    expect(events).toEqual(['profile.closed', 'profile.opened']);
    const warn = await busy.extraLog.list({ page: 1, pageSize: 10, level: 'warn' });
    expect(warn.list[0]).toMatchObject({ event: 'open.refused', profileId: id });

    const list = (mine.body.data as { list: Array<{ id: number }> }).list;
    const del = await post('/extralog/delete', { ids: [list[0]!.id] });
    expect(del.body.data).toEqual({ count: 1 });
    const after = await post('/extralog/list', { profileId: id, pageSize: 1 });
    expect(after.body.data).toMatchObject({ total: 1, list: [{ event: 'profile.opened' }] });
    expect((await post('/extralog/list', { level: 'fatal' })).body.msg).toMatch(/^level:/);
    expect((await post('/extralog/delete', { ids: 'all' })).body.msg).toMatch(/^ids:/);
  });

  it('utils/readexcel reads the first sheet from a path or from bytes, and refuses the rest', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('list').addRows([
      ['host', 'port'],
      ['10.0.0.1', 8080],
    ]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    // The client's import folder is one it may read by default (docs/client.md, "utils/readexcel").
    const imports = join(data.dir, 'client', 'imports');
    const file = join(imports, 'list.xlsx');
    writeFileSync(file, bytes);
    writeFileSync(join(imports, 'list.csv'), 'a,b\n1,2\n');
    writeFileSync(join(data.dir, 'outside.csv'), 'secret\n');
    symlinkSync(join(data.dir, 'outside.csv'), join(imports, 'link.csv'));
    const expected = {
      sheet: 'list',
      rows: [
        ['host', 'port'],
        ['10.0.0.1', 8080],
      ],
    };
    const byPath = await post('/utils/readexcel', { path: file });
    expect(byPath.body.data, byPath.body.msg).toEqual(expected);
    expect((await post('/utils/readexcel', { base64: bytes.toString('base64'), name: 'list.xlsx' })).body.data).toEqual(
      expected,
    );
    const csv = await post('/utils/readexcel', { base64: Buffer.from('a,b\n1,2\n').toString('base64'), name: 'x.csv' });
    expect(csv.body.data).toEqual({
      sheet: expect.any(String),
      rows: [
        ['a', 'b'],
        ['1', '2'],
      ],
    });
    expect((await post('/utils/readexcel', { path: join(imports, 'list.csv') })).body.data).toEqual(csv.body.data);

    // Outside the allowed folders, directly or through a symlink in one: a 400 naming the field.
    for (const path of [join(data.dir, 'outside.csv'), join(imports, 'link.csv')]) {
      const r = await post('/utils/readexcel', { path });
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(/^path: not in a folder the client may read \(allowed: .*/);
      expect(r.body.msg).toContain(realpathSync(imports));
      expect(errorsOf(r)).toEqual([{ field: 'body.path', key: 'pathNotAllowed', detail: expect.any(String) }]);
    }

    const refusals: Array<[unknown, RegExp]> = [
      [{ path: 'list.xlsx' }, /^path: must be an absolute path/],
      [{ path: '\\\\attacker\\share\\a.xlsx' }, /^path: network \(UNC\) and Windows device paths are not read/],
      [{ path: '//attacker/share/a.xlsx' }, /^path: network \(UNC\)/],
      [{ path: '/dev/zero' }, /^path: device and kernel folders/],
      [{ path: '/proc/self/environ' }, /^path: device and kernel folders/],
      [{ path: '/etc/passwd' }, /only \.xlsx and \.csv/],
      [{ path: join(imports, 'nope.csv') }, /^path: the file cannot be opened: ENOENT/],
      [{ base64: '***', name: 'a.xlsx' }, /^base64:/],
      [{ base64: 'AAAA' }, /^name:/],
      [{ base64: 'AAAA', name: 'a.exe' }, /only \.xlsx and \.csv/],
      [{}, /^base64:/],
    ];
    for (const [body, msg] of refusals) {
      const r = await post('/utils/readexcel', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ success: false, data: null });
      expect(r.body.msg).toMatch(msg);
    }
    expect(errorsOf(await post('/utils/readexcel', { path: '/dev/zero' }))).toEqual([
      { field: 'body.path', key: 'pathDevice', detail: expect.any(String) },
    ]);
  });
});
