// A test phone: a TCP server on 127.0.0.1 that speaks to ADB clients as an Android device's adbd
// does (protocol.txt, SERVICES.TXT, SYNC.TXT of platform/packages/modules/adb). Packets are a
// 24-byte little-endian header { command, arg0, arg1, length, checksum, magic = command ^ ~0 } +
// payload. CNXN, then AUTH with a token the client signs (or a public key the device accepts), then
// streams: OPEN/OKAY/WRTE/CLSE with one WRTE in flight per stream until the peer's OKAY.
// Services: shell:<cmd>, exec:<cmd> (both raw, so binary-safe), sync:, and the scrcpy server's
// localabstract: sockets while one runs (scrcpy.ts).
import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { newToken, parseAdbPublicKey, verifyToken } from './auth.js';
import { type Rgb, tintOf } from './png.js';
import { ScrcpyServers, type ServiceStream } from './scrcpy.js';
import { runShell } from './shell.js';
import type { DeviceState } from './state.js';
import { SyncSession } from './sync.js';

/** A user's adb key line (`~/.android/adbkey.pub`) for tests of ADB access: `adbPublicKey(newAdbKey())`. */
export { adbPublicKey, newAdbKey } from '@facet/shared/node';
/** Reading the frames a test phone serves: their size, and the colour each phone's screen has. */
export { pngSize, type Rgb, tintOf } from './png.js';

export interface TestPhoneOptions {
  serial?: string;
  brand?: string;
  model?: string;
  /** ro.build.version.release, default '13' */
  android?: string;
  /** default 33 */
  sdk?: number;
  /** In its natural (portrait) orientation; screencap turns it with `user_rotation` 1 or 3. */
  screen?: { width: number; height: number };
  /** The colour of its screen; by default one of its own, from the serial (`tintOf`). */
  tint?: Rgb;
  acceptNewKeys?: boolean;
  allowMockLocation?: boolean;
  /** The scrcpy-server version it runs (default 3.3.3, what @yume-chan/scrcpy speaks) and its idle frame rate (default 10). */
  scrcpy?: { version?: string; fps?: number };
}

export interface TestPhone {
  host: string;
  port: number;
  endpoint: { host: string; port: number };
  /** Every shell/exec command line, in order. */
  asked: string[];
  props: Map<string, string>;
  settings: { global: Map<string, string>; secure: Map<string, string>; system: Map<string, string> };
  /** The device's files by absolute path. */
  files: Map<string, Uint8Array>;
  /** Third-party installed apps. */
  packages: Map<string, { versionName: string; versionCode: number; path: string }>;
  /** `input …` commands, and what scrcpy's control socket injected (`scrcpy touch down x y`, …). */
  inputs: string[];
  /** Something on the phone copies text (scrcpy tells its client when it syncs the clipboard). */
  copy(text: string): void;
  readonly clipboard: string;
  /** The options of each scrcpy server running on it. */
  scrcpyRunning(): Map<string, string>[];
  /** Test location providers set through `cmd location providers` (GPS). */
  testProviders: DeviceState['testProviders'];
  /** Its SMS inbox, newest last; `content query --uri content://sms/inbox` answers it. */
  sms: DeviceState['sms'];
  /** The adb_keys lines the device accepted. */
  authorizedKeys: string[];
  /** CNXNs completed (authenticated connections). */
  connections: number;
  /** The colour its frames have (screencap). */
  tint: Rgb;
  /** Cuts every open connection, as a device that restarts its adbd; it keeps listening (reconnect tests). */
  dropConnections(): void;
  stop(): Promise<void>;
}

