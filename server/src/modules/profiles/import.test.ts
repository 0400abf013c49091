import { API_PREFIX } from '@facet/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { parseCsv } from './import.js';

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
    const wb = await download('export', { ids: [p.result.id] });
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
    const csv = 'name,remark,tags\r\n"Csv, one","said ""hi""",a\r\n,,\r\nCsv two,,\r\n';
    const c = await t.call(
      'profileImport',
      { fileName: 'p.csv', content: Buffer.from(csv).toString('base64') },
      { token },
    );
    expect(c.result.count).toBe(0);
    expect(c.result.errors[0]).toMatchObject({ row: 2, field: 'name', message: 'nameSchema' });
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
