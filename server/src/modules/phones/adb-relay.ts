import { createPublicKey, publicDecrypt, randomBytes, constants as rsa } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { type PhoneLink, packetConnection } from '@facet/shared/node';
import { AdbCommand, type AdbPacketData, type AdbPacketInit, type AdbSocket, calculateChecksum } from '@yume-chan/adb';
import { Consumable } from '@yume-chan/stream-extra';

/*
 * ADB access for users (docs/phones.md, ADB access for users): a user's own `adb` connects to a
 * port of the Facet server, proves it holds a key the user registered for the environment, and
 * every stream it opens is opened on the device by the server's own link. The user never learns
 * the device's address, and the device trusts only the server's key.
 */

const AUTH_TOKEN = 1;
const AUTH_SIGNATURE = 2;
const AUTH_RSAPUBLICKEY = 3;
/** A version every adb since Android 9 speaks; from it on, packets may omit their checksum. */
const VERSION = 0x01000001;
const MAX_DATA = 256 * 1024;
/** How long a user's adb may take from connecting to being let in. */
const HANDSHAKE_MS = 10_000;
/** DigestInfo of SHA-1: what an ADB signature wraps around the 20-byte token. */
const SHA1_DIGEST_INFO = Buffer.from('3021300906052b0e03021a05000414', 'hex');
/** delayed_ack changes OPEN's meaning; the relay keeps the plain flow control. */
const HIDDEN_FEATURES = new Set(['delayed_ack']);

/** The Android public key line (`base64 user@host`) as a key Node verifies with, or null if it is not one. */
export function parseAdbPublicKey(line: string): { key: ReturnType<typeof createPublicKey>; base64: string } | null {
  const base64 = line.trim().split(/\s+/)[0] ?? '';
  const raw = Buffer.from(base64, 'base64');
  // struct { u32 words; u32 n0inv; u32 n[words]; u32 rr[words]; u32 e } for a 2048-bit key.
  if (raw.length !== 524 || raw.readUInt32LE(0) !== 64) return null;
  const n = Buffer.from(raw.subarray(8, 8 + 256)).reverse();
  const e = raw.readUInt32LE(520);
  if (e !== 3 && e !== 65537) return null;
  const eBytes = Buffer.alloc(4);
  eBytes.writeUInt32BE(e);
  try {
    const key = createPublicKey({
      key: {
        kty: 'RSA',
        n: n.toString('base64url'),
        e: eBytes.subarray(eBytes.findIndex((b) => b !== 0)).toString('base64url'),
      },
      format: 'jwk',
    });
    return { key, base64 };
  } catch {
    return null;
  }
}

function signedBy(token: Buffer, signature: Uint8Array, keys: ReturnType<typeof parseAdbPublicKey>[]): boolean {
  for (const k of keys) {
    if (!k) continue;
    try {
      const plain = publicDecrypt({ key: k.key, padding: rsa.RSA_PKCS1_PADDING }, signature);
      if (plain.equals(Buffer.concat([SHA1_DIGEST_INFO, token]))) return true;
    } catch {
      // Not this key.
    }
  }
  return false;
}

export interface RelayTarget {
  /** The keys (adbkey.pub lines) the user registered for this environment, read when someone connects. */
  keys(): Promise<string[]>;
  /** The server's link to the environment's device, or why not. */
  link(): Promise<PhoneLink>;
}

/** One listening port per environment with ADB access on. */
export class AdbRelay {
  private readonly servers = new Map<number, { server: Server; sockets: Set<Socket> }>();

  constructor(private readonly host: string) {}

  ports(): number[] {
    return [...this.servers.keys()];
  }

  /** Listens on `port` (0: one the system picks) and answers the port. */
  async listen(port: number, target: RelayTarget): Promise<number> {
    if (port && this.servers.has(port)) return port;
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      void serve(socket, target).catch(() => socket.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const bound = (server.address() as { port: number }).port;
    this.servers.set(bound, { server, sockets });
    return bound;
  }

  async close(port: number): Promise<void> {
    const s = this.servers.get(port);
    if (!s) return;
    this.servers.delete(port);
    for (const socket of s.sockets) socket.destroy();
    await new Promise<void>((resolve) => s.server.close(() => resolve()));
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.ports().map((p) => this.close(p)));
  }
}

