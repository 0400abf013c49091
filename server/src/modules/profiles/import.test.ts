import { API_PREFIX, parseCsv } from '@facet/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

describe.skipIf(dbUnavailable())('import profiles from a spreadsheet', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await createTestServer();
    token = (await t.register()).token;
  });
  afterAll(() => t?.close());

  const download = async (path: string, body: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/v1/browserInfos/${path}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    return wb;
  };

  it('imports the filled template: bad rows reported by sheet row, nothing half-imported, then the rest', async () => {
    const wb = await download('downloadTpl', {});
    const ws = wb.getWorksheet('profiles')!;
    ws.spliceRows(2, 1); // drop the example row
    const header = (ws.getRow(1).values as string[]).slice(1);
    const asRow = (o: Record<string, unknown>) => header.map((h) => o[h] ?? '');
    for (let i = 0; i < 200; i++) {
      ws.addRow(
        asRow({
          name: i === 50 ? 'bad:name' : `Imported ${i}`,
          tags: 'imp,x',
          proxyType: 'socks5',
          host: `10.0.${Math.floor(i / 250)}.${i % 250}`,
          port: i === 120 ? 'abc' : 1080,
          startupUrls: 'https://a.example\nhttps://b.example',
        }),
      );
    }
    const content = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const bad = await t.call('profileImport', { fileName: 'filled.xlsx', content }, { token });
    expect(bad.message).toBe('success');
    expect(bad.result.count).toBe(0);
    expect(bad.result.errors.map((e) => [e.row, e.field])).toEqual([
      [52, 'name'],
      [122, 'proxy.port'],
    ]);
    expect((await t.call('profileList', {}, { token })).result.total).toBe(0);
    ws.spliceRows(122, 1);
    ws.spliceRows(52, 1);
    const ok = await t.call(
      'profileImport',
      { fileName: 'filled.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()).toString('base64') },
      { token },
    );
    expect(ok.result).toMatchObject({ count: 198, errors: [] });
    const one = await t.call('profileList', { name: 'Imported 7' }, { token });
    expect(one.result.list[0]).toMatchObject({ host: '10.0.0.7', port: 1080, proxyType: 'socks5', tags: ['imp', 'x'] });
  });

  it('keeps fingerprints through export → import for many profiles; a bad fingerprint cell names the field', async () => {
    const made = await t.call(
      'profileBatchAdd',
      { list: [{ name: 'Fp one' }, { name: 'Fp two' }, { name: 'Fp three' }] },
      { token },
    );
    const ids = made.result.ids;
    const wb = await download('export', { ids });
    const ws = wb.getWorksheet('profiles')!;
    const header = (ws.getRow(1).values as unknown[]).map(String);
    expect(header).toContain('fingerprint');
    const content = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const res = await t.call('profileImport', { fileName: 'export.xlsx', content }, { token });
    expect(res.result.count).toBe(3);
    const get = async (id: number) =>
      (await t.call('profileGet', undefined, { token, url: `${API_PREFIX}/v1/browserInfos/${id}` })).result;
    for (let i = 0; i < 3; i++) {
      const [a, b] = [await get(ids[i]!), await get(res.result.ids[i]!)];
      expect(b.name).toBe(a.name);
      expect(b.browserFingerPrint).toEqual(a.browserFingerPrint);
    }
    // Without the column (the template as most users fill it) each profile gets a new fingerprint.
    const csv = 'name\nNo fp\n';
    const fresh = await t.call(
      'profileImport',
      { fileName: 'p.csv', content: Buffer.from(csv).toString('base64') },
      { token },
    );
    expect(fresh.result.count).toBe(1);
    expect((await get(fresh.result.ids[0]!)).browserFingerPrint.macAddress).toMatch(/^([0-9A-F]{2}-){5}[0-9A-F]{2}$/);
    const col = header.indexOf('fingerprint');
    ws.getRow(3).getCell(col).value = '{not json';
    const bad = await t.call(
      'profileImport',
      { fileName: 'export.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()).toString('base64') },
      { token },
    );
    expect(bad.result.count).toBe(0);
    expect(bad.result.errors).toEqual([expect.objectContaining({ row: 3, field: 'browserFingerPrint' })]);
  });

  it('re-imports an export, and reads csv', async () => {
    const g = await t.call('groupCreate', { name: 'Roundtrip' }, { token });
    const p = await t.call(
      'profileCreate',
      {
        name: 'Export me',
        groupId: g.result.id,
        accountPassword: 'pw',
        siteUrl: 'https://s.example',
        cookie: 'a=1',
        cookieDomain: 's.example',
      },
      { token },
    );
    const wb = await download('export', { ids: [p.result.id], includeSecrets: true });
    const content = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const res = await t.call('profileImport', { fileName: 'export.xlsx', content }, { token });
    expect(res.result.count).toBe(1);
    const copy = await t.call('profileGet', undefined, {
      token,
      url: `${API_PREFIX}/v1/browserInfos/${res.result.ids[0]}`,
    });
    expect(copy.result).toMatchObject({
      name: 'Export me',
      groupId: g.result.id,
      accountPassword: 'pw',
      cookieCount: 1,
    });
    // The fingerprint travels in its JSON column: the copy has the same one, not a new one.
    const original = await t.call('profileGet', undefined, {
      token,
      url: `${API_PREFIX}/v1/browserInfos/${p.result.id}`,
    });
    expect(copy.result.browserFingerPrint).toEqual(original.result.browserFingerPrint);
    const csv = 'name,remark,tags\r\n"Csv, one","said ""hi""",a\r\n,,\r\nCsv two,,\r\n';
    const c = await t.call(
      'profileImport',
      { fileName: 'p.csv', content: Buffer.from(csv).toString('base64') },
      { token },
    );
    expect(c.result.count).toBe(0);
    expect(c.result.errors[0]).toMatchObject({ row: 2, field: 'name', key: 'nameSchema' });
    const csv2 = 'name,remark\nCsv one,"said ""hi"""\nCsv two,\n';
    const c2 = await t.call(
      'profileImport',
      { fileName: 'p.csv', content: Buffer.from(csv2).toString('base64') },
      { token },
    );
    expect(c2.result.count).toBe(2);
    expect((await t.call('profileList', { name: 'Csv one' }, { token })).result.list[0]!.remark).toBe('said "hi"');
  });

  it('refuses files that are not the template', async () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    expect((await t.call('profileImport', { fileName: 'x.txt', content: b64('a') }, { token })).message).toContain(
      'body.fileName',
    );
    expect(
      (await t.call('profileImport', { fileName: 'x.xlsx', content: b64('not zip') }, { token })).message,
    ).toContain('not a readable xlsx');
    expect(
      (await t.call('profileImport', { fileName: 'x.csv', content: b64('foo,bar\n1,2') }, { token })).message,
    ).toContain('name column is missing');
    expect(
      (await t.call('profileImport', { fileName: 'x.csv', content: b64('name,evil\n1,2') }, { token })).message,
    ).toContain('unknown columns evil');
    expect(parseCsv('a,"b\nc"\n')).toEqual([['a', 'b\nc']]);
  });
});
