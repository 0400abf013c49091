import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, connect as netConnect, type Socket } from 'node:net';
import type { connectProxySchema } from '@facet/shared';
import { Server as ProxyChainServer } from 'proxy-chain';
import { Client as SshClient } from 'ssh2';
import type { z } from 'zod';
import type { SshHostKeys } from './ssh-host-keys.js';

export type ConnectProxy = z.infer<typeof connectProxySchema>;

export interface RelayCredentials {
  username: string;
  password: string;
}

export interface ProxyRelay {
  /** `http://127.0.0.1:port`, for --proxy-server (Chromium takes no credentials there). */
  url: string;
  /** The relay's own per-session proxy credentials; every request without them gets a 407. */
  credentials: RelayCredentials;
  /** `url` with the credentials in it, for the client's own HTTP tunnel. */
  authUrl: string;
  close(): Promise<void>;
}

export interface RelayOptions {
  /** Pinned SSH host keys; required for an ssh upstream (see docs/client.md, "Proxy relays"). */
  sshHostKeys?: SshHostKeys;
  /**
   * Targets reached directly instead of through the upstream: the client's own pages on loopback
   * (the fingerprint checker's), which no proxy could reach. Asked per connection.
   */
  direct?: (host: string, port: number) => boolean;
}

/** The realm of the relays' 407 answers (what Chromium shows as `authChallenge.realm`). */
export const RELAY_REALM = 'Facet relay';

function newCredentials(): RelayCredentials {
  // 144 random bits each: not guessable by another local process in any number of tries.
  return { username: randomBytes(18).toString('base64url'), password: randomBytes(18).toString('base64url') };
}

const digest = (s: string) => createHash('sha256').update(s).digest();
/** Constant-time, so the answer time tells nothing about how much of a guess was right. */
function sameCredentials(want: RelayCredentials, username: string, password: string): boolean {
  return timingSafeEqual(digest(`${want.username}\0${want.password}`), digest(`${username}\0${password}`));
}

/** Whether a request's Proxy-Authorization header carries the relay's Basic credentials. */
function authorized(want: RelayCredentials, header: string | undefined): boolean {
  const m = /^basic\s+(\S+)$/i.exec(header ?? '');
  if (!m) return false;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon >= 0 && sameCredentials(want, text.slice(0, colon), text.slice(colon + 1));
}

function relayOf(port: number, credentials: RelayCredentials, close: () => Promise<void>): ProxyRelay {
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    credentials,
    authUrl: `http://${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`,
    close,
  };
}

/** The upstream URL proxy-chain chains to; credentials are URL-encoded so any character survives. */
export function upstreamUrl(p: ConnectProxy): string {
  if (p.scheme === 'ssh') throw new Error('ssh upstreams are relayed by the ssh relay');
  if (!p.host || !p.port) throw new Error('proxy host and port are required');
  const auth = p.userName
    ? `${encodeURIComponent(p.userName)}${p.password ? `:${encodeURIComponent(p.password)}` : ''}@`
    : '';
  const host = p.host.includes(':') && !p.host.startsWith('[') ? `[${p.host}]` : p.host;
  return `${p.scheme}://${auth}${host}:${p.port}`;
}

/**
 * A local HTTP proxy on 127.0.0.1 that forwards everything to the profile's upstream (http,
 * https or socks5 with username/password through proxy-chain; ssh through an ssh2 tunnel).
 * Chromium must never see the provider credentials, so it only ever talks to this relay; and
 * the relay serves only whoever holds its random per-session credentials (the client answers
 * Chromium's 407 challenge over CDP, see relay-auth.ts), not any other process on the machine.
 */
export async function startProxyRelay(p: ConnectProxy, o: RelayOptions = {}): Promise<ProxyRelay> {
  const credentials = newCredentials();
  if (p.scheme === 'ssh') {
    if (!o.sshHostKeys) throw new Error('an ssh relay needs the pinned host keys');
    return startSshRelay(p, credentials, o.sshHostKeys, o.direct);
  }
  const upstream = upstreamUrl(p);
  const server = new ProxyChainServer({
    port: 0,
    host: '127.0.0.1',
    authRealm: RELAY_REALM,
    prepareRequestFunction: ({ username, password, hostname, port }) => {
      if (!sameCredentials(credentials, username ?? '', password ?? ''))
        return { requestAuthentication: true, failMsg: 'Proxy credentials required' };
      if (o.direct?.(hostname, port)) return {};
      return { upstreamProxyUrl: upstream, ignoreUpstreamProxyCertificate: false };
    },
  });
  await server.listen();
  return relayOf(server.port, credentials, () => server.close(true));
}

