// Scrcpy mode on test phones that run scrcpy's server protocol (forward tunnel, H.264 video,
// control and device messages): the client pushes and starts the server, fans its video out to
// viewers, and sends input, clipboard and rotation over the control socket.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestPhone, type TestPhone } from '@facet/server/test/adb-device';
import { connectPhone } from '@facet/shared/node';
import { h264ParseConfiguration } from '@yume-chan/scrcpy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerClient } from '../server-client.js';
import { ClientAdbKey } from './adb-key.js';
import { PhoneSessions } from './sessions.js';

const CONFIG = 1n << 63n;
const KEY = 1n << 62n;

/** Reads what a viewer got in scrcpy's framing: the codec meta, then packets. */
function parseVideo(bytes: Buffer) {
  const meta = { codec: bytes.readUInt32BE(0), width: bytes.readUInt32BE(4), height: bytes.readUInt32BE(8) };
  const packets: { config: boolean; key: boolean; data: Buffer }[] = [];
  let at = 12;
  while (at + 12 <= bytes.length) {
    const flags = bytes.readBigUInt64BE(at);
    const size = bytes.readUInt32BE(at + 8);
    if (at + 12 + size > bytes.length) break;
    packets.push({
      config: (flags & CONFIG) !== 0n,
      key: (flags & KEY) !== 0n,
      data: bytes.subarray(at + 12, at + 12 + size),
    });
    at += 12 + size;
  }
  return { meta, packets };
}

