import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import type { BuiltProxy } from './build.js';

/**
 * Proxy check: a real connection through the proxy (http, https, socks5) to an IP-info URL,
 * giving the exit IP, country and latency, or the reason it failed. ssh is checked by the client.
 */
export const ipInfoUrl = () => process.env.FACET_IP_INFO_URL ?? 'http://ip-api.com/json';

export interface CheckResult {
  ok: boolean;
  exitIp: string;
  country: string;
  latencyMs: number;
  error: string;
}

/** Reads exactly n bytes (or up to a delimiter) from a socket, keeping what follows. */
class Reader {
  private buf = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  private failed: Error | null = null;
  constructor(private readonly socket: net.Socket) {
    socket.on('data', this.onData);
    socket.on('error', (e) => this.fail(e));
    socket.on('close', () => this.fail(new Error('proxy closed the connection')));
  }
  private onData = (d: Buffer) => {
    this.buf = Buffer.concat([this.buf, d]);
    for (const w of this.waiters.splice(0)) w();
  };
  private fail(e: Error) {
    this.failed ??= e;
    for (const w of this.waiters.splice(0)) w();
  }
  private async until(ready: () => number): Promise<Buffer> {
    for (;;) {
      const n = ready();
      if (n >= 0) {
        const out = this.buf.subarray(0, n);
        this.buf = this.buf.subarray(n);
        return out;
      }
      if (this.failed) throw this.failed;
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }
  bytes(n: number) {
    return this.until(() => (this.buf.length >= n ? n : -1));
  }
  head() {
    return this.until(() => {
      const i = this.buf.indexOf('\r\n\r\n');
      return i < 0 ? -1 : i + 4;
    });
  }
  /** Stops reading; the socket is handed on. */
  release() {
    this.socket.off('data', this.onData);
    this.socket.removeAllListeners('close');
    this.socket.removeAllListeners('error');
    if (this.buf.length) this.socket.unshift(this.buf);
  }
}

/** Connects to `address` (already resolved and vetted), naming `host` for TLS. */
function connect(host: string, port: number, secure: boolean, address = host): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = secure
      ? tls.connect({ host: address, port, servername: net.isIP(host) ? undefined : host }, () => resolve(s))
      : net.connect({ host: address, port }, () => resolve(s));
    s.once('error', reject);
  });
}

async function tunnel(p: BuiltProxy, host: string, port: number, address?: string): Promise<net.Socket> {
  if (!p.port) throw new Error('proxy has no port');
  const socket = await connect(p.host, p.port, p.scheme === 'https', address);
  const r = new Reader(socket);
  if (p.scheme === 'socks5') {
    const auth = Boolean(p.userName || p.password);
    socket.write(Buffer.from(auth ? [5, 2, 0, 2] : [5, 1, 0]));
    const [ver, method] = await r.bytes(2);
    if (ver !== 5) throw new Error('not a SOCKS5 proxy');
    if (method === 2) {
      const u = Buffer.from(p.userName);
      const pw = Buffer.from(p.password);
      socket.write(Buffer.concat([Buffer.from([1, u.length]), u, Buffer.from([pw.length]), pw]));
      const [, status] = await r.bytes(2);
      if (status !== 0) throw new Error('SOCKS5 authentication failed');
    } else if (method !== 0) throw new Error('SOCKS5 proxy accepts none of our authentication methods');
    const h = Buffer.from(host);
    socket.write(Buffer.concat([Buffer.from([5, 1, 0, 3, h.length]), h, Buffer.from([port >> 8, port & 255])]));
    const [, rep, , atyp] = await r.bytes(4);
    if (rep !== 0) throw new Error(`SOCKS5 connect refused (reply ${rep})`);
    const len = atyp === 1 ? 4 : atyp === 4 ? 16 : (await r.bytes(1))[0]!;
    await r.bytes(len + 2);
  } else {
    const auth =
      p.userName || p.password
        ? `Proxy-Authorization: Basic ${Buffer.from(`${p.userName}:${p.password}`).toString('base64')}\r\n`
        : '';
    socket.write(`CONNECT ${host}:${port} HTTP/1.1\r\nHost: ${host}:${port}\r\n${auth}\r\n`);
    const head = (await r.head()).toString('latin1');
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
    if (status !== '200') throw new Error(`proxy answered ${head.split('\r\n')[0] || 'nothing'}`);
  }
  r.release();
  return socket;
}

/** `address`: where to reach the proxy (see ssrf.ts); its host name is still used for TLS. */
export async function checkThroughProxy(
  p: BuiltProxy,
  url = ipInfoUrl(),
  timeoutMs = 10_000,
  address?: string,
): Promise<CheckResult> {
  const started = Date.now();
  const fail = (error: string): CheckResult => ({
    ok: false,
    exitIp: '',
    country: '',
    latencyMs: Date.now() - started,
    error,
  });
  if (p.scheme === 'ssh') return fail('ssh proxies are checked by the desktop client');
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const port = Number(target.port) || (secure ? 443 : 80);
  let socket: net.Socket | undefined;
  const timer = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs).unref(),
  );
  try {
    const body = await Promise.race([
      timer,
      (async () => {
        socket = await tunnel(p, target.hostname, port, address);
        const s: net.Socket = secure ? tls.connect({ socket, servername: target.hostname }) : socket;
        return new Promise<string>((resolve, reject) => {
          const req = http.request(
            {
              host: target.hostname,
              port,
              path: target.pathname + target.search,
              createConnection: () => s,
              headers: { connection: 'close' },
            },
            (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (d: string) => {
                text += d;
              });
              res.on('end', () =>
                res.statusCode === 200
                  ? resolve(text)
                  : reject(new Error(`IP-info service answered ${res.statusCode}`)),
              );
            },
          );
          req.on('error', reject);
          req.end();
        });
      })(),
    ]);
    const info = JSON.parse(body) as Record<string, unknown>;
    const exitIp = String(info.query ?? info.ip ?? '');
    const country = String(info.countryCode ?? info.country_code ?? info.country ?? '');
    if (!exitIp) return fail('the IP-info service gave no IP');
    return { ok: true, exitIp, country, latencyMs: Date.now() - started, error: '' };
  } catch (e) {
    return fail((e as Error).message);
  } finally {
    (socket as net.Socket | undefined)?.destroy();
  }
}