/** An HTTP proxy whose every connection is a direct-tcpip channel of one SSH session. */
async function startSshRelay(
  p: ConnectProxy,
  credentials: RelayCredentials,
  hostKeys: SshHostKeys,
  direct: RelayOptions['direct'],
): Promise<ProxyRelay> {
  const sshPort = p.port;
  const sshHost = p.host;
  if (!sshHost || !sshPort) throw new Error('ssh host and port are required');
  const ssh = new SshClient();
  await new Promise<void>((resolve, reject) => {
    // ssh2 reports a refused key only as "verification failed"; the reason is kept to say which key.
    let refused: Error | null = null;
    ssh.once('ready', () => resolve());
    ssh.once('error', (e) => reject(new Error(`ssh ${sshHost}:${sshPort}: ${(refused ?? e).message}`)));
    ssh.connect({
      host: sshHost,
      port: sshPort,
      username: p.userName,
      password: p.password,
      readyTimeout: 15_000,
      keepaliveInterval: 15_000,
      // Checked before authentication: a changed key never gets the password.
      hostVerifier: (key: Buffer, verify: (valid: boolean) => void) => {
        hostKeys.verify(sshHost, sshPort, key).then(
          () => verify(true),
          (e: Error) => {
            refused = e;
            verify(false);
          },
        );
      },
    });
  });
  const forward = (host: string, port: number) =>
    new Promise<NodeJS.ReadWriteStream & { destroy(): void }>((resolve, reject) => {
      if (direct?.(host, port)) {
        const socket = netConnect(port, host, () => resolve(socket));
        socket.once('error', reject);
        return;
      }
      ssh.forwardOut('127.0.0.1', 0, host, port, (err, stream) => (err ? reject(err) : resolve(stream)));
    });
  const challenge = { 'proxy-authenticate': `Basic realm="${RELAY_REALM}"` };
  const server: Server = createHttpServer((req, res) => {
    if (!authorized(credentials, req.headers['proxy-authorization'])) {
      res.writeHead(407, challenge).end();
      return;
    }
    // Plain HTTP through the proxy: the request line holds an absolute URL.
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const port = Number(target.port || 80);
    forward(target.hostname, port)
      .then((stream) => {
        const up = httpRequest(
          {
            host: target.hostname,
            port,
            method: req.method,
            path: `${target.pathname}${target.search}`,
            headers: withoutProxyHeaders(req),
            createConnection: () => stream as unknown as Socket,
          },
          (upRes) => {
            res.writeHead(upRes.statusCode ?? 502, upRes.headers);
            upRes.pipe(res);
          },
        );
        up.on('error', () => res.destroy());
        req.pipe(up);
      })
      .catch(() => res.writeHead(502).end());
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    if (!authorized(credentials, req.headers['proxy-authorization'])) {
      client.end(
        `HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: ${challenge['proxy-authenticate']}\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    const [host, portText] = splitHostPort(req.url ?? '');
    forward(host, Number(portText || 443))
      .then((stream) => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length) stream.write(head);
        stream.pipe(client).pipe(stream as unknown as NodeJS.WritableStream);
        client.on('error', () => stream.destroy());
        stream.on('error', () => client.destroy());
      })
      .catch(() => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return relayOf(port, credentials, async () => {
    server.closeAllConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    ssh.end();
  });
}

function splitHostPort(s: string): [string, string] {
  const m = /^\[([^\]]+)\]:(\d+)$/.exec(s) ?? /^([^:]+):(\d+)$/.exec(s);
  return m ? [m[1]!, m[2]!] : [s, ''];
}

function withoutProxyHeaders(req: IncomingMessage) {
  const h = { ...req.headers };
  delete h['proxy-authorization'];
  delete h['proxy-connection'];
  return h;
}