/** One user's adb on one environment: the handshake, then each stream forwarded to the device. */
async function serve(socket: Socket, target: RelayTarget): Promise<void> {
  socket.setNoDelay(true);
  const conn = packetConnection(socket, () => undefined);
  const writer = conn.writable.getWriter();
  const send = (command: number, arg0: number, arg1: number, payload: Uint8Array = new Uint8Array()) =>
    writer.write(
      new Consumable<AdbPacketInit>({
        command,
        arg0,
        arg1,
        payload,
        checksum: calculateChecksum(payload),
        magic: command ^ 0xffffffff,
      }),
    );
  const reader = conn.readable.getReader();
  const deadline = setTimeout(() => socket.destroy(), HANDSHAKE_MS);
  let link: PhoneLink | null = null;
  try {
    // ---- the handshake: the user's CNXN, then AUTH until a registered key signs or is shown ----
    const first = await reader.read();
    if (first.done || first.value.command !== AdbCommand.Connect) return void socket.destroy();
    const maxData = Math.min(first.value.arg1 || MAX_DATA, MAX_DATA);
    const keys = (await target.keys()).map(parseAdbPublicKey);
    let token = randomBytes(20);
    await send(AdbCommand.Auth, AUTH_TOKEN, 0, token);
    for (;;) {
      const r = await reader.read();
      if (r.done) return;
      const p = r.value;
      if (p.command !== AdbCommand.Auth) continue;
      if (p.arg0 === AUTH_SIGNATURE && signedBy(token, p.payload, keys)) break;
      if (p.arg0 === AUTH_SIGNATURE) {
        token = randomBytes(20);
        await send(AdbCommand.Auth, AUTH_TOKEN, 0, token);
        continue;
      }
      if (p.arg0 === AUTH_RSAPUBLICKEY) {
        const shown = parseAdbPublicKey(Buffer.from(p.payload).toString('utf8').replace(/\0+$/, ''));
        if (shown && keys.some((k) => k?.base64 === shown.base64)) break;
        // A key nobody registered: the user's adb shows "unauthorized"; nothing reaches the device.
        return void socket.end();
      }
    }
    link = await target.link();
    const b = link.banner;
    const features = b.features.filter((f) => !HIDDEN_FEATURES.has(f));
    const banner = `device::ro.product.name=${b.product ?? ''};ro.product.model=${b.model ?? ''};ro.product.device=${b.device ?? ''};features=${features.join(',')}`;
    await send(AdbCommand.Connect, VERSION, maxData, Buffer.from(banner));
    clearTimeout(deadline);
    const device = link;
    void device.gone.then(() => socket.destroy());
    await forward(reader, send, device, maxData);
  } finally {
    clearTimeout(deadline);
    socket.destroy();
    await link?.close().catch(() => undefined);
  }
}

type Send = (command: number, arg0: number, arg1: number, payload?: Uint8Array) => Promise<void>;

/** Streams by the relay's id: the device side, the user's id, and who waits for the user's OKAY. */
interface Stream {
  device: AdbSocket;
  userId: number;
  writer: WritableStreamDefaultWriter<Uint8Array>;
  acked: (() => void) | null;
}

async function forward(
  reader: { read(): Promise<{ done: true; value?: undefined } | { done: false; value: AdbPacketData }> },
  send: Send,
  device: PhoneLink,
  maxData: number,
) {
  const streams = new Map<number, Stream>();
  let nextId = 1;
  const closeStream = async (id: number, tellUser: boolean) => {
    const s = streams.get(id);
    if (!s) return;
    streams.delete(id);
    s.acked?.();
    await Promise.resolve(s.device.close()).catch(() => undefined);
    if (tellUser) await send(AdbCommand.Close, id, s.userId).catch(() => undefined);
  };
  const pump = async (id: number, s: Stream) => {
    const r = s.device.readable.getReader();
    try {
      for (;;) {
        const { done, value } = await r.read();
        if (done || !streams.has(id)) break;
        for (let at = 0; at < value.length; at += maxData) {
          const acked = new Promise<void>((resolve) => {
            s.acked = resolve;
          });
          await send(AdbCommand.Write, id, s.userId, value.subarray(at, at + maxData));
          await acked;
          if (!streams.has(id)) return;
        }
      }
    } catch {
      // The device's stream broke: the user is told by the close below.
    } finally {
      r.releaseLock();
    }
    await closeStream(id, true);
  };
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      const p = r.value;
      switch (p.command) {
        case AdbCommand.Open: {
          const service = Buffer.from(p.payload).toString('utf8').replace(/\0+$/, '');
          let socket: AdbSocket;
          try {
            socket = await device.open(service);
          } catch {
            await send(AdbCommand.Close, 0, p.arg0);
            break;
          }
          const id = nextId++;
          const s: Stream = {
            device: socket,
            userId: p.arg0,
            writer: socket.writable.getWriter() as never,
            acked: null,
          };
          streams.set(id, s);
          await send(AdbCommand.Okay, id, p.arg0);
          void pump(id, s);
          break;
        }
        case AdbCommand.Write: {
          const s = streams.get(p.arg1);
          if (!s) break;
          await s.writer.write(p.payload.slice());
          await send(AdbCommand.Okay, p.arg1, p.arg0);
          break;
        }
        case AdbCommand.Okay: {
          const s = streams.get(p.arg1);
          const acked = s?.acked;
          if (s) s.acked = null;
          acked?.();
          break;
        }
        case AdbCommand.Close:
          await closeStream(p.arg1, false);
          break;
      }
    }
  } finally {
    for (const id of [...streams.keys()]) await closeStream(id, false);
  }
}
