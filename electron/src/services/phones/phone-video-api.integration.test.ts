// Scrcpy mode through the local API against a real server: the phone opens through the server's
// grant and relay, phone/video streams scrcpy's H.264 (a key frame, then the rest) for as long as
// the caller reads, and phone/clipboard answers what the phone copied.
import { writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { startTestPhone, type TestPhone } from '@facet/server/test/adb-device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetClient } from '../client.js';
import { sendKeyed, startFacetServer, startTestClient, TEST_API_KEY, tempDir } from '../test/world.js';

const CONFIG = 1n << 63n;
const KEY = 1n << 62n;

/** Reads phone/video for a while: the codec meta and the packets (config / key / other) that came. */
function readVideo(base: string, id: number, ms: number) {
  const u = new URL('/phone/video', base);
  return new Promise<{ status: number; meta: number[]; kinds: string[] }>((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': TEST_API_KEY },
      },
      (res) => {
        let buf = Buffer.alloc(0);
        const kinds: string[] = [];
        let meta: number[] = [];
        let at = 0;
        res.on('data', (c: Buffer) => {
          buf = Buffer.concat([buf, c]);
          if (!meta.length && buf.length >= 12) {
            meta = [buf.readUInt32BE(0), buf.readUInt32BE(4), buf.readUInt32BE(8)];
            at = 12;
          }
          while (meta.length && at + 12 <= buf.length) {
            const flags = buf.readBigUInt64BE(at);
            const size = buf.readUInt32BE(at + 8);
            if (at + 12 + size > buf.length) break;
            kinds.push(flags === CONFIG ? 'config' : flags & KEY ? 'key' : 'frame');
            at += 12 + size;
          }
        });
        setTimeout(() => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, meta, kinds });
        }, ms);
      },
    );
    req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    req.end(JSON.stringify({ id }));
  });
}

describe('scrcpy mode through the local API and a real server', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let device: TestPhone;
  let client: FacetClient;
  let envId: number;
  const data = tempDir('facet-phone-video-');
  const post = (path: string, body: unknown = {}) => sendKeyed(client.url, 'POST', path, {}, body);

  beforeAll(async () => {
    world = await startFacetServer();
    device = await startTestPhone({ model: 'Video Pixel', screen: { width: 720, height: 1520 }, scrcpy: { fps: 20 } });
    const admin = await world.srv.adminToken();
    await world.srv.call(
      'adminDeviceSave',
      { name: 'video', host: device.host, port: device.port, region: 'video', androidVersion: '13' },
      { token: admin },
    );
    const pkg = await world.srv.call(
      'adminPackageSave',
      { name: 'Video', region: 'video', androidVersion: '13', days: 30, price: '0.00' },
      { token: admin },
    );
    const u = await world.srv.register();
    expect((await world.srv.call('phonePay', { packageId: pkg.result.id }, { token: u.token })).code).toBe(0);
    await world.srv.services.phones.idle();
    envId = (await world.srv.call('phoneList', {}, { token: u.token })).result.list[0]!.id;
    const serverFile = join(data.dir, 'scrcpy-server');
    await writeFile(serverFile, 'a scrcpy-server build for the test phone');
    client = await startTestClient(world, { token: u.token, sid: u.sid }, data.dir, { scrcpyServer: serverFile });
  });
  afterAll(async () => {
    await client?.stop();
    await world?.srv.services.phones.idle();
    await world?.srv.close();
    await device?.stop();
    data.remove();
  });

  it('streams the video from a key frame on, to each viewer, through the relay', async () => {
    const open = await post('/phone/open', { id: envId });
    expect(open.body.data).toMatchObject({ id: envId, mode: 'scrcpy', state: 'connected' });
    for (const viewer of [1, 2]) {
      const v = await readVideo(client.url, envId, 1500);
      expect(v.status, `viewer ${viewer}`).toBe(200);
      expect(v.meta).toEqual([0x68323634, 600, 1280]);
      expect(v.kinds[0]).toBe('config');
      const firstMedia = v.kinds.findIndex((k) => k !== 'config');
      expect(v.kinds[firstMedia], `viewer ${viewer}`).toBe('key');
      expect(v.kinds.filter((k) => k === 'frame').length, `viewer ${viewer}`).toBeGreaterThanOrEqual(5);
    }
  });

  it('answers what the phone copied, and refuses a phone that is not open', async () => {
    device.copy('copied on the phone');
    await expect
      .poll(async () => (await post('/phone/clipboard', { id: envId })).body.data, { timeout: 5000 })
      .toMatchObject({ text: 'copied on the phone' });
    const missing = await post('/phone/video', { id: envId + 1000 });
    expect(missing.status).toBe(409);
    await post('/phone/close/all');
    expect(device.scrcpyRunning()).toHaveLength(0);
  });
});
