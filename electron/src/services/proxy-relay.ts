import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { connectProxySchema } from '@facet/shared';
import { Server as ProxyChainServer } from 'proxy-chain';
import { Client as SshClient } from 'ssh2';
import type { z } from 'zod';

export type ConnectProxy = z.infer<typeof connectProxySchema>;

export interface ProxyRelay {
  /** `http://127.0.0.1:port`, for --proxy-server. */
  url: string;
  close(): Promise<void>;
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
 * A local, unauthenticated HTTP proxy on 127.0.0.1 that forwards everything to the profile's
 * upstream (http, https or socks5 with username/password through proxy-chain; ssh through an
 * ssh2 tunnel). Chromium cannot answer proxy auth prompts headlessly and must never see the
 * provider credentials, so it only ever talks to this relay.
 */
export async function startProxyRelay(p: ConnectProxy): Promise<ProxyRelay> {
  if (p.scheme === 'ssh') return startSshRelay(p);
  const upstream = upstreamUrl(p);
  const server = new ProxyChainServer({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: () => ({ upstreamProxyUrl: upstream, ignoreUpstreamProxyCertificate: false }),
  });
  await server.listen();
  return {
    url: `http://127.0.0.1:${server.port}`,
    close: () => server.close(true),
  };
}

/** An HTTP proxy whose every connection is a direct-tcpip channel of one SSH session. */
async function startSshRelay(p: ConnectProxy): Promise<ProxyRelay> {
  const sshPort = p.port;
  if (!p.host || !sshPort) throw new Error('ssh host and port are required');
  const ssh = new SshClient();
  await new Promise<void>((resolve, reject) => {
    ssh.once('ready', () => resolve());
    ssh.once('error', (e) => reject(new Error(`ssh ${p.host}:${p.port}: ${e.message}`)));
    ssh.connect({
      host: p.host,
      port: sshPort,
      username: p.userName,
      password: p.password,
      readyTimeout: 15_000,
      keepaliveInterval: 15_000,
    });
  });
  const forward = (host: string, port: number) =>
    new Promise<NodeJS.ReadWriteStream & { destroy(): void }>((resolve, reject) =>
      ssh.forwardOut('127.0.0.1', 0, host, port, (err, stream) => (err ? reject(err) : resolve(stream))),
    );
  const server: Server = createHttpServer((req, res) => {
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
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      ssh.end();
    },
  };
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
