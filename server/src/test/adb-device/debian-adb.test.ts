// The test phone against a real ADB client: Debian's adb (29.0.6), with its own HOME (its own
// ~/.android/adbkey) and its own adb server port, so it never meets another adb server.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApk } from '../apk-fixture.js';
import { startTestPhone, type TestPhone } from './index.js';
import { pngSize } from './png.js';

const ADB = '/usr/bin/adb';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.skipIf(process.env.FACET_TEST_DB === 'postgres')('Debian’s adb and the test phone', () => {
  let phone: TestPhone;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let serial: string;

  const adb = (args: string[], encoding: 'utf8' | 'buffer' = 'utf8') =>
    new Promise<{ stdout: string | Buffer; stderr: string }>((resolve, reject) => {
      execFile(
        ADB,
        args,
        { env, cwd: home, timeout: 20_000, encoding, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`adb ${args.join(' ')}: ${error.message}\n${String(stdout)}${String(stderr)}`));
          else resolve({ stdout, stderr: String(stderr) });
        },
      );
    });
  const text = async (...args: string[]) => String((await adb(args)).stdout);

  beforeAll(async () => {
    if (!existsSync(ADB)) return;
    home = await mkdtemp(join(tmpdir(), 'facet-adb-'));
    env = { PATH: process.env.PATH, HOME: home, ANDROID_ADB_SERVER_PORT: String(await freePort()) };
    phone = await startTestPhone({ model: 'Pixel 6a', screen: { width: 200, height: 320 } });
    serial = `127.0.0.1:${phone.port}`;
  });

  afterAll(async () => {
    if (!existsSync(ADB)) return;
    await adb(['kill-server']).catch(() => undefined);
    await phone?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it.skipIf(!existsSync(ADB))('connects, runs a shell command, pushes, installs and takes a screenshot', async () => {
    // The adb server makes its key at start; the phone knows it already (adb_keys), so
    // `adb connect` gets in by signing the token.
    await adb(['start-server']);
    const adbKey = (await readFile(join(home, '.android', 'adbkey.pub'), 'utf8')).trim();
    phone.authorizedKeys.push(adbKey);
    expect(await text('connect', serial)).toContain(`connected to ${serial}`);
    expect(phone.connections).toBe(1);
    expect(phone.authorizedKeys).toEqual([adbKey]);

    expect(await text('-s', serial, 'shell', 'getprop', 'ro.product.model')).toBe('Pixel 6a\n');

    const local = join(home, 'notes.txt');
    const bytes = Buffer.from('line one\nline two\n\u00e9\n');
    await writeFile(local, bytes);
    expect(await text('-s', serial, 'push', local, '/sdcard/Download/notes.txt')).toContain('1 file pushed');
    expect(Buffer.from(phone.files.get('/sdcard/Download/notes.txt') ?? []).equals(bytes)).toBe(true);

    const apk = join(home, 'fixture.apk');
    await writeFile(
      apk,
      buildTestApk({ packageName: 'com.example.weather', versionName: '3.0.1', versionCode: 301, label: 'Weather' }),
    );
    expect(await text('-s', serial, 'install', apk)).toContain('Success');
    expect(phone.packages.get('com.example.weather')).toMatchObject({ versionName: '3.0.1', versionCode: 301 });
    // adb pushed the APK to /data/local/tmp, ran pm install on it, and removed it.
    expect([...phone.files.keys()].filter((p) => p.startsWith('/data/local/tmp/'))).toEqual([]);

    const png = (await adb(['-s', serial, 'exec-out', 'screencap', '-p'], 'buffer')).stdout as Buffer;
    expect(pngSize(png)).toEqual({ width: 200, height: 320 });
  });
});
