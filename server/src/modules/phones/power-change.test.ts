import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPhone, type TestPhone } from '../../test/adb-device/index.js';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

describe.skipIf(dbUnavailable())('changing an environment’s computing power', () => {
  let t: TestServer;
  let phones: TestPhone[];

  beforeAll(async () => {
    t = await createTestServer({ adbTimeoutMs: 2_000 });
    phones = await Promise.all([startTestPhone(), startTestPhone()]);
  });
  afterAll(async () => {
    await t?.services.phones.idle();
    await t?.close();
    await Promise.all((phones ?? []).map((p) => p.stop()));
  });

  it('moves an environment onto a free power of its region: device and data stay, the old power is free', async () => {
    const admin = await t.adminToken();
    for (const p of phones)
      await t.call(
        'adminDeviceSave',
        { name: `c${p.port}`, host: p.host, port: p.port, region: 'chg', androidVersion: '13' },
        { token: admin },
      );
    const pkg = await t.call(
      'adminPackageSave',
      { name: 'C', region: 'chg', androidVersion: '13', days: 30, price: '0.00' },
      { token: admin },
    );
    const u = await t.register();
    await t.call('phonePay', { packageId: pkg.result.id, quantity: 2, name: 'Shop' }, { token: u.token });
    await t.services.phones.idle();
    const [a, b] = (await t.call('phoneList', { sortBy: 'name' }, { token: u.token })).result.list;
    // B is deleted: its power is free for A.
    await t.call('phoneDelete', { ids: [b!.id] }, { token: u.token });
    await t.services.phones.idle();

    const busy = await t.call('phoneChangePower', { id: a!.id, powerId: a!.powerId }, { token: u.token });
    expect(busy.errors[0]).toMatchObject({ field: 'body.powerId', key: 'noFreePower' });
    const moved = await t.call('phoneChangePower', { id: a!.id, powerId: b!.powerId }, { token: u.token });
    expect(moved.result).toMatchObject({ id: a!.id, powerId: b!.powerId, state: 'off', model: a!.model });
    const tab = (await t.call('phonePowerTab', {}, { token: u.token })).result.list;
    expect(tab.find((p) => p.id === a!.powerId)?.envId).toBeNull();
    expect(tab.find((p) => p.id === b!.powerId)?.envId).toBe(a!.id);

    // Another account's power is not found.
    const other = await t.register();
    await t.call('phonePay', { packageId: pkg.result.id, quantity: 1 }, { token: other.token });
    await t.services.phones.idle();
    const foreign = (await t.call('phonePowerTab', {}, { token: other.token })).result.list[0]!;
    const refused = await t.call('phoneChangePower', { id: a!.id, powerId: foreign.id }, { token: u.token });
    expect(refused.errors[0]?.key).toBe('noFreePower');
  });
});
