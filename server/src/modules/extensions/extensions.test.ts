import { createHash } from 'node:crypto';
import { API_PREFIX, Code, MEMBER_ROLE_ID } from '@facet/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crx3Of, extensionZip } from '../../test/extension-fixture.js';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { browserProfiles } from '../profiles/tables.js';
import { browserExtensions } from './tables.js';

const b64 = (b: Buffer) => b.toString('base64');
const PW = 'Ext#Pass1234';

describe.skipIf(dbUnavailable())('browser extensions', () => {
  let t: TestServer;
  let a: string;
  let b: string;
  beforeAll(async () => {
    t = await createTestServer();
    a = (await t.register()).token;
    b = (await t.register()).token;
  });
  afterAll(() => t?.close());

  const upload = async (zip: Buffer, token = a, fileName = 'ext.zip') =>
    t.call('extensionUpload', { fileName, content: b64(zip) }, { token });
  const uploaded = async (zip: Buffer, token = a, fileName = 'ext.zip') => {
    const r = await upload(zip, token, fileName);
    if (r.code !== 0) throw new Error(r.message);
    return r.result;
  };
  const profile = async (name: string, extra: Record<string, unknown> = {}, token = a) => {
    const r = await t.call('profileCreate', { name, ...extra }, { token });
    if (r.code !== 0) throw new Error(r.message);
    return r.result;
  };
  const download = (id: number, token = a) =>
    t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/v1/browserExtend/download/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const extendIdsOf = async (ids: number[]) =>
    (
      await t.db
        .select({ id: browserProfiles.id, extendIds: browserProfiles.extendIds })
        .from(browserProfiles)
        .where(inArray(browserProfiles.id, ids))
        .orderBy(asc(browserProfiles.id))
    ).map((r) => r.extendIds);

  it('reads the manifest of an uploaded zip, and the same package uploaded again is the same extension', async () => {
    const zip = extensionZip({ name: 'Tab Saver', version: '2.1.0', description: 'Saves tabs' });
    const e = await uploaded(zip, a, 'tab-saver.zip');
    expect(e).toMatchObject({
      name: 'Tab Saver',
      version: '2.1.0',
      description: 'Saves tabs',
      manifestVersion: 3,
      fileName: 'tab-saver.zip',
      size: zip.length,
      sha256: createHash('sha256').update(zip).digest('hex'),
      profileCount: 0,
    });
    expect(e.icon).toMatch(/^data:image\/png;base64,/);
    expect(e.createdTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const again = await uploaded(zip, a, 'copy.zip');
    expect(again.id).toBe(e.id);
    const list = await t.call('extensionList', {}, { token: a });
    expect(list.result.total).toBe(1);
    expect((await t.call('extensionList', { name: 'saves' }, { token: a })).result.total).toBe(1);
    expect((await t.call('extensionList', { name: 'nothing like it' }, { token: a })).result.total).toBe(0);
    // The client gets back exactly the stored zip.
    const res = await download(e.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(e.sha256);
  });

  it('accepts a .crx, a zipped folder and a localized name; stores a plain zip with the manifest at its root', async () => {
    const crx = await uploaded(crx3Of(extensionZip({ name: 'From Store', version: '5.0' })), a, 'store.crx');
    expect(crx).toMatchObject({ name: 'From Store', version: '5.0' });
    const unpackedCrx = unzipSync(new Uint8Array((await download(crx.id)).rawPayload));
    expect(Object.keys(unpackedCrx)).toContain('manifest.json');

    const folder = await uploaded(extensionZip({ name: 'Folder Ext', folder: 'my-extension' }));
    const files = unzipSync(new Uint8Array((await download(folder.id)).rawPayload));
    expect(Object.keys(files).sort()).toEqual(['content.js', 'icon.png', 'manifest.json']);

    const manifest = {
      manifest_version: 2,
      name: '__MSG_appName__',
      description: '__MSG_appDesc__',
      version: '1.2.3.4',
      default_locale: 'de',
    };
    const localized = await uploaded(
      extensionZip({
        manifestText: JSON.stringify(manifest),
        files: {
          '_locales/de/messages.json': JSON.stringify({
            APPNAME: { message: 'Werbeblocker' },
            appDesc: { message: 'Blockt' },
          }),
        },
      }),
    );
    expect(localized).toMatchObject({
      name: 'Werbeblocker',
      description: 'Blockt',
      manifestVersion: 2,
      version: '1.2.3.4',
    });
  });

  it('refuses bad packages with the field and the reason, and stores nothing', async () => {
    const before = (await t.call('extensionList', {}, { token: a })).result.total;
    const cases: Array<[string, Buffer, string]> = [
      ['text.zip', Buffer.from('not a zip at all'), 'body.content: extensionZipInvalid'],
      ['empty.zip', extensionZip({ files: {} }).subarray(0, 30), 'body.content: extensionZipInvalid'],
      [
        'nomanifest.zip',
        extensionZip({ folder: 'a', files: { '../b/manifest.json': '{}' } }),
        'body.content: extensionZipInvalid',
      ],
      ['mv1.zip', extensionZip({ manifestVersion: 1 }), 'body.content: extensionManifestInvalid'],
      ['ver.zip', extensionZip({ version: 'one' }), 'body.content: extensionManifestInvalid'],
      ['json.zip', extensionZip({ manifestText: '{ nope' }), 'body.content: extensionManifestInvalid'],
      ['noname.zip', extensionZip({ name: '  ' }), 'body.content: extensionManifestInvalid'],
      ['ext.exe', extensionZip(), 'body.fileName: extensionFileType'],
    ];
    for (const [fileName, bytes, message] of cases) {
      const r = await upload(bytes, a, fileName);
      expect([fileName, r.status, r.message]).toEqual([fileName, 400, expect.stringContaining(message)]);
    }
    const missing = await upload(Buffer.from(zipSync({ 'readme.txt': Buffer.from('hello') })), a, 'x.zip');
    expect(missing.message).toContain('body.content: extensionManifestMissing');
    expect((await t.call('extensionList', {}, { token: a })).result.total).toBe(before);
  });

  it('assigns extensions to profiles in order, lists who loads one, hands them to the client, and deletes them from every profile', async () => {
    const e1 = await uploaded(extensionZip({ name: 'One' }));
    const e2 = await uploaded(extensionZip({ name: 'Two' }));
    const p1 = await profile('Loads one', { extendIds: [e1.id, e1.id] });
    expect(p1.extendIds).toEqual([e1.id]);
    const p2 = await profile('Loads none');
    const binned = await profile('Binned', { extendIds: [e1.id] });
    await t.call('profileDelete', { ids: [binned.id] }, { token: a });
    expect((await t.call('profileCreate', { name: 'Bad', extendIds: [999_999] }, { token: a })).message).toContain(
      'body.extendIds: extension 999999 not found',
    );

    const add = await t.call(
      'extensionAssign',
      { browserIds: [p1.id, p2.id], extendIds: [e2.id, e1.id], mode: 'add' },
      { token: a },
    );
    expect(add.result.count).toBe(2);
    // p1 keeps its own order and gets the new one after; p2 gets them in the order sent.
    expect(await extendIdsOf([p1.id, p2.id])).toEqual([
      [e1.id, e2.id],
      [e2.id, e1.id],
    ]);
    const counts = (await t.call('extensionList', {}, { token: a })).result.list;
    expect(counts.find((x) => x.id === e1.id)?.profileCount).toBe(2); // the binned profile does not count
    const who = await t.call('extensionProfiles', { extendId: e1.id }, { token: a });
    expect(who.result.list.map((p) => p.name)).toEqual(['Loads one', 'Loads none']);
    expect(who.result.total).toBe(2);

    const open = await t.call('profileGetOpen', undefined, {
      token: a,
      url: `${API_PREFIX}/v1/browserInfos/getOpen/${p2.id}`,
    });
    expect(open.result.extensions.map((x) => [x.name, x.sha256])).toEqual([
      ['Two', e2.sha256],
      ['One', e1.sha256],
    ]);

    expect(
      (await t.call('extensionAssign', { browserIds: [p2.id], extendIds: [e2.id], mode: 'remove' }, { token: a }))
        .result.count,
    ).toBe(1);
    expect(await extendIdsOf([p2.id])).toEqual([[e1.id]]);
    // A batch naming an unknown extension or profile changes nothing.
    expect(
      (await t.call('extensionAssign', { browserIds: [p2.id], extendIds: [e2.id, 424242], mode: 'add' }, { token: a }))
        .status,
    ).toBe(400);
    expect(
      (await t.call('extensionAssign', { browserIds: [p2.id, 424242], extendIds: [e2.id], mode: 'add' }, { token: a }))
        .code,
    ).toBe(Code.NOT_FOUND);
    expect(
      (await t.call('extensionAssign', { browserIds: [p2.id], extendIds: [], mode: 'add' }, { token: a })).message,
    ).toContain('body.extendIds');
    expect(
      (await t.call('extensionAssign', { browserIds: [p2.id], extendIds: [e2.id], mode: 'toggle' }, { token: a }))
        .message,
    ).toContain('body.mode');
    expect(await extendIdsOf([p2.id])).toEqual([[e1.id]]);

    // batchAdd checks every row's extensions before adding any.
    const batch = await t.call(
      'profileBatchAdd',
      {
        list: [
          { name: 'B1', extendIds: [e2.id] },
          { name: 'B2', extendIds: [31337] },
        ],
      },
      { token: a },
    );
    expect(batch.result).toMatchObject({ count: 0, errors: [{ row: 2, field: 'extendIds' }] });
    const batchOk = await t.call('profileBatchAdd', { list: [{ name: 'B1', extendIds: [e2.id] }] }, { token: a });
    expect(await extendIdsOf(batchOk.result.ids)).toEqual([[e2.id]]);

    const del = await t.call('extensionDelete', { ids: [e1.id] }, { token: a });
    expect(del.result.count).toBe(1);
    expect(await extendIdsOf([p1.id, p2.id, binned.id])).toEqual([[e2.id], [], []]);
    expect((await download(e1.id)).json()).toMatchObject({ code: Code.NOT_FOUND });
    expect((await t.call('extensionProfiles', { extendId: e1.id }, { token: a })).code).toBe(Code.NOT_FOUND);
    expect((await t.call('extensionDelete', { ids: [e1.id] }, { token: a })).code).toBe(Code.NOT_FOUND);
  });

  it('another main account reaches none of them, and the same package is its own copy', async () => {
    const e = await uploaded(extensionZip({ name: 'Private' }));
    const p = await profile('A loads it', { extendIds: [e.id] });
    const snapshot = async () => ({
      ext: await t.db.select().from(browserExtensions).where(eq(browserExtensions.id, e.id)),
      profiles: await t.db.select().from(browserProfiles).where(eq(browserProfiles.id, p.id)),
    });
    const before = await snapshot();
    const mine = await profile('B own', {}, b);
    expect((await t.call('extensionList', {}, { token: b })).result.total).toBe(0);
    expect((await t.call('extensionDelete', { ids: [e.id] }, { token: b })).code).toBe(Code.NOT_FOUND);
    expect((await t.call('extensionProfiles', { extendId: e.id }, { token: b })).code).toBe(Code.NOT_FOUND);
    expect((await download(e.id, b)).json()).toMatchObject({ code: Code.NOT_FOUND });
    expect(
      (await t.call('extensionAssign', { browserIds: [mine.id], extendIds: [e.id], mode: 'add' }, { token: b })).status,
    ).toBe(400);
    expect(
      (await t.call('extensionAssign', { browserIds: [p.id], extendIds: [e.id], mode: 'remove' }, { token: b })).code,
    ).toBe(Code.NOT_FOUND);
    expect((await t.call('profileCreate', { name: 'Steal', extendIds: [e.id] }, { token: b })).status).toBe(400);
    expect((await t.call('profileUpdate', { id: mine.id, extendIds: [e.id] }, { token: b })).status).toBe(400);
    const copy = await uploaded(extensionZip({ name: 'Private' }), b);
    expect(copy.id).not.toBe(e.id);
    expect(copy.profileCount).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('a sub-account counts and lists only the profiles shared with it, and needs the codes to upload', async () => {
    const res = await t.call(
      'sysUsersCreate',
      { username: 'ext_member', password: PW, roleId: MEMBER_ROLE_ID },
      { token: a },
    );
    expect(res.code).toBe(0);
    const sub = (await t.login('ext_member', PW)).token;
    const e = await uploaded(extensionZip({ name: 'Team tool' }));
    const shared = await profile('Shared', { extendIds: [e.id] });
    await profile('Not shared', { extendIds: [e.id] });
    await t.call('shareProfiles', { ids: [shared.id], userIds: [res.result.id], mode: 'add' }, { token: a });
    const list = await t.call('extensionList', { name: 'Team tool' }, { token: sub });
    expect(list.result.list[0]).toMatchObject({ id: e.id, profileCount: 1 });
    expect(
      (await t.call('extensionProfiles', { extendId: e.id }, { token: sub })).result.list.map((x) => x.name),
    ).toEqual(['Shared']);
    expect((await upload(extensionZip({ name: 'Sub upload' }), sub)).code).toBe(Code.FORBIDDEN);
    expect((await t.call('extensionDelete', { ids: [e.id] }, { token: sub })).code).toBe(Code.FORBIDDEN);
  });
  it('lists the permissions the manifest requests', async () => {
    const manifest = {
      manifest_version: 3,
      name: 'Asker',
      version: '1.0.0',
      permissions: ['storage', 'cookies', 'storage'],
      host_permissions: ['<all_urls>', 'file:///*'],
      optional_permissions: ['debugger'],
      optional_host_permissions: ['https://example.com/*'],
      content_scripts: [{ matches: ['https://*.example.org/*'], js: ['content.js'] }],
    };
    const e = await uploaded(extensionZip({ manifestText: JSON.stringify(manifest) }));
    const expected = {
      permissions: ['storage', 'cookies'],
      hostPermissions: ['<all_urls>', 'file:///*', 'https://*.example.org/*'],
      optionalPermissions: ['debugger', 'https://example.com/*'],
      membersMayAssign: false,
    };
    expect(e).toMatchObject(expected);
    const listed = (await t.call('extensionList', { name: 'Asker' }, { token: a })).result.list[0];
    expect(listed).toMatchObject(expected);

    // A package stored before permissions were read gets them when it is next listed.
    await t.db.update(browserExtensions).set({ requested: null }).where(eq(browserExtensions.id, e.id));
    expect((await t.call('extensionList', { name: 'Asker' }, { token: a })).result.list[0]).toMatchObject(expected);
    const [row] = await t.db
      .select({ requested: browserExtensions.requested })
      .from(browserExtensions)
      .where(eq(browserExtensions.id, e.id));
    expect(row?.requested?.hostPermissions).toEqual(expected.hostPermissions);
  });

  it('a sub-account assigns only the extensions an admin allowed members to assign', async () => {
    const res = await t.call(
      'sysUsersCreate',
      { username: 'ext_assigner', password: PW, roleId: MEMBER_ROLE_ID },
      { token: a },
    );
    expect(res.code).toBe(0);
    const sub = (await t.login('ext_assigner', PW)).token;
    const risky = await uploaded(extensionZip({ name: 'Risky', permissions: ['cookies'] }));
    const shared = await profile('Shared with assigner');
    await t.call('shareProfiles', { ids: [shared.id], userIds: [res.result.id], mode: 'add' }, { token: a });
    const refusal = { field: 'body.extendIds', key: 'extensionNotAssignable' };

    const assign = (token: string, mode: 'add' | 'remove' = 'add') =>
      t.call('extensionAssign', { browserIds: [shared.id], extendIds: [risky.id], mode }, { token });
    const denied = await assign(sub);
    expect(denied.status).toBe(400);
    expect(denied.errors).toEqual([expect.objectContaining(refusal)]);
    const created = await t.call('profileCreate', { name: 'Own', extendIds: [risky.id] }, { token: sub });
    expect(created.status).toBe(400);
    expect(created.errors).toEqual([expect.objectContaining(refusal)]);
    const updated = await t.call('profileUpdate', { id: shared.id, extendIds: [risky.id] }, { token: sub });
    expect(updated.errors).toEqual([expect.objectContaining(refusal)]);
    const batch = await t.call('profileBatchAdd', { list: [{ name: 'B', extendIds: [risky.id] }] }, { token: sub });
    expect(batch.result).toMatchObject({
      count: 0,
      errors: [{ row: 1, field: 'extendIds', key: 'extensionNotAssignable' }],
    });
    expect(await extendIdsOf([shared.id])).toEqual([[]]);

    // Only the main account decides.
    const self = await t.call('extensionMembersMayAssign', { ids: [risky.id], allowed: true }, { token: sub });
    expect(self.code).toBe(Code.FORBIDDEN);
    const allowed = await t.call('extensionMembersMayAssign', { ids: [risky.id], allowed: true }, { token: a });
    expect(allowed.result).toEqual({ count: 1 });
    expect((await t.call('extensionList', { name: 'Risky' }, { token: sub })).result.list[0]).toMatchObject({
      membersMayAssign: true,
      permissions: ['cookies'],
    });
    expect((await assign(sub)).code).toBe(0);
    expect(await extendIdsOf([shared.id])).toEqual([[risky.id]]);

    // Taken back: what is on the profile stays and may be kept or taken off, not added again.
    await t.call('extensionMembersMayAssign', { ids: [risky.id], allowed: false }, { token: a });
    const keep = await t.call(
      'profileUpdate',
      { id: shared.id, name: 'Renamed', extendIds: [risky.id] },
      { token: sub },
    );
    expect(keep.code).toBe(0);
    expect((await assign(sub, 'remove')).code).toBe(0);
    expect(await extendIdsOf([shared.id])).toEqual([[]]);
    expect((await assign(sub)).errors).toEqual([expect.objectContaining(refusal)]);
    // The main account itself is not restricted.
    expect((await assign(a)).code).toBe(0);
  });
});
