// A link to a cloud phone: ADB over TCP, spoken by @yume-chan/adb's daemon transport (no adb
// binary, no adb server). The server links to its devices with its own RSA key (a device lets it
// in once the key's public line is in its adb_keys); the client links through the server's relay
// with a key of its own that a grant admitted (docs/phones.md).
import { generateKeyPairSync } from 'node:crypto';
import { connect as netConnect, type Socket } from 'node:net';
import {
  Adb,
  type AdbAuthenticator,
  AdbCommand,
  type AdbCredentialStore,
  AdbDaemonTransport,
  AdbPacket,
  type AdbPacketData,
  AdbPacketSerializeStream,
  AdbPublicKeyAuthenticator,
  AdbSignatureAuthenticator,
  type AdbSocket,
  adbGeneratePublicKey,
} from '@yume-chan/adb';
import {
  type Consumable,
  ReadableStream,
  StructDeserializeStream,
  TransformStream,
  WritableStream,
} from '@yume-chan/stream-extra';

export interface AdbEndpoint {
  host: string;
  port: number;
}

export type AdbFailure = 'refused' | 'timeout' | 'unauthorized' | 'closed' | 'protocol';

/** A refusal the caller can name to a user; `reason` says which. */
export class AdbError extends Error {
  constructor(
    readonly reason: AdbFailure,
    message: string,
  ) {
    super(message);
    this.name = 'AdbError';
  }
}

/** One authenticated connection to a device. */
export interface PhoneLink {
  readonly serial: string;
  readonly banner: { model?: string; product?: string; device?: string; features: string[] };
  /** Runs a command with `sh -c` semantics; resolves with its whole output (stdout+stderr). */
  shell(command: string, opts?: { timeoutMs?: number }): Promise<string>;
  /** Writes a file on the device (sync SEND), creating parent folders; mode defaults to 0o644. */
  push(remotePath: string, data: Uint8Array | ReadableStream<Uint8Array>, mode?: number): Promise<void>;
  /** The screen as PNG bytes (`screencap -p` over exec/shell, binary-safe). */
  screencap(): Promise<Uint8Array>;
  /** A raw stream to one of the device's services (the relay forwards a user's streams this way). */
  open(service: string): Promise<AdbSocket>;
  /** The connection as @yume-chan/adb holds it, for protocols built on it (scrcpy). */
  readonly adb: Adb;
  /** Settles when the device's connection is gone. */
  readonly gone: Promise<void>;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 5000;
/** How long one shell command may take unless the caller says otherwise. */
const SHELL_TIMEOUT_MS = 30_000;
/** A push of an APK of a few hundred MB over a farm's network. */
const PUSH_TIMEOUT_MS = 300_000;
const SCREENCAP_TIMEOUT_MS = 30_000;
/** How long close() waits for the device to see the CLSE packets before the socket is cut. */
const CLOSE_GRACE_MS = 1000;
const KEY_NAME = 'facet';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A new RSA-2048 ADB key, PKCS#8 DER. */
export function newAdbKey(): Uint8Array {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicExponent: 65537,
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
    publicKeyEncoding: { type: 'spki', format: 'der' },
  });
  return new Uint8Array(privateKey);
}

/** The public key line a device stores in adb_keys (Android's RSAPUBLICKEY format + " facet"), for docs/operators. */
export function adbPublicKey(pkcs8: Uint8Array): string {
  return `${Buffer.from(adbGeneratePublicKey(pkcs8)).toString('base64')} ${KEY_NAME}`;
}

function failure(e: unknown): AdbError | undefined {
  return e instanceof AdbError ? e : undefined;
}

/** Resolves with the connected socket; rejects with 'refused' or 'timeout' (never leaves the socket open). */
function openSocket(endpoint: AdbEndpoint, deadline: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect({ host: endpoint.host, port: endpoint.port });
    socket.setNoDelay(true);
    const timer = setTimeout(
      () => {
        socket.destroy();
        reject(new AdbError('timeout', `${endpoint.host}:${endpoint.port} did not accept the connection in time`));
      },
      Math.max(0, deadline - Date.now()),
    );
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      reject(
        e.code === 'ETIMEDOUT'
          ? new AdbError('timeout', `${endpoint.host}:${endpoint.port} did not accept the connection in time`)
          : new AdbError(
              'refused',
              `${endpoint.host}:${endpoint.port} refused the connection (${e.code ?? e.message})`,
            ),
      );
    });
  });
}

