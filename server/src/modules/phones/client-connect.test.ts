// phoneConnect (docs/phones.md, In the client): the desktop client's own ADB key is let in for 60 s
// on a relay port of an opened environment; what it let in stays up until the environment stops
// being used.
import { Code } from '@facet/shared';
import { AdbError, adbPublicKey, connectPhone, newAdbKey, type PhoneLink } from '@facet/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPhone, type TestPhone } from '../../test/adb-device/index.js';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

const DAY = 86_400_000;

/** A device, a package, a user who bought one environment on it; answers the user's token and the environment. */
async function boughtEnv(t: TestServer, phone: TestPhone, region: string) {
  const admin = await t.adminToken();
  const dev = await t.call(
    'adminDeviceSave',
    { name: region, host: phone.host, port: phone.port, region, androidVersion: '13' },
    { token: admin },
  );
  expect(dev.result).toMatchObject({ status: 'online' });
  const pkg = await t.call(
    'adminPackageSave',
    { name: region, region, androidVersion: '13', days: 30, price: '0.00' },
    { token: admin },
  );
  const u = await t.register();
  expect((await t.call('phonePay', { packageId: pkg.result.id }, { token: u.token })).code).toBe(0);
  await t.services.phones.idle();
  const env = (await t.call('phoneList', {}, { token: u.token })).result.list[0]!;
  expect(env.state).toBe('off');
  return { token: u.token, id: env.id };
}

/** Rejects with the AdbError's reason, or 'linked' when the link was made (and closes it). */
async function refusal(at: { host: string; port: number }, key: Uint8Array): Promise<string> {
  try {
    await (await connectPhone(at, key, { timeoutMs: 3_000 })).close();
    return 'linked';
  } catch (e) {
    return e instanceof AdbError ? e.reason : String(e);
  }
}

/** Settles true when the link is gone within a few seconds. */
const goneSoon = (link: PhoneLink) =>
  Promise.race([link.gone.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5_000))]);

describe.skipIf(dbUnavailable())('the desktop client links to an opened environment through the relay', () => {
  let t: TestServer;
  let off: TestServer;
  let phone: TestPhone;
  let clock = Date.now();
  let user: { token: string; id: number };
  const links: PhoneLink[] = [];

  beforeAll(async () => {
    t = await createTestServer({ now: () => new Date(clock), adbTimeoutMs: 3_000 });
    off = await createTestServer({ adbRelay: { host: '127.0.0.1', publicHost: '127.0.0.1', ports: null } });
    phone = await startTestPhone({ model: 'Client Pixel' });
    user = await boughtEnv(t, phone, 'client');
  });
  afterAll(async () => {
    await Promise.all(links.map((l) => l.close().catch(() => undefined)));
    await t?.services.phones.idle();
    await Promise.all([t?.close(), off?.close()]);
    await phone?.stop();
  });

  const connect = (publicKey: string, id = user.id, server = t, token = user.token) =>
    server.call('phoneConnect', { id, publicKey }, { token });
  const open = async () => expect((await t.call('phoneOpen', { id: user.id }, { token: user.token })).code).toBe(0);
  const link = async (at: { host: string; port: number }, key: Uint8Array) => {
    const l = await connectPhone(at, key, { timeoutMs: 3_000 });
    links.push(l);
    return l;
  };

  it('refuses an environment that is off (16040), a key that is none (body.publicKey) and a server without a relay (body.id)', async () => {
    const key = adbPublicKey(newAdbKey());
    const closed = await connect(key);
    expect(closed.code).toBe(Code.PHONE_STATE);
    expect(closed.errors[0]).toMatchObject({ field: 'body.id', key: 'phoneNotOpen' });

    await open();
    const bad = await connect('not a key');
    expect(bad.code).toBe(Code.BAD_REQUEST);
    expect(bad.errors[0]).toMatchObject({ field: 'body.publicKey', key: 'adbKeyInvalid' });

    const other = await boughtEnv(off, phone, 'nrelay');
    expect((await off.call('phoneOpen', { id: other.id }, { token: other.token })).code).toBe(0);
    const noRelay = await connect(key, other.id, off, other.token);
    expect(noRelay.code).toBe(Code.BAD_REQUEST);
    expect(noRelay.errors[0]).toMatchObject({ field: 'body.id', key: 'adbRelayOff' });
    await off.call('phoneClose', { id: other.id }, { token: other.token });
  });

  it('lets the granted keys in for 60 s; what is in stays; another key never gets in; closing ends it', async () => {
    const key = newAdbKey();
    const grant = await connect(adbPublicKey(key));
    expect(grant.code).toBe(0);
    expect(grant.result).toEqual({
      host: '127.0.0.1',
      port: expect.any(Number),
      expiresAt: new Date(clock + 60_000).toISOString(),
    });
    const at = { host: grant.result.host, port: grant.result.port };
    // The device's own address is not what the client is given.
    expect(at.port).not.toBe(phone.port);

    const first = await link(at, key);
    expect(await first.shell('echo hi')).toBe('hi\n');
    expect(phone.asked.at(-1)).toBe('echo hi');

    // A key without a grant: refused, and nothing it could ask reaches the device.
    const asked = phone.asked.length;
    expect(await refusal(at, newAdbKey())).toBe('unauthorized');
    expect(phone.asked.length).toBe(asked);

    // Several clients at once: a second key gets a grant on the same port.
    const second = newAdbKey();
    const grant2 = await connect(adbPublicKey(second));
    expect(grant2.result.port).toBe(at.port);
    expect(await (await link(at, second)).shell('echo two')).toBe('two\n');

    // 61 s on: the grants no longer let new connections in; the open ones still work.
    clock += 61_000;
    expect(await refusal(at, key)).toBe('unauthorized');
    expect(await first.shell('echo still')).toBe('still\n');

    // Closing the environment ends every connection on its port, and the port.
    expect((await t.call('phoneClose', { id: user.id }, { token: user.token })).result).toBe(true);
    expect(await goneSoon(first)).toBe(true);
    expect(await refusal(at, key)).toBe('refused');
  });

  it('disabling the environment, and its power ending (the jobs), end the connections too', async () => {
    await open();
    const key = newAdbKey();
    const grant = (await connect(adbPublicKey(key))).result;
    const l = await link(grant, key);
    expect(await t.call('phoneEnable', { ids: [user.id], enabled: false }, { token: user.token })).toMatchObject({
      code: 0,
    });
    expect(await goneSoon(l)).toBe(true);
    await t.call('phoneEnable', { ids: [user.id], enabled: true }, { token: user.token });

    await open();
    const again = (await connect(adbPublicKey(key))).result;
    const l2 = await link(again, key);
    expect(await l2.shell('echo on')).toBe('on\n');
    clock += 31 * DAY;
    await t.services.phones.runJobs();
    expect(await goneSoon(l2)).toBe(true);
    const expired = await connect(adbPublicKey(key));
    expect(expired.errors[0]).toMatchObject({ field: 'body.id', key: 'phoneExpired' });
  });
});
