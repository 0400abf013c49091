// A user's own adb (Debian's) reaches an environment's device through the relay, with the key the
// user registered; another key gets nowhere. Isolated HOMEs and adb server ports, as in
// test/adb-device/debian-adb.test.ts.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPhone, type TestPhone } from '../../test/adb-device/index.js';
import { createTestServer, type TestServer } from '../../test/harness.js';

const ADB = '/usr/bin/adb';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One adb client with its own key and its own adb server. */
async function adbClient() {
  const home = await mkdtemp(join(tmpdir(), 'facet-relay-adb-'));
  const env = { PATH: process.env.PATH, HOME: home, ANDROID_ADB_SERVER_PORT: String(await freePort()) };
  const run = (...args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile(ADB, args, { env, cwd: home, timeout: 20_000 }, (error, stdout, stderr) =>
        error
          ? reject(new Error(`adb ${args.join(' ')}: ${error.message}\n${stdout}${stderr}`))
          : resolve(stdout + stderr),
      ),
    );
  await run('start-server');
  const publicKey = (await readFile(join(home, '.android', 'adbkey.pub'), 'utf8')).trim();
  return {
    home,
    run,
    publicKey,
    stop: async () => {
      await run('kill-server').catch(() => undefined);
      await rm(home, { recursive: true, force: true });
    },
  };
}

describe.skipIf(process.env.FACET_TEST_DB === 'postgres' || !existsSync(ADB))(
  'ADB access for users through the relay',
  () => {
    let t: TestServer;
    let phone: TestPhone;
    let token: string;
    let envId: number;
    let user: Awaited<ReturnType<typeof adbClient>>;
    let stranger: Awaited<ReturnType<typeof adbClient>>;

    beforeAll(async () => {
      t = await createTestServer({ adbTimeoutMs: 3_000 });
      phone = await startTestPhone({ model: 'Relay Pixel' });
      const admin = await t.adminToken();
      await t.call(
        'adminDeviceSave',
        { name: 'r', host: phone.host, port: phone.port, region: 'relay', androidVersion: '13' },
        { token: admin },
      );
      const pkg = await t.call(
        'adminPackageSave',
        { name: 'R', region: 'relay', androidVersion: '13', days: 30, price: '0.00' },
        { token: admin },
      );
      const u = await t.register();
      await t.call('phonePay', { packageId: pkg.result.id }, { token: u.token });
      await t.services.phones.idle();
      envId = (await t.call('phoneList', {}, { token: u.token })).result.list[0]!.id;
      token = u.token;
      [user, stranger] = await Promise.all([adbClient(), adbClient()]);
    });
    afterAll(async () => {
      await Promise.all([user?.stop(), stranger?.stop()]);
      await t?.services.phones.idle();
      await t?.close();
      await phone?.stop();
    });

    const setAdb = (body: { enabled: boolean; publicKey?: string }) =>
      t.call('phoneSetAdb', { id: envId, ...body }, { token });

    it('lets in the registered key only, and forwards shell and push to the device', async () => {
      expect((await setAdb({ enabled: true, publicKey: 'not a key' })).errors[0]).toMatchObject({
        field: 'body.publicKey',
        key: 'adbKeyInvalid',
      });
      expect((await setAdb({ enabled: true })).errors[0]?.key).toBe('adbKeyRequired');
      const info = (await setAdb({ enabled: true, publicKey: user.publicKey })).result;
      const url = `/api/v1/cloudphone/cloudPhonesEvn/adbInfo/${envId}`;
      expect((await t.call('phoneAdbInfo', undefined, { token, url })).result).toEqual(info);
      expect(info).toMatchObject({ enabled: true, host: '127.0.0.1', keys: [user.publicKey.split(' ')[1]] });
      const serial = `127.0.0.1:${info.port}`;
      // The device's own address is nowhere in what the user is given.
      expect(JSON.stringify(info)).not.toContain(String(phone.port));

      expect(await user.run('connect', serial)).toContain(`connected to ${serial}`);
      expect(await user.run('-s', serial, 'shell', 'getprop', 'ro.product.model')).toBe('Relay Pixel\n');
      expect(phone.asked).toContain('getprop ro.product.model');
      const local = join(user.home, 'hello.txt');
      await writeFile(local, 'through the relay\n');
      expect(await user.run('-s', serial, 'push', local, '/sdcard/Download/hello.txt')).toContain('1 file pushed');
      expect(Buffer.from(phone.files.get('/sdcard/Download/hello.txt') ?? []).toString()).toBe('through the relay\n');

      // Another key: adb is refused, and nothing it asks reaches the device.
      const asked = phone.asked.length;
      await stranger.run('connect', serial).catch(() => '');
      await expect(stranger.run('-s', serial, 'shell', 'echo', 'hi')).rejects.toThrow();
      expect(phone.asked.length).toBe(asked);

      // Off: the port is closed.
      await setAdb({ enabled: false });
      await user.run('disconnect', serial).catch(() => '');
      expect(await user.run('connect', serial).catch((e) => String(e))).toMatch(/refused|failed|cannot/i);
    });
  },
);
