import { Code } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPhone, type TestPhone } from '../../test/adb-device/index.js';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

const DAY = 86_400_000;

describe.skipIf(dbUnavailable())('cloud phones on test devices over ADB', () => {
  let t: TestServer;
  let clock = Date.now();
  let admin: string;
  let phones: TestPhone[];
  let packageId: number;
  /** The user of the purchase test, and their environment "Shop". */
  let owner: { token: string };
  let shopId = 0;

  beforeAll(async () => {
    t = await createTestServer({ now: () => new Date(clock), adbTimeoutMs: 2_000 });
    admin = await t.adminToken();
    phones = await Promise.all([
      startTestPhone({ brand: 'google', model: 'Pixel 7' }),
      startTestPhone({ brand: 'samsung', model: 'SM-S918B' }),
    ]);
  });
  afterAll(async () => {
    await t?.services.phones.idle();
    await t?.close();
    await Promise.all((phones ?? []).map((p) => p.stop()));
  });

  const me = async (token: string) => (await t.call('currentUser', undefined, { token })).result;
  const credit = async (token: string, amount: string) => {
    const res = await t.call('adminAdjust', { userId: (await me(token)).id, amount, reason: 'test' }, { token: admin });
    expect(res.code).toBe(0);
  };
  const settled = () => t.services.phones.idle();
  const phoneOf = (env: { model: string }) => phones.find((p) => p.props.get('ro.product.model') === env.model)!;

  it('the operator registers devices (probed over ADB), a package and a free trial', async () => {
    for (const [i, p] of phones.entries()) {
      const res = await t.call(
        'adminDeviceSave',
        { name: `dev${i}`, host: p.host, port: p.port, region: 'us-east', androidVersion: '13' },
        { token: admin },
      );
      expect(res.code).toBe(0);
      expect(res.result).toMatchObject({ status: 'online', model: p.props.get('ro.product.model'), used: 0 });
    }
    const dup = await t.call(
      'adminDeviceSave',
      { name: 'again', host: phones[0]!.host, port: phones[0]!.port, region: 'us-east', androidVersion: '13' },
      { token: admin },
    );
    expect(dup.errors[0]).toMatchObject({ field: 'body.host', key: 'deviceExists' });
    const pkg = await t.call(
      'adminPackageSave',
      { name: 'US month', region: 'us-east', androidVersion: '13', days: 30, price: '5.00' },
      { token: admin },
    );
    expect(pkg.result).toMatchObject({ price: '5.00', available: 2 });
    packageId = pkg.result.id;
    const trial = await t.call(
      'phoneSetTrialFee',
      { enabled: true, fee: '0.00', days: 1, packageId },
      { token: admin },
    );
    expect(trial.result).toMatchObject({ enabled: true, days: 1 });
    const u = await t.register();
    expect(
      (await t.call('phoneSetTrialFee', { enabled: false, fee: '0', days: 1, packageId: null }, { token: u.token }))
        .code,
    ).toBe(Code.FORBIDDEN);
  });

  it('a user takes the trial once, buys a package from the wallet (16011 when short), and each phone is set up on a device', async () => {
    const u = await t.register();
    const trial = await t.call('phoneTrial', undefined, { token: u.token });
    expect(trial.code).toBe(0);
    expect(trial.result).toMatchObject({ state: 'creating', trial: true, bound: true, region: 'us-east' });
    await settled();
    const ready = (
      await t.call('phoneGet', undefined, {
        token: u.token,
        url: `/api/v1/cloudphone/cloudPhonesEvn/${trial.result.id}`,
      })
    ).result;
    expect(ready.state).toBe('off');
    const device = phoneOf(ready);
    expect(device.asked).toContain('pm list packages -3');
    expect(device.settings.secure.get('android_id')).toMatch(/^[0-9a-f]{16}$/);
    expect((await t.call('phoneTrial', undefined, { token: u.token })).errors[0]?.key).toBe('trialUsed');

    const short = await t.call('phonePay', { packageId, quantity: 1 }, { token: u.token });
    expect(short.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect((await t.call('phoneList', {}, { token: u.token })).result.total).toBe(1);
    await credit(u.token, '10.00');
    const preview = await t.call('phonePayPreview', { packageId, quantity: 1 }, { token: u.token });
    expect(preview.result).toMatchObject({ total: '5.00', balance: '10.00' });
    const paid = await t.call('phonePay', { packageId, quantity: 1, name: 'Shop' }, { token: u.token });
    expect(paid.result.order).toMatchObject({ kind: 'phone', status: 'paid', totalBase: '5.00' });
    await settled();
    const list = (await t.call('phoneList', { sortBy: 'name' }, { token: u.token })).result;
    owner = u;
    shopId = list.list[0]!.id;
    expect(list.list.map((e) => [e.name, e.state])).toEqual([
      ['Shop', 'off'],
      ['Trial', 'off'],
    ]);
    expect((await t.call('billingSummary', undefined, { token: u.token })).result.balance).toBe('5.00');
    expect((await t.call('phoneBills', {}, { token: u.token })).result.list.map((o) => o.kind)).toEqual([
      'phone',
      'phone',
    ]);

    // Both devices are taken: nothing more is sold, and nothing is charged.
    const none = await t.call('phonePay', { packageId, quantity: 1 }, { token: u.token });
    expect(none.errors[0]).toMatchObject({ field: 'body.quantity', key: 'noDeviceInRegion' });
    expect((await t.call('billingSummary', undefined, { token: u.token })).result.balance).toBe('5.00');
    const power = (await t.call('phonePowerRemind', undefined, { token: u.token })).result;
    expect(power).toMatchObject({ bought: 2, inUse: 2, free: 0 });
    // The trial expires within a day: it is among the reminders.
    expect(power.expiring.map((e) => e.name)).toEqual(['Trial']);
  });

  const get = async (token: string, id: number) =>
    t.call('phoneGet', undefined, { token, url: `/api/v1/cloudphone/cloudPhonesEvn/${id}` });

  it("applies an environment's proxy, locale and time zone to its device; bad input names the field", async () => {
    const res = await t.call(
      'phoneUpdate',
      {
        id: shopId,
        proxy: { proxyType: 'http', host: '10.0.0.7', port: 3128 },
        locale: 'de-DE',
        timeZone: 'Europe/Berlin',
      },
      { token: owner.token },
    );
    expect(res.result).toMatchObject({
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      proxy: { host: '10.0.0.7', port: 3128 },
    });
    const device = phoneOf(res.result);
    expect(device.settings.global.get('http_proxy')).toBe('10.0.0.7:3128');
    expect(device.props.get('persist.sys.locale')).toBe('de-DE');
    expect(device.props.get('persist.sys.timezone')).toBe('Europe/Berlin');
    await t.call('phoneBatchProxy', { ids: [shopId], proxy: { proxyType: 'noproxy' } }, { token: owner.token });
    expect(device.settings.global.get('http_proxy')).toBe(':0');
    // This device does not let the shell mock locations: said for the field, the rest applied.
    const gps = await t.call(
      'phoneUpdate',
      { id: shopId, gps: { latitude: 52.52, longitude: 13.405 }, locale: 'fr-FR' },
      { token: owner.token },
    );
    expect(gps.errors[0]).toMatchObject({ field: 'body.gps', key: 'gpsNotAllowed' });
    expect(device.props.get('persist.sys.locale')).toBe('fr-FR');
    expect(device.testProviders.size).toBe(0);
    await t.call('phoneUpdate', { id: shopId, gps: null, locale: 'de-DE' }, { token: owner.token });

    const bad = await t.call(
      'phoneUpdate',
      { id: shopId, proxy: { proxyType: 'http', host: 'x y', port: 99999 }, timeZone: 'Mars/Base' },
      { token: owner.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.errors.map((e) => e.field).sort()).toEqual(['body.proxy.host', 'body.proxy.port', 'body.timeZone']);
    const stranger = await t.register();
    expect((await t.call('phoneUpdate', { id: shopId, name: 'mine' }, { token: stranger.token })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await get(stranger.token, shopId)).code).toBe(Code.NOT_FOUND);
  });

  it('opens and closes; a new machine wipes the apps and gives a new identity', async () => {
    const opened = await t.call('phoneOpen', { id: shopId }, { token: owner.token });
    expect(opened.result).toMatchObject({ state: 'on' });
    expect(
      (
        await t.call('phoneNewMachine', undefined, {
          token: owner.token,
          url: `/api/v1/cloudphone/cloudPhonesEvn/oneClickNewMachine/${shopId}`,
        })
      ).errors[0]?.key,
    ).toBe('phoneInUse');
    expect((await t.call('phoneClose', { id: shopId }, { token: owner.token })).result).toBe(true);
    const device = phoneOf(opened.result);
    device.packages.set('com.shop.app', { versionName: '1', versionCode: 1, path: '/data/app/shop.apk' });
    device.files.set('/sdcard/Download/order.pdf', new Uint8Array([1, 2, 3]));
    const idBefore = device.settings.secure.get('android_id');
    const nameBefore = device.settings.global.get('device_name');
    const fresh = await t.call('phoneNewMachine', undefined, {
      token: owner.token,
      url: `/api/v1/cloudphone/cloudPhonesEvn/oneClickNewMachine/${shopId}`,
    });
    expect(fresh.result).toMatchObject({ state: 'off', locale: 'de-DE' });
    expect(device.packages.size).toBe(0);
    expect(device.files.has('/sdcard/Download/order.pdf')).toBe(false);
    expect(device.settings.secure.get('android_id')).not.toBe(idBefore);
    expect(device.settings.global.get('device_name')).toMatch(/^Android-[0-9A-F]{6}$/);
    expect(device.settings.global.get('device_name')).not.toBe(nameBefore);
    expect(device.settings.secure.get('bluetooth_name')).toBe(device.settings.global.get('device_name'));
    expect(device.props.get('persist.sys.locale')).toBe('de-DE');
  });

  it('past its end it cannot open; renewed it can; past the retention days its device is wiped and released, and renewing binds a new one', async () => {
    const before = (await get(owner.token, shopId)).result;
    clock += 31 * DAY;
    const expired = await t.call('phoneOpen', { id: shopId }, { token: owner.token });
    expect(expired.code).toBe(Code.PHONE_STATE);
    expect(expired.errors[0]?.key).toBe('phoneExpired');
    expect((await get(owner.token, shopId)).result.state).toBe('expired');
    const renew = await t.call('phoneRenew', { powerIds: [before.powerId] }, { token: owner.token });
    expect(renew.result.order).toMatchObject({ kind: 'phoneRenew', status: 'paid', totalBase: '5.00' });
    expect((await t.call('phoneOpen', { id: shopId }, { token: owner.token })).result.state).toBe('on');
    await t.call('phoneClose', { id: shopId }, { token: owner.token });

    clock += 40 * DAY;
    const device = phoneOf(before);
    device.packages.set('com.left.behind', { versionName: '1', versionCode: 1, path: '/data/app/x.apk' });
    await t.services.phones.runJobs();
    const released = (await get(owner.token, shopId)).result;
    expect(released).toMatchObject({ state: 'expired', bound: false, stateReason: 'released' });
    expect(device.packages.size).toBe(0);
    await credit(owner.token, '5.00');
    await t.call('phoneRenew', { powerIds: [before.powerId] }, { token: owner.token });
    await settled();
    expect((await get(owner.token, shopId)).result).toMatchObject({ state: 'off', bound: true });
  });

  it('a sub-account sees only what is shared with it, and opens only what the restriction allows', async () => {
    const username = `ph${Date.now() % 1e6}`;
    const sub = await t.call(
      'sysUsersCreate',
      { username, password: 'Sub#pass123', roleId: 'member' },
      { token: owner.token },
    );
    expect(sub.code).toBe(0);
    const login = await t.login(username, 'Sub#pass123');
    expect((await get(login.token, shopId)).code).toBe(Code.NOT_FOUND);
    await t.call('phoneShare', { ids: [shopId], userIds: [sub.result.id], mode: 'add' }, { token: owner.token });
    expect((await get(login.token, shopId)).result.name).toBe('Shop');
    await t.call('phoneRestrict', { id: shopId, mode: 'owner' }, { token: owner.token });
    const refused = await t.call('phoneOpen', { id: shopId }, { token: login.token });
    expect(refused.errors[0]?.key).toBe('phoneRestricted');
    await t.call('phoneRestrict', { id: shopId, mode: 'users', userIds: [sub.result.id] }, { token: owner.token });
    expect((await t.call('phoneOpen', { id: shopId }, { token: login.token })).result).toMatchObject({ state: 'on' });
    expect((await t.call('phoneOpen', { id: shopId }, { token: owner.token })).errors[0]?.key).toBe('phoneInUse');
    await t.call('phoneClose', { id: shopId }, { token: login.token });
  });

  it('a device that stops answering: opening says why, and the operator sees it', async () => {
    const env = (await get(owner.token, shopId)).result;
    const device = phoneOf(env);
    await device.stop();
    const res = await t.call('phoneOpen', { id: shopId }, { token: owner.token });
    expect(res.code).toBe(Code.PHONE_DEVICE);
    expect(res.errors[0]?.key).toBe('adb.refused');
    const binding = await t.call('phoneCheckBinding', undefined, {
      token: owner.token,
      url: `/api/v1/cloudphone/cloudPhonesEvn/checkBinding/${shopId}`,
    });
    expect(binding.result).toMatchObject({ bound: true, online: false });
    const devices = (await t.call('adminDeviceList', {}, { token: admin })).result.list;
    expect(devices.find((d) => d.port === device.port)?.status).toBe('refused');
  });
});
