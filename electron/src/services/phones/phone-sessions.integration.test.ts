// The client's phone service on three test phones of different screen sizes, linked straight to
// each (the injectable connector): group control scales each input to every follower's screen,
// screenshots are the devices' own frames, a dropped link comes back, files and APKs are pushed.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pngSize, startTestPhone, type TestPhone } from '@facet/server/test/adb-device';
import { buildTestApk } from '@facet/server/test/apk-fixture';
import { connectPhone } from '@facet/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerClient } from '../server-client.js';
import { ClientAdbKey } from './adb-key.js';
import { PhoneSessions } from './sessions.js';

describe('phone sessions on test phones', () => {
  const sizes = [
    { width: 1080, height: 2400 },
    { width: 720, height: 1600 },
    { width: 1200, height: 1920 },
  ];
  let dir: string;
  let devices: TestPhone[];
  let key: ClientAdbKey;
  let phones: PhoneSessions;
  let blocked = false;
  const serverCalls: [string, unknown][] = [];
  const server = {
    call: async (name: string, input: { body?: { id: number } }) => {
      serverCalls.push([name, input.body]);
      if (name === 'phoneOpen') return { name: `Phone ${input.body?.id}` };
      return true;
    },
  } as unknown as Pick<ServerClient, 'call'>;
  const device = (id: number) => devices[id - 1] as TestPhone;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'facet-phones-'));
    devices = await Promise.all(sizes.map((screen, i) => startTestPhone({ screen, serial: `GROUP${i + 1}` })));
    key = await ClientAdbKey.load(join(dir, 'client', 'adbkey'));
    phones = new PhoneSessions({
      server,
      key: async () => key,
      connect: async (id) => {
        if (blocked) throw new Error('the device cannot be reached');
        return connectPhone(device(id).endpoint, key.pkcs8);
      },
      downloadDir: () => join(dir, 'Downloads'),
      backoffMs: { first: 50, max: 200 },
      // Screencap mode whatever this machine has installed.
      scrcpyServer: () => null,
    });
    for (const id of [1, 2, 3]) await phones.open(id);
  });
  afterAll(async () => {
    await phones?.closeAll();
    await Promise.all(devices?.map((d) => d.stop()) ?? []);
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps one ADB key in the client folder and reads each screen size', async () => {
    const again = await ClientAdbKey.load(join(dir, 'client', 'adbkey'));
    expect(again.publicKey).toBe(key.publicKey);
    expect(device(1).authorizedKeys).toEqual([key.publicKey]);
    expect(phones.opened().map((p) => [p.id, p.name, p.width, p.height, p.state])).toEqual([
      [1, 'Phone 1', 1080, 2400, 'connected'],
      [2, 'Phone 2', 720, 1600, 'connected'],
      [3, 'Phone 3', 1200, 1920, 'connected'],
    ]);
    expect(serverCalls.filter(([n]) => n === 'phoneOpen').map(([, b]) => b)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it("replays the main phone's tap, swipe, text and keys on each follower at its own size", async () => {
    for (const d of devices) d.inputs.length = 0;
    expect(phones.setGroup(1, [2, 3, 1])).toEqual({ main: 1, followers: [2, 3] });
    await phones.input(1, { type: 'tap', x: 0.5, y: 0.25 });
    await phones.input(1, { type: 'swipe', x1: 0.1, y1: 0.8, x2: 0.1, y2: 0.2 });
    await phones.input(1, { type: 'text', text: "hi there; it's $HOME" });
    await phones.input(1, { type: 'key', key: 'home' });
    await phones.input(1, { type: 'longPress', x: 1, y: 0, ms: 900 });
    expect(device(1).inputs).toEqual([
      'input tap 540 600',
      'input swipe 108 1920 108 480 300',
      "input text hi%sthere;%sit's%s$HOME",
      'input keyevent 3',
      'input swipe 1079 0 1079 0 900',
    ]);
    expect(device(2).inputs).toEqual([
      'input tap 360 400',
      'input swipe 72 1280 72 320 300',
      "input text hi%sthere;%sit's%s$HOME",
      'input keyevent 3',
      'input swipe 719 0 719 0 900',
    ]);
    expect(device(3).inputs).toEqual([
      'input tap 600 480',
      'input swipe 120 1536 120 384 300',
      "input text hi%sthere;%sit's%s$HOME",
      'input keyevent 3',
      'input swipe 1199 0 1199 0 900',
    ]);

    // A follower's own input stays on it; closing the group stops the replay.
    await phones.input(2, { type: 'key', key: 'back' });
    expect(device(2).inputs.at(-1)).toBe('input keyevent 4');
    expect(device(1).inputs).toHaveLength(5);
    expect(phones.closeGroup([3])).toEqual({ main: 1, followers: [2] });
    expect(phones.closeGroup([1])).toEqual({ main: null, followers: [] });
    await phones.input(1, { type: 'key', key: 'recents' });
    expect(device(2).inputs.at(-1)).toBe('input keyevent 4');
    expect(device(1).inputs.at(-1)).toBe('input keyevent 187');
  });

  it('turns the screen and maps taps to the turned screen', async () => {
    await phones.input(2, { type: 'rotate' });
    expect(device(2).settings.system.get('user_rotation')).toBe('1');
    expect(device(2).settings.system.get('accelerometer_rotation')).toBe('0');
    expect(phones.configOf(2).rotated).toBe(true);
    await phones.input(2, { type: 'tap', x: 0.5, y: 0.25 });
    expect(device(2).inputs.at(-1)).toBe('input tap 800 180');
    await phones.input(2, { type: 'rotate' });
    expect(device(2).settings.system.get('user_rotation')).toBe('0');
  });

  it("saveimgs writes each phone's screenshot, byte for byte what the device serves", async () => {
    const { files } = await phones.saveImages([1, 2, 3]);
    expect(files.map((f) => f.id)).toEqual([1, 2, 3]);
    for (const f of files) {
      expect(basename(f.path)).toMatch(new RegExp(`^Phone ${f.id}-${f.id}-\\d{8}-\\d{6}\\.png$`));
      const saved = await readFile(f.path);
      const link = await connectPhone(device(f.id).endpoint, key.pkcs8);
      try {
        expect(Buffer.compare(saved, Buffer.from(await link.screencap()))).toBe(0);
      } finally {
        await link.close();
      }
      expect(pngSize(saved)).toEqual(sizes[f.id - 1]);
    }
    // Three phones, three different screens.
    const bytes = await Promise.all(files.map((f) => readFile(f.path)));
    expect(new Set(bytes.map((b) => b.toString('base64'))).size).toBe(3);
  });

  it('serves frames while watched and waits for a newer one', async () => {
    const first = await phones.frame(3);
    expect(pngSize(first.png)).toEqual(sizes[2]);
    const next = await phones.frame(3, first.seq);
    expect(next.seq).toBeGreaterThan(first.seq);
    expect(phones.configOf(3).fps).toBeGreaterThan(0);
  });

  it('links a dropped phone again; input is refused meanwhile and works after', async () => {
    const states: string[] = [];
    const onState = (s: { id: number; state: string }) => s.id === 1 && states.push(s.state);
    phones.on('state', onState);
    try {
      blocked = true;
      device(1).dropConnections();
      await expect.poll(() => phones.configOf(1).state).toBe('reconnecting');
      await expect(phones.input(1, { type: 'tap', x: 0.5, y: 0.5 })).rejects.toThrow(/reconnecting/);
      await expect(phones.reconnect(1)).rejects.toThrow(/could not be linked again/);
      blocked = false;
      expect((await phones.reconnect(1)).state).toBe('connected');
      await phones.input(1, { type: 'tap', x: 0.5, y: 0.5 });
      expect(device(1).inputs.at(-1)).toBe('input tap 540 1200');

      // Without help: the backoff tries again on its own.
      const connections = device(1).connections;
      device(1).dropConnections();
      await expect.poll(() => device(1).connections).toBeGreaterThan(connections);
      await expect.poll(() => phones.configOf(1).state).toBe('connected');
      await phones.input(1, { type: 'tap', x: 0, y: 0 });
      expect(device(1).inputs.at(-1)).toBe('input tap 0 0');
      expect(states).toEqual(['reconnecting', 'connected', 'reconnecting', 'connected']);
    } finally {
      blocked = false;
      phones.off('state', onState);
    }
  });

  it('pushes a file to Download and installs an APK', async () => {
    const r = await phones.push(2, 'notes.txt', Buffer.from('hello phone'));
    expect(r).toEqual({ path: '/sdcard/Download/notes.txt', installed: false });
    expect(Buffer.from(device(2).files.get('/sdcard/Download/notes.txt') ?? []).toString()).toBe('hello phone');
    const apk = buildTestApk({
      packageName: 'com.example.pushed',
      versionName: '1.2',
      versionCode: 12,
      label: 'Pushed',
    });
    const installed = await phones.push(2, 'app.apk', apk);
    expect(installed.installed).toBe(true);
    expect(device(2).packages.get('com.example.pushed')?.versionName).toBe('1.2');
    // The APK is not left on the device.
    expect(device(2).files.has(installed.path)).toBe(false);
  });

  it('closes: the server is told and the phone leaves the list', async () => {
    const closed: number[] = [];
    phones.on('phone-closed', ({ id }: { id: number }) => closed.push(id));
    expect(await phones.close(3)).toBe(true);
    expect(await phones.close(3)).toBe(false);
    expect(phones.ids()).toEqual([1, 2]);
    expect(serverCalls.at(-1)).toEqual(['phoneClose', { id: 3 }]);
    expect(await phones.closeAll()).toBe(2);
    expect(closed).toEqual([3, 1, 2]);
    await expect(phones.input(1, { type: 'tap', x: 0, y: 0 })).rejects.toThrow(/not open/);
  });

  it('closes a phone while it is reconnecting, and links nothing after', async () => {
    await phones.open(3);
    blocked = true;
    try {
      device(3).dropConnections();
      await expect.poll(() => phones.configOf(3).state).toBe('reconnecting');
      expect(await phones.close(3)).toBe(true);
      const connections = device(3).connections;
      blocked = false;
      await new Promise((r) => setTimeout(r, 400));
      expect(device(3).connections).toBe(connections);
      expect(phones.ids()).toEqual([]);
    } finally {
      blocked = false;
    }
  });
});