async function until<T>(what: () => T | undefined | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('phone sessions in scrcpy mode', () => {
  let dir: string;
  let serverFile: string;
  let devices: TestPhone[];
  let key: ClientAdbKey;
  let phones: PhoneSessions;
  const warnings: string[] = [];
  const server = {
    call: async (name: string, input: { body?: { id: number } }) =>
      name === 'phoneOpen' ? { name: `Phone ${input.body?.id}` } : true,
  } as unknown as Pick<ServerClient, 'call'>;
  const device = (id: number) => devices[id - 1] as TestPhone;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'facet-scrcpy-'));
    serverFile = join(dir, 'scrcpy-server');
    await writeFile(serverFile, Buffer.from('a scrcpy-server build for the test phones'));
    devices = await Promise.all([
      startTestPhone({ screen: { width: 1080, height: 2400 }, serial: 'SCRCPY1', scrcpy: { fps: 30 } }),
      startTestPhone({ screen: { width: 720, height: 1600 }, serial: 'SCRCPY2', scrcpy: { fps: 30 } }),
      startTestPhone({ serial: 'OLDSCRCPY', scrcpy: { version: '2.7' } }),
    ]);
    key = await ClientAdbKey.load(join(dir, 'client', 'adbkey'));
    phones = new PhoneSessions({
      server,
      key: async () => key,
      connect: async (id) => connectPhone(device(id).endpoint, key.pkcs8),
      scrcpyServer: () => serverFile,
      backoffMs: { first: 50, max: 200 },
    });
    phones.on('warning', (w: { message: string }) => warnings.push(w.message));
    await phones.open(1);
    await phones.open(2);
  });
  afterAll(async () => {
    await phones?.closeAll();
    await Promise.all(devices?.map((d) => d.stop()) ?? []);
    await rm(dir, { recursive: true, force: true });
  });

  it('pushes the server file, starts it through a forward tunnel and reports scrcpy mode', () => {
    expect(phones.opened().map((p) => [p.id, p.mode, p.state])).toEqual([
      [1, 'scrcpy', 'connected'],
      [2, 'scrcpy', 'connected'],
    ]);
    expect(Buffer.from(device(1).files.get('/data/local/tmp/scrcpy-server.jar') ?? []).toString()).toBe(
      'a scrcpy-server build for the test phones',
    );
    const [options] = device(1).scrcpyRunning();
    expect(Object.fromEntries(options ?? [])).toMatchObject({
      tunnel_forward: 'true',
      audio: 'false',
      max_size: '1280',
    });
  });

  it("gives a viewer the codec meta, the configuration and H.264 from a key frame on, at scrcpy's size", async () => {
    const chunks: Buffer[] = [];
    const stop = phones.video(
      1,
      (c) => chunks.push(Buffer.from(c)) > 0,
      () => undefined,
    );
    const video = await until(() => {
      const v = parseVideo(Buffer.concat(chunks));
      return v.packets.filter((p) => !p.config).length >= 5 && v;
    });
    stop();
    expect(video.meta).toEqual({ codec: 0x68323634, width: 576, height: 1280 });
    const [config] = video.packets;
    expect(config?.config).toBe(true);
    // The viewer starts at a key frame (the phone is asked for one), never in the middle of a picture.
    expect(video.packets.find((p) => !p.config)?.key).toBe(true);
    const sps = h264ParseConfiguration(new Uint8Array(config?.data ?? []));
    expect([sps.croppedWidth, sps.croppedHeight]).toEqual([576, 1280]);
    await until(() => phones.configOf(1).fps > 10);
  });

  it("sends the main phone's touches, text and keys over the control socket, scaled to each follower", async () => {
    for (const d of devices) d.inputs.length = 0;
    phones.setGroup(1, [2]);
    await phones.input(1, { type: 'tap', x: 0.5, y: 0.25 });
    await phones.input(1, { type: 'swipe', x1: 0.1, y1: 0.8, x2: 0.1, y2: 0.2, ms: 64 });
    await phones.input(1, { type: 'text', text: "hi there; it's $HOME" });
    await phones.input(1, { type: 'key', key: 'home' });
    await until(() => device(2).inputs.length >= 11);
    const own = device(1).inputs;
    expect(own.slice(0, 3)).toEqual([
      'scrcpy touch down 540 600',
      'scrcpy touch up 540 600',
      'scrcpy touch down 109 1920',
    ]);
    expect(own.filter((i) => i.startsWith('scrcpy touch move')).at(-1)).toBe('scrcpy touch move 109 480');
    expect(own.slice(-3)).toEqual(["scrcpy text hi there; it's $HOME", 'scrcpy key down 3', 'scrcpy key up 3']);
    const follower = device(2).inputs;
    expect(follower.slice(0, 3)).toEqual([
      'scrcpy touch down 360 400',
      'scrcpy touch up 360 400',
      'scrcpy touch down 73 1280',
    ]);
    expect(follower.slice(-3)).toEqual(["scrcpy text hi there; it's $HOME", 'scrcpy key down 3', 'scrcpy key up 3']);
    phones.closeGroup();
  });

  it('carries the clipboard both ways', async () => {
    await phones.input(1, { type: 'clipboard', text: 'from the host', paste: true });
    await until(() => device(1).clipboard === 'from the host');
    expect(device(1).inputs.at(-1)).toBe('scrcpy clipboard from the host paste');
    const before = phones.clipboard(1).seq;
    device(1).copy('from the phone ✓');
    const copied = await until(() => phones.clipboard(1).seq > before && phones.clipboard(1));
    expect(copied.text).toBe('from the phone ✓');
  });

  it('turns the screen: the video restarts at the turned size', async () => {
    const chunks: Buffer[] = [];
    const stop = phones.video(
      1,
      (c) => chunks.push(Buffer.from(c)) > 0,
      () => undefined,
    );
    await phones.input(1, { type: 'rotate' });
    const turned = await until(() =>
      parseVideo(Buffer.concat(chunks))
        .packets.filter((p) => p.config)
        .map((p) => h264ParseConfiguration(new Uint8Array(p.data)))
        .find((c) => c.croppedWidth === 1280),
    );
    stop();
    expect(turned.croppedHeight).toBe(576);
    expect(phones.configOf(1).rotated).toBe(true);
    await phones.input(1, { type: 'tap', x: 0.5, y: 0.5 });
    await until(() => device(1).inputs.includes('scrcpy touch up 1200 540'));
    await phones.input(1, { type: 'rotate' });
  });

  it('starts the server again after the link drops', async () => {
    device(2).dropConnections();
    await until(() => phones.configOf(2).state === 'reconnecting', 2000).catch(() => undefined);
    await until(() => phones.configOf(2).state === 'connected' && device(2).scrcpyRunning().length === 1, 8000);
    expect(phones.configOf(2).mode).toBe('scrcpy');
    device(2).inputs.length = 0;
    await phones.input(2, { type: 'tap', x: 0, y: 0 });
    await until(() => device(2).inputs.includes('scrcpy touch up 0 0'));
  });

  it('stays in screencap mode, and says why, when the phone runs another server version', async () => {
    const opened = await phones.open(3);
    expect(opened.mode).toBe('screencap');
    expect(warnings.join('\n')).toMatch(/scrcpy mode unavailable.*does not match the client \(3\.3\.3\)/);
    const { png } = await phones.frame(3);
    expect(png.length).toBeGreaterThan(100);
  });

  it('stops the server on the phone when the phone closes', async () => {
    expect(device(1).scrcpyRunning()).toHaveLength(1);
    await phones.close(1);
    await until(() => device(1).scrcpyRunning().length === 0);
  });
});