/**
 * The socket as the packet streams the daemon transport reads and writes, framed by the library's
 * own (de)serializer. `onPacket` sees each packet the device sends.
 */
export function packetConnection(socket: Socket, onPacket: (packet: AdbPacketData) => void) {
  const bytes = new ReadableStream<Uint8Array>({
    start(controller) {
      socket.on('data', (chunk: Buffer) => {
        try {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        } catch {
          // The reader is gone (the link is closing): the bytes have no one to go to.
          socket.destroy();
          return;
        }
        if ((controller.desiredSize ?? 1) <= 0) socket.pause();
      });
      const end = () => {
        try {
          controller.close();
        } catch {
          // Already closed or cancelled.
        }
      };
      socket.once('end', end);
      socket.once('close', end);
      socket.on('error', () => end());
    },
    pull() {
      socket.resume();
    },
    cancel() {
      socket.destroy();
    },
  });
  const readable = bytes.pipeThrough(new StructDeserializeStream(AdbPacket)).pipeThrough(
    new TransformStream<AdbPacketData, AdbPacketData>({
      transform(packet, controller) {
        onPacket(packet);
        controller.enqueue(packet);
      },
    }),
  );
  const serializer = new AdbPacketSerializeStream();
  serializer.readable
    .pipeTo(
      new WritableStream<Consumable<Uint8Array>>({
        async write(chunk) {
          await chunk.tryConsume(async (data) => {
            // A packet written after the connection ended goes nowhere: throwing here would
            // reject a promise the library never awaits, and Node ends the process on it. The
            // link's `gone` and the commands' own failures report the end.
            if (socket.destroyed) return;
            // The serializer reuses its header buffer: the socket gets a copy.
            if (!socket.write(Buffer.from(data))) {
              await new Promise<void>((resolve) => {
                const done = () => {
                  socket.off('drain', done);
                  socket.off('close', done);
                  resolve();
                };
                socket.on('drain', done);
                socket.on('close', done);
              });
            }
          });
        },
        close() {
          socket.end();
        },
        abort() {
          socket.destroy();
        },
      }),
    )
    .catch(() => socket.destroy());
  return { readable, writable: serializer.writable };
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => AdbError): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(onTimeout()), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function readAll(socket: AdbSocket): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = socket.readable.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value.slice());
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks);
}