const A_SYNC = 0x434e5953;
const A_CNXN = 0x4e584e43;
const A_AUTH = 0x48545541;
const A_OPEN = 0x4e45504f;
const A_OKAY = 0x59414b4f;
const A_CLSE = 0x45534c43;
const A_WRTE = 0x45545257;
const A_VERSION = 0x01000001;
/** From this version on, packets carry no checksum. */
const VERSION_SKIP_CHECKSUM = 0x01000001;
const MAX_PAYLOAD = 1024 * 1024;
const AUTH_TOKEN = 1;
const AUTH_SIGNATURE = 2;
const AUTH_RSAPUBLICKEY = 3;
/** Only what this device implements: SEND makes the parent folders. */
const FEATURES = ['fixed_push_mkdir'];

interface Stream {
  local: number;
  remote: number;
  queue: Buffer[];
  /** A WRTE was sent and its OKAY has not come yet. */
  inFlight: boolean;
  /** The service has no more to say: CLSE once the queue is drained. */
  ending: boolean;
  closed: boolean;
  onData?: (data: Buffer) => void;
  /** The peer closed it, or the connection ended. */
  onClose?: () => void;
}

function checksum(payload: Uint8Array): number {
  let sum = 0;
  for (const b of payload) sum = (sum + b) >>> 0;
  return sum;
}

