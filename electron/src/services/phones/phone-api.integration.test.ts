// The phone/* routes over HTTP, against a real server: the phone opens through the server's
// phoneConnect grant and relay (never the device's own address), a tap reaches the device, the
// frame route answers the device's PNG, docs/client.md's example runs, and close-all leaves the
// server showing the phone closed.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { newAdbKey, startTestPhone, type TestPhone } from '@facet/server/test/adb-device';
import { connectPhone } from '@facet/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetClient } from '../client.js';
import { sendKeyed, startFacetServer, startTestClient, TEST_API_KEY, tempDir } from '../test/world.js';
import { ClientAdbKey } from './adb-key.js';

/** A raw POST, for the one route that answers bytes. */
function postRaw(base: string, path: string, body: unknown) {
  const u = new URL(path, base);
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': TEST_API_KEY },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** The example block of docs/client.md, as written there. */
function docsExample(): string {
  const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'client.md'), 'utf8');
  const m = /<!-- phone-example:start -->\n```js\n([\s\S]*?)```\n<!-- phone-example:end -->/.exec(doc);
  if (!m?.[1]) throw new Error('docs/client.md has no phone example');
  return m[1];
}

describe('the local API phone/* routes through a real server', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let device: TestPhone;
  let client: FacetClient;
  let api: string;
  let user: { token: string; sid: string };
  let envId: number;
  const data = tempDir('facet-phone-api-');
  const downloads = join(data.dir, 'Downloads');
  const post = (path: string, body: unknown = {}) => sendKeyed(api, 'POST', path, {}, body);

  beforeAll(async () => {
    world = await startFacetServer();
    device = await startTestPhone({ model: 'API Pixel', screen: { width: 1080, height: 2340 } });
    const admin = await world.srv.adminToken();
    const dev = await world.srv.call(
      'adminDeviceSave',
      { name: 'api', host: device.host, port: device.port, region: 'api', androidVersion: '13' },
      { token: admin },
    );
    expect(dev.code).toBe(0);
    const pkg = await world.srv.call(
      'adminPackageSave',
      { name: 'API', region: 'api', androidVersion: '13', days: 30, price: '0.00' },
      { token: admin },
    );
    const u = await world.srv.register();
    user = { token: u.token, sid: u.sid };
    expect((await world.srv.call('phonePay', { packageId: pkg.result.id }, { token: u.token })).code).toBe(0);
    await world.srv.services.phones.idle();
    envId = (await world.srv.call('phoneList', {}, { token: u.token })).result.list[0]!.id;
    client = await startTestClient(world, user, data.dir, { downloadDir: downloads, scrcpyServer: null });
    api = client.url;
  });
  afterAll(async () => {
    await client?.stop();
    await world?.srv.services.phones.idle();
    await world?.srv.close();
    await device?.stop();
    data.remove();
  });

  const serverState = async () =>
    (await world.srv.call('phoneList', {}, { token: user.token })).result.list.find((p) => p.id === envId)?.state;

  it('opens through the grant, taps, serves frames and closes all, shown closed on the server', async () => {
    const open = await post('/phone/open', { id: envId });
    expect(open.status).toBe(200);
    expect(open.body.data).toMatchObject({
      id: envId,
      width: 1080,
      height: 2340,
      state: 'connected',
      mode: 'screencap',
    });
    expect(await serverState()).toBe('on');
    // The client linked through the server's relay with its own key: the device never saw that key.
    const key = await ClientAdbKey.load(join(data.dir, 'client', 'adbkey'));
    expect(device.authorizedKeys).not.toContain(key.publicKey);
    expect((await post('/phone/opened/ids')).body.data).toEqual([envId]);

    const before = device.inputs.length;
    expect((await post('/phone/input', { id: envId, input: { type: 'tap', x: 0.25, y: 0.75 } })).body.data).toBe(true);
    expect(device.inputs.slice(before)).toEqual(['input tap 270 1755']);
    const bad = await post('/phone/input', { id: envId, input: { type: 'tap', x: 2, y: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^input\.x:/);

    const frame = await postRaw(api, '/phone/frame', { id: envId });
    expect(frame.status).toBe(200);
    expect(frame.headers['content-type']).toBe('image/png');
    const seq = Number(frame.headers['x-frame-seq']);
    expect(seq).toBeGreaterThan(0);
    // The frame is the device's own screen, byte for byte.
    const own = await connectPhone(device.endpoint, newAdbKey());
    try {
      expect(Buffer.compare(frame.bytes, Buffer.from(await own.screencap()))).toBe(0);
    } finally {
      await own.close();
    }
    const next = await postRaw(api, '/phone/frame', { id: envId, after: seq });
    expect(Number(next.headers['x-frame-seq'])).toBeGreaterThan(seq);
    expect(next.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const notOpen = await postRaw(api, '/phone/frame', { id: envId + 1000 });
    expect(notOpen.status).toBe(409);
    expect(JSON.parse(notOpen.bytes.toString()).success).toBe(false);

    const all = await post('/phone/close/all');
    expect(all.body.data).toEqual({ count: 1 });
    expect((await post('/phone/opened/ids')).body.data).toEqual([]);
    expect(await serverState()).toBe('off');
  });

  it("runs docs/client.md's example: open, tap, screenshot, close", async () => {
    const file = join(data.dir, 'phone-example.mjs');
    await writeFile(file, docsExample());
    const before = device.inputs.length;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [file],
        {
          env: { PATH: process.env.PATH, FACET_LOCAL_API: api, FACET_API_KEY: TEST_API_KEY, PHONE_ID: String(envId) },
          timeout: 30_000,
        },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stdout}${stderr}`)) : resolve(stdout),
      ),
    );
    expect(device.inputs.slice(before)).toEqual(['input tap 540 1170']);
    const saved = /saved (.+\.png)\n/.exec(out)?.[1];
    expect(out).toMatch(/^opened .+: 1080x2340\n/);
    expect(saved?.startsWith(downloads)).toBe(true);
    const png = await readFile(saved as string);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await serverState()).toBe('off');
  });

  it('closes a phone here when the server ends it and will not grant it again', async () => {
    expect((await post('/phone/open', { id: envId })).body.success).toBe(true);
    const closed = new Promise<number>((resolve) =>
      client.phones.once('phone-closed', ({ id }: { id: number }) => resolve(id)),
    );
    // Closed in another console: the relay cuts the link, and a new grant is refused.
    expect((await world.srv.call('phoneClose', { id: envId }, { token: user.token })).code).toBe(0);
    expect(await closed).toBe(envId);
    expect((await post('/phone/opened/ids')).body.data).toEqual([]);
    expect(await serverState()).toBe('off');
  });
});