export async function connectPhone(
  endpoint: AdbEndpoint,
  key: Uint8Array,
  opts: { timeoutMs?: number } = {},
): Promise<PhoneLink> {
  const serial = `${endpoint.host}:${endpoint.port}`;
  const timeoutMs = opts.timeoutMs ?? CONNECT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const socket = await openSocket(endpoint, deadline);

  let dropped = false;
  let closing = false;
  const gone = new Promise<void>((resolve) => {
    const drop = () => {
      dropped = true;
      resolve();
    };
    socket.once('end', drop);
    socket.once('close', drop);
    socket.on('error', drop);
  });

  let askedToAuth = false;
  let sentPublicKey = false;
  const connection = packetConnection(socket, (packet) => {
    if (packet.command === AdbCommand.Auth) askedToAuth = true;
  });
  // The public key goes out only when no signature was accepted: after it, a device that asks again
  // or hangs up did not take the key.
  const publicKey: AdbAuthenticator = async function* (store, next) {
    for await (const packet of AdbPublicKeyAuthenticator(store, next)) {
      sentPublicKey = true;
      yield packet;
    }
  };
  const credentialStore: AdbCredentialStore = {
    generateKey: () => {
      throw new Error('the server has one ADB key; it does not make new ones during a connection');
    },
    iterateKeys: () => [{ buffer: key, name: KEY_NAME }],
  };

  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      socket.destroy();
    },
    Math.max(0, deadline - Date.now()),
  );
  let transport: AdbDaemonTransport;
  try {
    transport = await AdbDaemonTransport.authenticate({
      serial,
      connection,
      credentialStore,
      authenticators: [AdbSignatureAuthenticator, publicKey],
    });
  } catch (e) {
    socket.destroy();
    if (timedOut && sentPublicKey) {
      throw new AdbError('unauthorized', `${serial} has not accepted the server's ADB key (waiting for its owner?)`);
    }
    if (timedOut) throw new AdbError('timeout', `${serial} did not complete the ADB handshake in ${timeoutMs} ms`);
    if (askedToAuth) throw new AdbError('unauthorized', `${serial} refused the server's ADB key`);
    if (dropped) throw new AdbError('closed', `${serial} closed the connection during the ADB handshake`);
    throw new AdbError('protocol', `${serial}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    clearTimeout(timer);
  }
  // After the handshake, a dropped connection shows as 'closed' on the operation that needed it.
  transport.disconnected.catch(() => undefined);
  const adb = new Adb(transport);

  /** Runs one operation: a drop of the connection or the time running out settle it. */
  async function operation<T>(what: string, ms: number, work: () => Promise<T>, cleanup?: () => void): Promise<T> {
    if (closing || dropped) throw new AdbError('closed', `${serial}: the connection is closed`);
    const lost = gone.then(() => {
      throw new AdbError('closed', `${serial} closed the connection during ${what}`);
    });
    lost.catch(() => undefined);
    try {
      const result = await withTimeout(
        Promise.race([work(), lost]),
        ms,
        () => new AdbError('timeout', `${serial}: ${what} took longer than ${ms} ms`),
      );
      if (dropped && !closing) throw new AdbError('closed', `${serial} closed the connection during ${what}`);
      return result;
    } catch (e) {
      cleanup?.();
      if (failure(e)) throw e;
      if (dropped || closing) throw new AdbError('closed', `${serial} closed the connection during ${what}`);
      throw new AdbError('protocol', `${serial}: ${what} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  async function run(service: string, what: string, ms: number): Promise<Uint8Array> {
    let stream: AdbSocket | undefined;
    return operation(
      what,
      ms,
      async () => {
        stream = await adb.createSocket(service);
        return readAll(stream);
      },
      () => void Promise.resolve(stream?.close()).catch(() => undefined),
    );
  }

  const banner = transport.banner;
  const link: PhoneLink = {
    serial,
    banner: {
      ...(banner.model === undefined ? {} : { model: banner.model }),
      ...(banner.product === undefined ? {} : { product: banner.product }),
      ...(banner.device === undefined ? {} : { device: banner.device }),
      features: [...banner.features],
    },
    async shell(command, o = {}) {
      const out = await run(`shell:${command}`, `shell "${command}"`, o.timeoutMs ?? SHELL_TIMEOUT_MS);
      return Buffer.from(out).toString('utf8');
    },
    async push(remotePath, data, mode = 0o644) {
      const file =
        data instanceof Uint8Array
          ? new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(data);
                controller.close();
              },
            })
          : data;
      await operation(`push to ${remotePath}`, PUSH_TIMEOUT_MS, async () => {
        const sync = await adb.sync();
        try {
          await sync.write({ filename: remotePath, file, permission: mode });
        } finally {
          await sync.dispose().catch(() => undefined);
        }
      });
    },
    async screencap() {
      const png = await run('exec:screencap -p', 'screencap', SCREENCAP_TIMEOUT_MS);
      if (png.length < 8 || PNG_SIGNATURE.some((b, i) => png[i] !== b)) {
        const text = Buffer.from(png.subarray(0, 200)).toString('utf8').trim();
        throw new AdbError('protocol', `${serial}: screencap did not return a PNG${text ? `: ${text}` : ''}`);
      }
      return png;
    },
    open(service) {
      if (closing || dropped) return Promise.reject(new AdbError('closed', `${serial}: the connection is closed`));
      return adb.createSocket(service);
    },
    adb,
    gone,
    async close() {
      if (closing) return;
      closing = true;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        adb.close().catch(() => undefined),
        gone,
        new Promise<void>((resolve) => {
          grace = setTimeout(resolve, CLOSE_GRACE_MS);
        }),
      ]);
      clearTimeout(grace);
      socket.destroy();
    },
  };
  return link;
}

/** connect, run fn, always close. */
export async function withPhone<T>(
  endpoint: AdbEndpoint,
  key: Uint8Array,
  fn: (link: PhoneLink) => Promise<T>,
  opts: { timeoutMs?: number } = {},
): Promise<T> {
  const link = await connectPhone(endpoint, key, opts);
  try {
    return await fn(link);
  } finally {
    await link.close();
  }
}
