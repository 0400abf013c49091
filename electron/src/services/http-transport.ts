import {
  type ClientRequestArgs,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, connect as netConnect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type ConnectionOptions, connect as tlsConnect } from 'node:tls';

/**
 * Opens a CONNECT tunnel to host:port through an HTTP proxy. The client's system proxy is always
 * reached through its local relay, which holds the upstream's credentials; credentials in
 * `proxyUrl` are the relay's own (Basic), which it asks of every connection.
 */
export function connectTunnel(proxyUrl: string, host: string, port: number, timeoutMs = 30_000): Promise<Socket> {
  const proxy = new URL(proxyUrl);
  return new Promise<Socket>((resolve, reject) => {
    const socket = netConnect(Number(proxy.port || 80), proxy.hostname);
    const target = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    let buf = Buffer.alloc(0);
    const timer = setTimeout(() => fail(new Error(`proxy ${proxy.host}: no answer to CONNECT ${target}`)), timeoutMs);
    const fail = (e: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(e);
    };
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) {
        if (buf.length > 16_384) fail(new Error(`proxy ${proxy.host}: oversized CONNECT answer`));
        return;
      }
      socket.off('data', onData);
      socket.off('error', fail);
      clearTimeout(timer);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(buf.subarray(0, end).toString('latin1'))?.[1];
      if (status !== '200') {
        socket.destroy();
        reject(new Error(`proxy ${proxy.host} refused CONNECT ${target}: HTTP ${status ?? '?'}`));
        return;
      }
      const rest = buf.subarray(end + 4);
      if (rest.length) socket.unshift(rest);
      resolve(socket);
    };
    socket.on('data', onData);
    socket.once('error', fail);
    const auth = proxy.username
      ? `Proxy-Authorization: Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}\r\n`
      : '';
    socket.once('connect', () => socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`));
  });
}

type CreateCallback = (err: Error | null, stream: Duplex) => void;

/** Every connection of these agents is a tunnel through the proxy; kept alive like any agent's. */
class TunnelHttpAgent extends HttpAgent {
  constructor(private readonly proxyUrl: string) {
    // Idle tunnels close after 5 s like Node's global agent, well before a server drops them.
    super({ keepAlive: true, timeout: 5_000 });
  }
  override createConnection(o: ClientRequestArgs, cb: CreateCallback): Duplex | undefined {
    connectTunnel(this.proxyUrl, String(o.host ?? 'localhost'), Number(o.port ?? 80)).then(
      (s) => cb(null, s),
      (e: Error) => cb(e, undefined as unknown as Duplex),
    );
    return undefined;
  }
}

class TunnelHttpsAgent extends HttpsAgent {
  constructor(private readonly proxyUrl: string) {
    // Idle tunnels close after 5 s like Node's global agent, well before a server drops them.
    super({ keepAlive: true, timeout: 5_000 });
  }
  override createConnection(o: ClientRequestArgs & ConnectionOptions, cb: CreateCallback): Duplex | undefined {
    const host = String(o.host ?? 'localhost');
    connectTunnel(this.proxyUrl, host, Number(o.port ?? 443)).then(
      (socket) =>
        cb(
          null,
          tlsConnect({
            socket,
            // SNI only for names (an IP address must not be sent as server name).
            ...(isIP(o.servername ?? host) ? {} : { servername: o.servername ?? host }),
            ...(o.ca ? { ca: o.ca } : {}),
            ...(o.rejectUnauthorized === false ? { rejectUnauthorized: false } : {}),
          }),
        ),
      (e: Error) => cb(e, undefined as unknown as Duplex),
    );
    return undefined;
  }
}

export interface ProxyAgents {
  proxyUrl: string;
  http: HttpAgent;
  https: HttpsAgent;
  destroy(): void;
}

export function tunnelAgents(proxyUrl: string): ProxyAgents {
  const http = new TunnelHttpAgent(proxyUrl);
  const https = new TunnelHttpsAgent(proxyUrl);
  return {
    proxyUrl,
    http,
    https,
    destroy: () => {
      http.destroy();
      https.destroy();
    },
  };
}

export interface PlainResponse {
  status: number;
  /** The answer's headers (names in lower case). */
  headers: IncomingHttpHeaders;
  /** The body's bytes, for binary answers (a file). */
  bytes: Buffer;
  /** The body decoded as UTF-8 (decoded on first read). */
  readonly text: string;
}

/**
 * One HTTP(S) request, direct or through a proxy's agents; the answer is read whole, as bytes
 * and as text. Node's own http client rather than fetch: the proxied path needs an agent, and
 * one code path serves both.
 */
export function sendRequest(
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
    agents?: ProxyAgents | null;
    /** Refuse an answer whose body is larger (bytes); unlimited by default. */
    maxBytes?: number;
  },
): Promise<PlainResponse> {
  const u = new URL(url);
  const secure = u.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const headers = { ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  const max = init.maxBytes ?? Number.POSITIVE_INFINITY;
  return new Promise<PlainResponse>((resolve, reject) => {
    const req = send(
      u,
      {
        method: init.method,
        headers,
        ...(init.agents ? { agent: secure ? init.agents.https : init.agents.http } : {}),
      },
      (res) => {
        res.on('error', reject);
        const tooLarge = () => {
          reject(new Error(`the answer is larger than ${max} bytes`));
          // Without an error: the promise is settled, and an error passed on to a socket the
          // response already finished with would be emitted with no one listening.
          req.destroy();
        };
        if (Number(res.headers['content-length'] ?? 0) > max) return tooLarge();
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > max) tooLarge();
          else chunks.push(c);
        });
        res.on('end', () => {
          if (size > max) return;
          const bytes = Buffer.concat(chunks);
          let text: string | undefined;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes,
            get text() {
              text ??= bytes.toString('utf8');
              return text;
            },
          });
        });
      },
    );
    // A limit on the whole exchange, like fetch's AbortSignal.timeout.
    const timer = setTimeout(() => req.destroy(new Error(`timeout after ${init.timeoutMs} ms`)), init.timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
