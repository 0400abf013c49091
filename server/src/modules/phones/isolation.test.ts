import {
  API_PREFIX,
  type CallName,
  Code,
  calls,
  phoneAppCalls,
  phoneCalls,
  phoneExtraCalls,
  phoneGroupCalls,
} from '@facet/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adbPublicKey, newAdbKey, startTestPhone, type TestPhone } from '../../test/adb-device/index.js';
import { buildTestApk } from '../../test/apk-fixture.js';
import { callResponse, createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { phoneEnvs, phoneGroups, phonePower } from './tables.js';

/**
 * Another main account, and a sub-account the environment is not shared with, try every cloud
 * phone call with the first account's ids: each is refused or sees nothing, and the rows stay
 * as they were.
 */
describe.skipIf(dbUnavailable())('tenancy: cloud phones are scoped like profiles', () => {
  let t: TestServer;
  let phone: TestPhone;
  let a: string;
  const ids = { env: 0, power: 0, app: 0, upload: 0, group: 0 };

  beforeAll(async () => {
    t = await createTestServer({ adbTimeoutMs: 2_000 });
    phone = await startTestPhone();
    const admin = await t.adminToken();
    await t.call(
      'adminDeviceSave',
      { name: 'd', host: phone.host, port: phone.port, region: 'sg', androidVersion: '13' },
      { token: admin },
    );
    const pkg = await t.call(
      'adminPackageSave',
      { name: 'SG', region: 'sg', androidVersion: '13', days: 30, price: '0.00' },
      { token: admin },
    );
    a = (await t.register()).token;
    await t.call('phonePay', { packageId: pkg.result.id, name: 'Secret' }, { token: a });
    await t.services.phones.idle();
    const env = (await t.call('phoneList', {}, { token: a })).result.list[0]!;
    ids.env = env.id;
    ids.power = env.powerId;
    // A's environment in A's group.
    ids.group = (await t.call('phoneGroupCreate', { name: 'Secret group' }, { token: a })).result.id;
    await t.call('phoneGroupMove', { ids: [ids.env], groupId: ids.group }, { token: a });
    // A market app installed on A's environment, and a file pushed to it.
    ids.app = (await sendFile('adminAppUpload', { fileName: 'iso.apk' }, admin)).result?.id ?? 0;
    await t.call('phoneAppInstall', { appId: ids.app, envIds: [ids.env] }, { token: a });
    ids.upload =
      (await sendFile('phoneFileUpload', { fileName: 'a.txt', envIds: String(ids.env) }, a)).result?.[0]?.id ?? 0;
    await t.services.phones.idle();
    if (!ids.app || !ids.upload) throw new Error('the app or the file was not set up');
    const [row] = await t.db.select().from(phoneEnvs).where(eq(phoneEnvs.id, env.id));
    await t.services.phones.notices.tell(row!, 'resetDone', '');
  });
  afterAll(async () => {
    await t?.services.phones.idle();
    await t?.close();
    await phone?.stop();
  });

  const snapshot = async () => ({
    env: await t.db.select().from(phoneEnvs).where(eq(phoneEnvs.id, ids.env)),
    power: await t.db.select().from(phonePower).where(eq(phonePower.id, ids.power)),
    group: await t.db.select().from(phoneGroups).where(eq(phoneGroups.id, ids.group)),
  });

  /** A call that takes a file (its raw bytes; an APK for the market, text otherwise). */
  const sendFile = async <N extends 'adminAppUpload' | 'phoneFileUpload'>(
    name: N,
    query: Record<string, string>,
    token: string,
  ) => {
    const bytes =
      name === 'adminAppUpload'
        ? buildTestApk({ packageName: 'com.example.iso', versionName: '1', versionCode: 1, label: 'Iso' })
        : Buffer.from('file');
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${calls[name].path}?${new URLSearchParams(query)}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(bytes),
    });
    return callResponse(name, res.statusCode, res.json());
  };

  /** Every call that names an environment or power, with A's ids. */
  const targeted = (): Partial<Record<CallName, { body?: unknown; url?: string; query?: Record<string, string> }>> => {
    const env = `/v1/cloudphone/cloudPhonesEvn`;
    return {
      phoneGet: { url: `${env}/${ids.env}` },
      phoneUpdate: { body: { id: ids.env, name: 'Hacked' } },
      phoneDelete: { body: { ids: [ids.env] } },
      phoneUpdateName: { body: { id: ids.env, name: 'Hacked' } },
      phoneBatchRemark: { body: { ids: [ids.env], remark: 'x' } },
      phoneBatchData: { body: { ids: [ids.env], data: { a: 1 } } },
      phoneBatchProxy: { body: { ids: [ids.env], proxy: { proxyType: 'noproxy' } } },
      phoneUpdateSort: { body: { items: [{ id: ids.env, sort: 9 }] } },
      phoneSetMostCommon: { body: { ids: [ids.env], mostCommon: true } },
      phoneOpen: { body: { id: ids.env } },
      phoneClose: { body: { id: ids.env } },
      phoneEnable: { body: { ids: [ids.env], enabled: false } },
      phoneRestrict: { body: { id: ids.env, mode: 'owner' } },
      phoneCheckBinding: { url: `${env}/checkBinding/${ids.env}` },
      phoneNewMachine: { url: `${env}/oneClickNewMachine/${ids.env}` },
      phoneShare: { body: { ids: [ids.env], userIds: [], mode: 'replace' } },
      phoneShares: { url: `${env}/share/${ids.env}` },
      phoneSetAdb: { body: { id: ids.env, enabled: false } },
      phoneAdbInfo: { url: `${env}/adbInfo/${ids.env}` },
      phoneConnect: { body: { id: ids.env, publicKey: adbPublicKey(newAdbKey()) } },
      phoneChangePower: { body: { id: ids.env, powerId: ids.power } },
      phoneRenewPreview: { body: { powerIds: [ids.power] } },
      phoneRenew: { body: { powerIds: [ids.power] } },
      phoneAppInstall: { body: { appId: ids.app, envIds: [ids.env] } },
      phoneAppUninstall: { body: { appId: ids.app, envIds: [ids.env] } },
      phoneFileRetry: { body: { ids: [ids.upload] } },
      phoneFileUpload: { query: { fileName: 'x.txt', envIds: String(ids.env) } },
      phoneIpCheck: { url: `${env}/ipCheck/${ids.env}` },
      phoneExport: { body: { ids: [ids.env] } },
      phoneGroupRename: { body: { id: ids.group, name: 'Hacked' } },
      phoneGroupDelete: { body: { ids: [ids.group] } },
      phoneGroupMove: { body: { ids: [ids.env], groupId: null } },
    };
  };
  /** Calls about the caller's own account: they answer, with nothing of A's. */
  const own: CallName[] = [
    'phoneList',
    'phoneCreate',
    'phonePackages',
    'phonePayPreview',
    'phonePay',
    'phoneTrial',
    'phoneTrialFee',
    'phonePowerTab',
    'phonePowerRemind',
    'phoneRegions',
    'phoneBills',
    // Apps and preinstallation belong to the main account, like saved proxies.
    'phoneAppKinds',
    'phoneAppMarket',
    'phoneApkUpload',
    'phoneApkDelete',
    'phonePreinstallList',
    'phonePreinstallBatch',
    'phonePreinstallDelete',
    'phoneFileList',
    'phoneGlobalConfig',
    'phoneGlobalConfigSave',
    'phoneDaily',
    'phoneNotices',
    'phoneNoticesRead',
    'adminPhoneIpCheckServer',
    'adminPhoneIpCheckServerSave',
    // Groups: the caller's own list (A's group is not in it, checked below) and a new one of its own.
    'phoneGroupList',
    'phoneGroupCreate',
  ];

  it('names every cloud phone call as targeted or as the caller’s own', () => {
    const named = new Set<string>([...Object.keys(targeted()), ...own]);
    expect(Object.keys({ ...phoneCalls, ...phoneExtraCalls, ...phoneGroupCalls }).filter((n) => !named.has(n))).toEqual(
      [],
    );
  });

  it('names every app and file call as targeted or as the caller’s own', () => {
    const named = new Set<string>([...Object.keys(targeted()), ...own]);
    expect(Object.keys(phoneAppCalls).filter((n) => !named.has(n))).toEqual([]);
  });

  const tryAll = async (token: string) => {
    const before = await snapshot();
    for (const [name, req] of Object.entries(targeted()) as Array<
      [CallName, { body?: unknown; url?: string; query?: Record<string, string> }]
    >) {
      const res = req.query
        ? await sendFile(name as 'phoneFileUpload', req.query, token)
        : await t.call(name, req.body as never, {
            token,
            ...(req.url ? { url: `${API_PREFIX}${req.url}` } : {}),
          });
      expect([Code.NOT_FOUND, Code.FORBIDDEN], `${name}: ${res.message}`).toContain(res.code);
    }
    const list = await t.call('phoneList', {}, { token });
    expect(list.result?.list.map((e) => e.id) ?? []).not.toContain(ids.env);
    const groups = await t.call('phoneGroupList', {}, { token });
    expect(groups.result?.map((g) => g.id) ?? []).not.toContain(ids.group);
    const own = await t.call('phoneGroupCreate', { name: 'Mine' }, { token });
    if (own.result) {
      // Its own group takes none of A's environments, and A's list filtered by it is empty.
      const into = await t.call('phoneGroupMove', { ids: [ids.env], groupId: own.result.id }, { token });
      expect([Code.NOT_FOUND, Code.FORBIDDEN]).toContain(into.code);
      const byIt = await t.call('phoneList', { groupId: own.result.id }, { token: a });
      expect(byIt.result.total).toBe(0);
    }
    expect((await t.call('phoneFileList', {}, { token })).result?.total ?? 0).toBe(0);
    const market = (await t.call('phoneAppMarket', {}, { token })).result?.list ?? [];
    expect(market.flatMap((x) => x.installedOn)).toEqual([]);
    const tab = await t.call('phonePowerTab', {}, { token });
    expect(tab.result?.list.map((p) => p.id) ?? []).not.toContain(ids.power);
    const daily = await t.call('phoneDaily', { envId: ids.env }, { token });
    expect(daily.result?.list ?? []).toEqual([]);
    const notices = await t.call('phoneNotices', {}, { token });
    expect(notices.result?.list.map((n) => n.envId) ?? []).not.toContain(ids.env);
    await t.call('phoneNoticesRead', {}, { token });
    expect((await t.call('phoneNotices', {}, { token: a })).result.unread).toBe(1);
    const create = await t.call('phoneCreate', { powerId: ids.power, name: 'Stolen' }, { token });
    expect(create.errors[0]?.key ?? String(create.code)).toMatch(/noFreePower|403/);
    expect(await snapshot()).toEqual(before);
    expect(calls.phoneGet.method).toBe('GET');
  };

  it('another main account reaches none of them', async () => {
    await tryAll((await t.register()).token);
  });

  it('a sub-account reaches none of them until they are shared with it', async () => {
    const username = `iso${Date.now() % 1e6}`;
    await t.call('sysUsersCreate', { username, password: 'Sub#pass123', roleId: 'member' }, { token: a });
    const sub = await t.login(username, 'Sub#pass123');
    await tryAll(sub.token);
  });
});