export async function startTestPhone(opts: TestPhoneOptions = {}): Promise<TestPhone> {
  const serial = opts.serial ?? `FACET${randomBytes(4).toString('hex').toUpperCase()}`;
  const brand = opts.brand ?? 'google';
  const model = opts.model ?? 'Pixel 7';
  const product = model.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  const acceptNewKeys = opts.acceptNewKeys ?? true;
  const state: DeviceState = {
    asked: [],
    props: new Map([
      ['ro.product.brand', brand],
      ['ro.product.manufacturer', brand],
      ['ro.product.model', model],
      ['ro.product.name', product],
      ['ro.product.device', product],
      ['ro.product.cpu.abi', 'arm64-v8a'],
      ['ro.build.version.release', opts.android ?? '13'],
      ['ro.build.version.sdk', String(opts.sdk ?? 33)],
      ['ro.serialno', serial],
      ['persist.sys.locale', 'en-US'],
      ['persist.sys.timezone', 'America/New_York'],
    ]),
    settings: {
      global: new Map([
        ['adb_enabled', '1'],
        ['auto_time', '1'],
        ['auto_time_zone', '1'],
      ]),
      secure: new Map([['android_id', randomBytes(8).toString('hex')]]),
      system: new Map([
        ['screen_brightness', '128'],
        ['accelerometer_rotation', '0'],
        ['user_rotation', '0'],
      ]),
    },
    files: new Map(),
    dirs: new Set(['/data', '/data/local', '/data/local/tmp', '/sdcard', '/sdcard/Download', '/system', '/system/bin']),
    packages: new Map(),
    inputs: [],
    clipboard: '',
    screen: opts.screen ?? { width: 1080, height: 2400 },
    tint: opts.tint ?? tintOf(serial),
    allowMockLocation: opts.allowMockLocation ?? false,
    mockLocationApps: new Set(),
    testProviders: new Map(),
    sms: [],
  };
  const banner = Buffer.from(
    `device::ro.product.name=${product};ro.product.model=${model};ro.product.device=${product};features=${FEATURES.join(',')}`,
  );
  const sockets = new Set<Socket>();
  const scrcpy = new ScrcpyServers(state, { version: opts.scrcpy?.version ?? '3.3.3', fps: opts.scrcpy?.fps ?? 10 });

  const phone: TestPhone = {
    host: '127.0.0.1',
    port: 0,
    endpoint: { host: '127.0.0.1', port: 0 },
    asked: state.asked,
    props: state.props,
    settings: state.settings,
    files: state.files,
    packages: state.packages,
    inputs: state.inputs,
    copy: (text) => {
      state.clipboard = text;
      scrcpy.copied(text);
    },
    get clipboard() {
      return state.clipboard;
    },
    scrcpyRunning: () => scrcpy.running(),
    testProviders: state.testProviders,
    sms: state.sms,
    authorizedKeys: [],
    connections: 0,
    tint: state.tint,
    dropConnections: () => {
      for (const s of sockets) s.destroy();
    },
    stop: async () => {
      scrcpy.stopAll();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function serve(socket: Socket): void {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      for (const s of streams.values()) closeStream(s);
    });
    socket.on('error', () => socket.destroy());
    socket.setNoDelay(true);

    let buffer: Buffer = Buffer.alloc(0);
    let version = A_VERSION;
    let maxPayload = MAX_PAYLOAD;
    let negotiated = false;
    let online = false;
    let token: Buffer | undefined;
    let nextId = 1;
    const streams = new Map<number, Stream>();

    const send = (command: number, arg0: number, arg1: number, payload: Uint8Array = Buffer.alloc(0)) => {
      if (socket.destroyed) return;
      const header = Buffer.alloc(24);
      header.writeUInt32LE(command >>> 0, 0);
      header.writeUInt32LE(arg0 >>> 0, 4);
      header.writeUInt32LE(arg1 >>> 0, 8);
      header.writeUInt32LE(payload.length, 12);
      header.writeUInt32LE(version >= VERSION_SKIP_CHECKSUM ? 0 : checksum(payload), 16);
      header.writeUInt32LE((command ^ 0xffffffff) >>> 0, 20);
      socket.write(payload.length ? Buffer.concat([header, payload]) : header);
    };

    const sendToken = () => {
      token = newToken();
      send(A_AUTH, AUTH_TOKEN, 0, token);
    };

    const goOnline = () => {
      online = true;
      token = undefined;
      phone.connections++;
      send(A_CNXN, version, maxPayload, banner);
    };

    const pump = (s: Stream) => {
      if (s.closed || s.inFlight) return;
      const next = s.queue.shift();
      if (next) {
        s.inFlight = true;
        send(A_WRTE, s.local, s.remote, next);
      } else if (s.ending) {
        s.closed = true;
        streams.delete(s.local);
        send(A_CLSE, s.local, s.remote);
      }
    };

    const write = (s: Stream, data: Uint8Array) => {
      for (let i = 0; i < data.length; i += maxPayload) s.queue.push(Buffer.from(data.subarray(i, i + maxPayload)));
      pump(s);
    };

    const end = (s: Stream) => {
      s.ending = true;
      pump(s);
    };

    const closeStream = (s: Stream) => {
      if (s.closed) return;
      s.closed = true;
      streams.delete(s.local);
      s.onClose?.();
    };

    /** The stream as a service holds it: what it writes goes out in order, its hooks are the stream's. */
    const service = (s: Stream): ServiceStream => ({
      write: (data) => write(s, data),
      end: () => end(s),
      set onData(f: Stream['onData']) {
        s.onData = f;
      },
      set onClose(f: Stream['onClose']) {
        s.onClose = f;
      },
    });

    const open = (remote: number, name: string) => {
      const command = /^(shell|exec):(.*)$/s.exec(name);
      const abstract = name.startsWith('localabstract:');
      if (!command && name !== 'sync:' && !abstract) {
        send(A_CLSE, 0, remote);
        return;
      }
      const s: Stream = { local: nextId++, remote, queue: [], inFlight: false, ending: false, closed: false };
      if (abstract) {
        // What the server writes waits for the OKAY that opens the stream.
        s.inFlight = true;
        // Nothing listens there: the connection is refused, as adbd refuses it.
        if (!scrcpy.connect(name, service(s))) {
          send(A_CLSE, 0, remote);
          return;
        }
        streams.set(s.local, s);
        send(A_OKAY, s.local, s.remote);
        s.inFlight = false;
        pump(s);
        return;
      }
      streams.set(s.local, s);
      send(A_OKAY, s.local, s.remote);
      if (command) {
        const line = command[2] ?? '';
        // An interactive shell (no command) is not offered: the stream closes at once.
        if (!line) return end(s);
        state.asked.push(line);
        if (scrcpy.start(line, service(s))) return;
        runShell(state, line).then(
          (out) => {
            write(s, out);
            end(s);
          },
          (e: unknown) => {
            write(s, Buffer.from(`${e instanceof Error ? e.message : String(e)}\n`));
            end(s);
          },
        );
        return;
      }
      const sync = new SyncSession(state);
      s.onData = (data) => {
        const out = sync.feed(data);
        if (out.length) write(s, Buffer.concat(out));
        if (sync.finished) end(s);
      };
    };

    const packet = (command: number, arg0: number, arg1: number, payload: Buffer) => {
      if (command === A_CNXN) {
        version = Math.min(A_VERSION, arg0);
        maxPayload = Math.min(MAX_PAYLOAD, arg1);
        negotiated = true;
        online = false;
        for (const s of [...streams.values()]) closeStream(s);
        sendToken();
        return;
      }
      if (command === A_AUTH) {
        if (online || !token) return;
        if (arg0 === AUTH_SIGNATURE) {
          const signed = token;
          const accepted = phone.authorizedKeys.some((line) => {
            const key = parseAdbPublicKey(line);
            return key !== undefined && verifyToken(key, signed, payload);
          });
          if (accepted) goOnline();
          else sendToken();
          return;
        }
        if (arg0 === AUTH_RSAPUBLICKEY) {
          const line = payload.toString('utf8').replace(/\0+$/, '').trim();
          if (!acceptNewKeys || !parseAdbPublicKey(line)) {
            socket.destroy();
            return;
          }
          if (!phone.authorizedKeys.includes(line)) phone.authorizedKeys.push(line);
          goOnline();
          return;
        }
        socket.destroy();
        return;
      }
      if (!online) return;
      switch (command) {
        case A_OPEN:
          open(arg0, payload.toString('utf8').replace(/\0+$/, ''));
          return;
        case A_OKAY: {
          const s = streams.get(arg1);
          if (s) {
            s.remote = arg0;
            s.inFlight = false;
            pump(s);
          }
          return;
        }
        case A_WRTE: {
          const s = streams.get(arg1);
          if (!s || s.closed) {
            send(A_CLSE, 0, arg0);
            return;
          }
          send(A_OKAY, s.local, s.remote);
          s.onData?.(payload);
          return;
        }
        case A_CLSE: {
          const s = streams.get(arg1);
          if (s && !s.closed) {
            closeStream(s);
            send(A_CLSE, s.local, s.remote);
          }
          return;
        }
        case A_SYNC:
          return;
        default:
          // An unknown command: the connection is not talking ADB.
          socket.destroy();
      }
    };

    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      while (buffer.length >= 24 && !socket.destroyed) {
        const command = buffer.readUInt32LE(0);
        const arg0 = buffer.readUInt32LE(4);
        const arg1 = buffer.readUInt32LE(8);
        const length = buffer.readUInt32LE(12);
        const sum = buffer.readUInt32LE(16);
        const magic = buffer.readUInt32LE(20);
        if (magic !== (command ^ 0xffffffff) >>> 0 || length > MAX_PAYLOAD) {
          socket.destroy();
          return;
        }
        if (buffer.length < 24 + length) return;
        const payload = buffer.subarray(24, 24 + length);
        buffer = buffer.subarray(24 + length);
        // Before the version is known a checksum is checked when there is one; after, only for
        // versions that still carry it.
        const mustCheck = negotiated ? version < VERSION_SKIP_CHECKSUM : sum !== 0;
        if (mustCheck && checksum(payload) !== sum) {
          socket.destroy();
          return;
        }
        packet(command, arg0, arg1, payload);
      }
    });
  }

  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the test phone has no port');
  phone.port = address.port;
  phone.endpoint = { host: phone.host, port: address.port };
  return phone;
}
