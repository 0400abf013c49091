import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { AdbError, adbPublicKey, connectPhone, newAdbKey, withPhone } from '@facet/shared/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestPhone, type TestPhone } from '../../test/adb-device/index.js';
import { pngSize } from '../../test/adb-device/png.js';
import { buildTestApk } from '../../test/apk-fixture.js';

/** A listening port with nothing behind it: connections are accepted and never answered. */
async function silentPort(): Promise<{ port: number; server: Server; sockets: Set<Socket> }> {
  /** The connections still open. */
  const sockets = new Set<Socket>();
  const server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
    s.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server, sockets };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const { port, server } = await silentPort();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A TCP relay to a phone that can stop passing anything on, as a device that hangs does. */
async function relay(to: { host: string; port: number }) {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const device = connect(to.port, to.host);
    for (const s of [client, device]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (d) => frozen || device.write(d));
    device.on('data', (d) => frozen || client.write(d));
    client.on('close', () => device.destroy());
    device.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: { host: '127.0.0.1', port: (server.address() as { port: number }).port },
    freeze: () => {
      frozen = true;
    },
    open: () => sockets.size,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (e) {
    if (e instanceof AdbError) return e.reason;
    throw e;
  }
  throw new Error('expected an AdbError');
}

describe.skipIf(process.env.FACET_TEST_DB === 'postgres')('the server’s ADB link to a phone', () => {
  const key = newAdbKey();
  let phone: TestPhone;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    phone = await startTestPhone({ model: 'Pixel 8', screen: { width: 360, height: 640 } });
  });
  afterAll(() => phone.stop());
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  it('hands over its public key the first time, and signs the token alone from then on', async () => {
    const fresh = await startTestPhone();
    stops.push(() => fresh.stop());
    await withPhone(fresh.endpoint, key, async (link) => {
      expect(link.serial).toBe(`127.0.0.1:${fresh.port}`);
      expect(link.banner.model).toBe('Pixel 7');
      expect(link.banner.features).toEqual(['fixed_push_mkdir']);
    });
    expect(fresh.authorizedKeys).toEqual([adbPublicKey(key)]);
    expect(adbPublicKey(key)).toMatch(/^[A-Za-z0-9+/]+=* facet$/);
    await withPhone(fresh.endpoint, key, async (link) => expect(await link.shell('echo again')).toBe('again\n'));
    // The second connection was let in by the signature: no second key was offered.
    expect(fresh.authorizedKeys).toHaveLength(1);
    expect(fresh.connections).toBe(2);
    // Another server's key is a new key to the device.
    await withPhone(fresh.endpoint, newAdbKey(), async () => undefined);
    expect(fresh.authorizedKeys).toHaveLength(2);
  });

  it('names the failures: a refused key, a closed port, a port that never answers', async () => {
    const strict = await startTestPhone({ acceptNewKeys: false });
    stops.push(() => strict.stop());
    expect(await failureOf(connectPhone(strict.endpoint, key))).toBe('unauthorized');
    expect(strict.connections).toBe(0);

    expect(await failureOf(connectPhone({ host: '127.0.0.1', port: await closedPort() }, key))).toBe('refused');

    const silent = await silentPort();
    stops.push(async () => {
      for (const s of silent.sockets) s.destroy();
      await new Promise<void>((resolve) => silent.server.close(() => resolve()));
    });
    const started = Date.now();
    expect(await failureOf(connectPhone({ host: '127.0.0.1', port: silent.port }, key, { timeoutMs: 300 }))).toBe(
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(2000);
    // The link hung up: the silent port has no connection left open.
    await expect.poll(() => silent.sockets.size).toBe(0);
  });

  it('a phone that goes away during a command fails it as closed', async () => {
    const doomed = await startTestPhone();
    const link = await connectPhone(doomed.endpoint, key);
    await doomed.stop();
    expect(await failureOf(link.shell('getprop ro.product.model'))).toBe('closed');
    await link.close();
  });

  it('a connection cut while commands are being written fails them as closed, and leaves no error unhandled', async () => {
    const doomed = await startTestPhone();
    const link = await connectPhone(doomed.endpoint, key);
    const unhandled: unknown[] = [];
    const record = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', record);
    try {
      const writes = [
        link.push('/sdcard/Download/big.bin', randomBytes(4 * 1024 * 1024)),
        ...Array.from({ length: 20 }, (_, i) => link.shell(`echo ${i}`)),
      ];
      doomed.dropConnections();
      const reasons = await Promise.all(writes.map((w) => failureOf(w).catch(() => 'ok')));
      expect(reasons.every((r) => r === 'closed' || r === 'ok')).toBe(true);
      await link.gone;
      // Writes the socket refused after it closed: still nobody's unhandled error.
      await new Promise((r) => setTimeout(r, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
      await link.close();
      await doomed.stop();
    }
  });

  it('a phone that stops answering fails the command as timeout, and the link still closes', async () => {
    const hanging = await relay(phone.endpoint);
    stops.push(hanging.stop);
    const link = await connectPhone(hanging.endpoint, key);
    expect(await link.shell('echo alive')).toBe('alive\n');
    hanging.freeze();
    const started = Date.now();
    expect(await failureOf(link.shell('getprop ro.product.model', { timeoutMs: 300 }))).toBe('timeout');
    await link.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await expect.poll(hanging.open).toBe(0);
  });

  it('runs shell commands: properties and settings round trip', async () => {
    await withPhone(phone.endpoint, key, async (link) => {
      expect(await link.shell('getprop ro.product.model')).toBe('Pixel 8\n');
      await link.shell(`setprop persist.sys.locale 'de-DE' && settings put secure android_id "abc 123"`);
      expect(phone.props.get('persist.sys.locale')).toBe('de-DE');
      expect(await link.shell('settings get secure android_id; settings get global nothing_here')).toBe(
        'abc 123\nnull\n',
      );
      expect(await link.shell('frobnicate --now')).toBe('/system/bin/sh: frobnicate: inaccessible or not found\n');
    });
    expect(phone.asked).toContain('getprop ro.product.model');
  });

  it('pushes 3 MiB byte for byte, into folders that did not exist', async () => {
    const data = randomBytes(3 * 1024 * 1024);
    await withPhone(phone.endpoint, key, (link) => link.push('/sdcard/Facet/new/blob.bin', data));
    expect(Buffer.from(phone.files.get('/sdcard/Facet/new/blob.bin') ?? []).equals(data)).toBe(true);
  });

  it('pushes an APK that pm installs; it shows among the third-party packages', async () => {
    const apk = buildTestApk({ packageName: 'com.example.notes', versionName: '2.1', versionCode: 21, label: 'Notes' });
    await withPhone(phone.endpoint, key, async (link) => {
      await link.push('/data/local/tmp/notes.apk', apk);
      expect(await link.shell("pm install -r -g '/data/local/tmp/notes.apk'")).toBe('Success\n');
      expect(await link.shell('pm list packages -3')).toBe('package:com.example.notes\n');
      await link.push('/data/local/tmp/junk.apk', new TextEncoder().encode('not a zip'));
      expect(await link.shell('pm install /data/local/tmp/junk.apk')).toMatch(
        /^Failure \[INSTALL_FAILED_INVALID_APK: /,
      );
    });
    expect(phone.packages.get('com.example.notes')).toMatchObject({ versionName: '2.1', versionCode: 21 });
  });

  it('takes a screenshot: a PNG the size of the screen', async () => {
    const png = await withPhone(phone.endpoint, key, (link) => link.screencap());
    expect(pngSize(png)).toEqual({ width: 360, height: 640 });
  });
});
