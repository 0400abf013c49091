import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { API_PREFIX, type CallName, Code, calls } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPhone, type TestPhone } from '../../test/adb-device/index.js';
import { buildTestApk } from '../../test/apk-fixture.js';
import { callResponse, createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

const chatApk = buildTestApk({ packageName: 'com.example.chat', versionName: '1.2', versionCode: 12, label: 'Chat' });
const notesApk = buildTestApk({
  packageName: 'org.example.notes',
  versionName: '3.0',
  versionCode: 30,
  label: 'Notes',
});

describe.skipIf(dbUnavailable())('cloud phones: the application market, preinstalled apps and files', () => {
  let t: TestServer;
  let admin: string;
  let phones: TestPhone[];
  let packageId = 0;
  let a: { token: string };
  let other: { token: string };
  const env = { first: 0, second: 0 };
  const app = { chat: 0, notes: 0, own: 0 };
  const kind = { social: 0, tools: 0 };

  /** A call that takes a file: the raw bytes, its other values in the query. */
  async function send<N extends CallName>(
    name: N,
    query: Record<string, string | number>,
    bytes: Uint8Array | Readable,
    token: string,
  ) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${calls[name].path}?${qs}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: bytes instanceof Readable ? bytes : Buffer.from(bytes),
    });
    return callResponse(name, res.statusCode, res.json());
  }
  const dir = (sub: string) => readdir(join(t.services.dataDir, sub)).catch(() => [] as string[]);
  const phoneOf = async (id: number, token = a.token) => {
    const e = (await t.call('phoneGet', undefined, { token, url: `/api/v1/cloudphone/cloudPhonesEvn/${id}` })).result;
    return phones.find((p) => p.props.get('ro.product.model') === e.model)!;
  };
  const buy = async (name: string) => {
    const paid = await t.call('phonePay', { packageId, quantity: 1, name }, { token: a.token });
    expect(paid.code, paid.message).toBe(0);
    await t.services.phones.idle();
    const list = (await t.call('phoneList', { name }, { token: a.token })).result.list;
    expect(list[0]).toMatchObject({ name, state: 'off' });
    return list[0]!.id;
  };

  beforeAll(async () => {
    t = await createTestServer({ adbTimeoutMs: 2_000 });
    admin = await t.adminToken();
    phones = await Promise.all([startTestPhone({ model: 'Pixel 7' }), startTestPhone({ model: 'Pixel 8' })]);
    for (const [i, p] of phones.entries())
      await t.call(
        'adminDeviceSave',
        { name: `d${i}`, host: p.host, port: p.port, region: 'sg', androidVersion: '13' },
        { token: admin },
      );
    packageId = (
      await t.call(
        'adminPackageSave',
        { name: 'SG', region: 'sg', androidVersion: '13', days: 30, price: '0.00' },
        { token: admin },
      )
    ).result.id;
    a = await t.register();
    other = await t.register();
    env.first = await buy('First');
  });
  afterAll(async () => {
    await t?.services.phones.idle();
    await t?.close();
    await Promise.all((phones ?? []).map((p) => p.stop()));
    if (t) await rm(t.services.dataDir, { recursive: true, force: true });
  });

  it('the operator adds kinds and uploads APKs: package, version, label and icon are read; the same file twice is one file', async () => {
    kind.social = (await t.call('adminAppKindSave', { name: 'Social', sort: 1 }, { token: admin })).result.id;
    kind.tools = (await t.call('adminAppKindSave', { name: 'Tools', sort: 2 }, { token: admin })).result.id;
    const up = await send('adminAppUpload', { fileName: 'chat.apk', kindId: kind.social }, chatApk, admin);
    expect(up.code, JSON.stringify(up.errors)).toBe(0);
    expect(up.result).toMatchObject({
      packageName: 'com.example.chat',
      versionName: '1.2',
      versionCode: 12,
      label: 'Chat',
      source: 'market',
      kindId: kind.social,
      size: chatApk.length,
    });
    expect(up.result.icon).toMatch(/^data:image\/png;base64,iVBOR/);
    app.chat = up.result.id;
    const again = await send('adminAppUpload', { fileName: 'chat-copy.apk', kindId: kind.social }, chatApk, admin);
    expect(again.result.id).toBe(app.chat);
    app.notes = (
      await send('adminAppUpload', { fileName: 'notes.apk', kindId: kind.tools }, notesApk, admin)
    ).result.id;
    expect(await dir('phone-apps')).toHaveLength(2);
    expect(await dir('incoming')).toEqual([]);

    const kinds = (await t.call('phoneAppKinds', undefined, { token: a.token })).result;
    expect(kinds.map((k) => [k.name, k.count])).toEqual([
      ['Social', 1],
      ['Tools', 1],
    ]);
    const social = (await t.call('phoneAppMarket', { kindId: kind.social }, { token: a.token })).result;
    expect(social.list.map((x) => x.label)).toEqual(['Chat']);
    expect(
      (await t.call('phoneAppMarket', { name: 'note' }, { token: a.token })).result.list.map((x) => x.label),
    ).toEqual(['Notes']);
    // Hidden by the operator: gone from the market, still in the operator's list.
    await t.call('adminAppEnable', { ids: [app.notes], enabled: false }, { token: admin });
    expect((await t.call('phoneAppMarket', {}, { token: a.token })).result.list.map((x) => x.label)).toEqual(['Chat']);
    expect((await t.call('adminAppList', {}, { token: admin })).result.total).toBe(2);
    await t.call('adminAppEnable', { ids: [app.notes], enabled: true }, { token: admin });
    // Users do not manage the market.
    expect((await send('adminAppUpload', { fileName: 'x.apk' }, chatApk, a.token)).code).toBe(Code.FORBIDDEN);
  });

  it('a file that is no APK is refused naming the body, and nothing is kept', async () => {
    const bad = await send('adminAppUpload', { fileName: 'fake.apk' }, Buffer.from('not a zip at all'), admin);
    expect(bad.status).toBe(400);
    expect(bad.errors[0]).toMatchObject({ field: 'body', key: 'apkInvalid' });
    const json = await t.call(
      'phoneApkUpload',
      { fileName: 'x.apk' },
      { token: a.token, query: { fileName: 'x.apk' } },
    );
    expect(json.errors[0]).toMatchObject({ field: 'body', key: 'fileRequired' });
    expect(await dir('phone-apps')).toHaveLength(2);
    expect(await dir('incoming')).toEqual([]);
  });

  it('installs a market app on an environment (pushed, pm install -r, the copy removed) and uninstalls it', async () => {
    const device = await phoneOf(env.first);
    const res = await t.call('phoneAppInstall', { appId: app.chat, envIds: [env.first] }, { token: a.token });
    expect(res.code, res.message).toBe(0);
    expect(device.packages.get('com.example.chat')).toMatchObject({ versionName: '1.2', versionCode: 12 });
    expect(device.asked).toContain('pm install -r /data/local/tmp/com.example.chat.apk');
    expect(device.files.has('/data/local/tmp/com.example.chat.apk')).toBe(false);
    const listed = (await t.call('phoneAppMarket', { kindId: kind.social }, { token: a.token })).result.list[0]!;
    expect(listed.installedOn).toEqual([env.first]);

    const un = await t.call('phoneAppUninstall', { appId: app.chat, envIds: [env.first] }, { token: a.token });
    expect(un.code, un.message).toBe(0);
    expect(device.packages.has('com.example.chat')).toBe(false);
    expect(
      (await t.call('phoneAppMarket', { kindId: kind.social }, { token: a.token })).result.list[0]!.installedOn,
    ).toEqual([]);
  });

  it('the user uploads an own APK; Android’s refusal is the error’s detail; another account neither sees nor installs it', async () => {
    await t.call('phoneAppInstall', { appId: app.chat, envIds: [env.first] }, { token: a.token });
    const older = buildTestApk({
      packageName: 'com.example.chat',
      versionName: '0.5',
      versionCode: 5,
      label: 'Old chat',
    });
    const own = await send('phoneApkUpload', { fileName: 'old-chat.apk' }, older, a.token);
    expect(own.result).toMatchObject({ source: 'own', label: 'Old chat', kindId: null });
    app.own = own.result.id;
    expect((await t.call('phoneAppMarket', { own: true }, { token: a.token })).result.list.map((x) => x.id)).toEqual([
      app.own,
    ]);
    const refused = await t.call('phoneAppInstall', { appId: app.own, envIds: [env.first] }, { token: a.token });
    expect(refused.code).toBe(Code.PHONE_DEVICE);
    expect(refused.errors[0]).toMatchObject({ field: 'body.envIds.0', key: 'deviceRefused' });
    expect(refused.errors[0]?.detail).toMatch(/^Failure \[INSTALL_FAILED_VERSION_DOWNGRADE/);

    expect((await t.call('phoneAppMarket', { own: true }, { token: other.token })).result.list).toEqual([]);
    for (const name of ['phonePreinstallBatch', 'phoneApkDelete'] as const) {
      const r = await t.call(name, { appIds: [app.own] }, { token: other.token });
      expect([Code.NOT_FOUND, 0], name).toContain(r.code);
      if (r.code === 0) expect(r.result).toEqual({ count: 0 });
    }
    expect(
      (await t.call('phoneAppInstall', { appId: app.chat, envIds: [env.first] }, { token: other.token })).code,
    ).toBe(Code.NOT_FOUND);
    expect((await t.call('phoneAppMarket', { own: true }, { token: a.token })).result.total).toBe(1);
  });

  it('preinstalled apps are installed at a new environment’s first set-up', async () => {
    const pre = await t.call('phonePreinstallBatch', { appIds: [app.notes, app.own] }, { token: a.token });
    expect(pre.result).toEqual({ count: 2 });
    expect(
      (await t.call('phonePreinstallList', {}, { token: a.token })).result.list.map((x) => [x.label, x.preinstalled]),
    ).toEqual([
      ['Notes', true],
      ['Old chat', true],
    ]);
    env.second = await buy('Second');
    const device = await phoneOf(env.second);
    expect([...device.packages.keys()].sort()).toEqual(['com.example.chat', 'org.example.notes']);
    const notes = (await t.call('phoneAppMarket', { kindId: kind.tools }, { token: a.token })).result.list[0]!;
    expect(notes).toMatchObject({ preinstalled: true, installedOn: [env.second] });
    await t.call('phonePreinstallDelete', { appIds: [app.own] }, { token: a.token });
    expect((await t.call('phonePreinstallList', {}, { token: a.token })).result.total).toBe(1);
  });

  it('an environment that cannot take work is refused with 16040 and its state', async () => {
    await t.call('phoneEnable', { ids: [env.second], enabled: false }, { token: a.token });
    const res = await t.call('phoneAppInstall', { appId: app.chat, envIds: [env.second] }, { token: a.token });
    expect(res.code).toBe(Code.PHONE_STATE);
    expect(res.errors[0]).toMatchObject({ field: 'body.envIds.0', key: 'phoneDisabled' });
    await t.call('phoneEnable', { ids: [env.second], enabled: true }, { token: a.token });
  });

  it('three files go to two environments’ Download folders; a stopped phone fails, and a retry after it is back succeeds', async () => {
    const files = [
      ['a.txt', Buffer.from('alpha')],
      ['photo.png', Buffer.alloc(300_000, 7)],
      ['c d.pdf', Buffer.from('%PDF-1.4 tiny')],
    ] as const;
    for (const [name, bytes] of files) {
      const r = await send('phoneFileUpload', { fileName: name, envIds: `${env.first},${env.second}` }, bytes, a.token);
      expect(r.code, JSON.stringify(r.errors)).toBe(0);
      expect(r.result.map((x) => x.status)).toEqual(['idle', 'idle']);
    }
    await t.services.phones.idle();
    for (const id of [env.first, env.second]) {
      const device = await phoneOf(id);
      for (const [name, bytes] of files)
        expect(Buffer.from(device.files.get(`/sdcard/Download/${name}`)!)).toEqual(bytes);
    }
    const list = (await t.call('phoneFileList', {}, { token: a.token })).result;
    expect(list.total).toBe(6);
    expect(new Set(list.list.map((x) => x.status))).toEqual(new Set(['uploaded']));
    expect(await dir('phone-uploads')).toHaveLength(3);

    const stopped = await phoneOf(env.second);
    const deviceId = (await t.call('adminDeviceList', {}, { token: admin })).result.list.find(
      (d) => d.port === stopped.port,
    )!;
    await stopped.stop();
    const r = await send(
      'phoneFileUpload',
      { fileName: 'late.txt', envIds: String(env.second) },
      Buffer.from('late'),
      a.token,
    );
    await t.services.phones.idle();
    const failed = (await t.call('phoneFileList', { envId: env.second, status: 'failed' }, { token: a.token })).result;
    expect(failed.list.map((x) => [x.id, x.error])).toEqual([[r.result[0]!.id, 'adb.refused']]);

    const back = await startTestPhone({ model: stopped.props.get('ro.product.model')! });
    phones.push(back);
    await t.call(
      'adminDeviceSave',
      { id: deviceId.id, name: deviceId.name, host: back.host, port: back.port, region: 'sg', androidVersion: '13' },
      { token: admin },
    );
    expect((await t.call('phoneFileRetry', { ids: [r.result[0]!.id] }, { token: a.token })).result).toEqual({
      count: 1,
    });
    await t.services.phones.idle();
    expect(Buffer.from(back.files.get('/sdcard/Download/late.txt')!).toString()).toBe('late');
    expect((await t.call('phoneFileList', { envId: env.second }, { token: a.token })).result.list[0]).toMatchObject({
      fileName: 'late.txt',
      status: 'uploaded',
      error: '',
    });
  });

  it('a file past the limit is refused naming it, and nothing is kept', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 1);
    let sent = 0;
    const big = new Readable({
      read() {
        sent++;
        this.push(sent > 201 ? null : chunk);
      },
    });
    const before = await dir('phone-uploads');
    const r = await send('phoneFileUpload', { fileName: 'big.bin', envIds: String(env.first) }, big, a.token);
    expect(r.status).toBe(413);
    expect(r.errors[0]).toMatchObject({ field: 'body', key: 'fileTooLarge', detail: '200 MiB' });
    expect(await dir('incoming')).toEqual([]);
    expect(await dir('phone-uploads')).toEqual(before);
  });

  it('another account sees none of the environment’s files and cannot push to it', async () => {
    expect((await t.call('phoneFileList', {}, { token: other.token })).result.total).toBe(0);
    const r = await send(
      'phoneFileUpload',
      { fileName: 'x.txt', envIds: String(env.first) },
      Buffer.from('x'),
      other.token,
    );
    expect(r.code).toBe(Code.NOT_FOUND);
    expect(await dir('incoming')).toEqual([]);
  });
});
