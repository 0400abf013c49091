import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestServer, type TestServer } from '@facet/server/test';
import { Server as ProxyServer } from 'proxy-chain';
import WebSocket from 'ws';
import { findChrome } from '../chrome-path.js';
import { type FacetClient, settingsFromEnv, startClient } from '../client.js';

/** What the page and its worker report; the same probe runs in both. */
export interface ProbeResult {
  ua: string;
  brands: string[] | null;
  platform: string | null;
  navPlatform: string;
  tz: string;
  languages: string[];
  screenWidth: number | null;
  webgl: string;
  webdriver: boolean;
  hardwareConcurrency: number;
}

export const PROBE = `({
  ua: navigator.userAgent,
  brands: navigator.userAgentData ? navigator.userAgentData.brands.map((b) => b.brand + '/' + b.version) : null,
  platform: navigator.userAgentData ? navigator.userAgentData.platform : null,
  navPlatform: navigator.platform,
  tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  languages: navigator.languages.slice(),
  screenWidth: self.screen ? screen.width : null,
  webgl: (() => { try { const gl = new OffscreenCanvas(1, 1).getContext('webgl'); gl.getExtension('WEBGL_debug_renderer_info'); return gl.getParameter(0x9246); } catch (e) { return 'error: ' + e; } })(),
  webdriver: navigator.webdriver,
  hardwareConcurrency: navigator.hardwareConcurrency,
})`;

/** A local site: a page that starts a worker, a worker script, and a cookie setter. */
export async function startSite(): Promise<{
  url: string;
  server: Server;
  requests: { url: string; acceptLanguage: string }[];
}> {
  const requests: { url: string; acceptLanguage: string }[] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', acceptLanguage: req.headers['accept-language'] ?? '' });
    if (req.url === '/worker.js') {
      res.setHeader('content-type', 'text/javascript');
      res.end(`onmessage = () => postMessage(${PROBE});`);
      return;
    }
    if (req.url === '/frame') {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><script>parent.postMessage(${PROBE}, '*');</script>`);
      return;
    }
    if (req.url?.startsWith('/set-cookie')) {
      res.setHeader('set-cookie', 'facet_session=abc123; Path=/; Max-Age=86400; HttpOnly');
      res.end('ok');
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>Facet test page</title><script>
      window.fromPage = ${PROBE};
      const w = new Worker('/worker.js');
      window.fromWorker = new Promise((r) => { w.onmessage = (e) => r(e.data); w.postMessage(1); });
      // localhost is another site than 127.0.0.1: with site isolation the frame is out of process.
      window.fromFrame = new Promise((r) => addEventListener('message', (e) => r(e.data)));
      const f = document.createElement('iframe');
      f.src = 'http://localhost:' + location.port + '/frame';
      document.documentElement.appendChild(f);
    </script>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, requests };
}

/** An authenticating HTTP proxy on 127.0.0.1 that records what went through it. */
export async function startTestProxy(user: string, password: string) {
  const seen: string[] = [];
  const rejected: string[] = [];
  const proxy = new ProxyServer({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ username, password: pw, hostname, port, request }) => {
      if (username !== user || pw !== password) {
        rejected.push(`${hostname}:${port}`);
        return { requestAuthentication: true };
      }
      seen.push(request.url ?? `${hostname}:${port}`);
      return {};
    },
  });
  await proxy.listen();
  return { port: proxy.port, seen, rejected, close: () => proxy.close(true) };
}

/** The real server (harness, in-memory PGlite) listening on a loopback port; `now` is its clock. */
export async function startFacetServer(
  opts: Pick<NonNullable<Parameters<typeof createTestServer>[0]>, 'now'> = {},
): Promise<{ srv: TestServer; url: string }> {
  const srv = await createTestServer(opts);
  const url = await srv.app.listen({ port: 0, host: '127.0.0.1' });
  return { srv, url };
}

/**
 * A headless client on `dataDir`, signed in to the test server as `user`, on a machine that
 * reports a light load (performance thresholds never refuse an open) unless `opts.load` says otherwise.
 */
export function startTestClient(
  world: { url: string },
  user: { token: string; sid: string },
  dataDir: string,
  opts: NonNullable<Parameters<typeof startClient>[1]> = {},
): Promise<FacetClient> {
  return startClient(
    {
      ...settingsFromEnv({}),
      dataDir,
      port: 0,
      chromePath,
      headless: true,
      serverUrl: world.url,
      token: user.token,
      sid: user.sid,
      apiKey: TEST_API_KEY,
      consoleOrigins: [world.url],
    },
    // The engine probe is its own test (engine.integration.test.ts): the others skip its launch.
    { load: async () => ({ cpu: 1, mem: 1 }), probeEngine: false, ...opts },
  );
}

export function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const chromePath = findChrome();
export const noChrome = chromePath ? false : 'no Chrome or Chromium on this machine (set CHROME_PATH)';

/** A minimal SOCKS5 server (RFC 1928/1929, CONNECT with username/password) recording targets. */
export async function startTestSocks5(user: string, password: string) {
  const { createServer: createNetServer, connect: netConnect } = await import('node:net');
  const seen: string[] = [];
  const server = createNetServer((client) => {
    client.on('error', () => {});
    let stage: 'greeting' | 'auth' | 'request' = 'greeting';
    let buf = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (stage === 'greeting') {
        if (buf.length < 2 || buf.length < 2 + buf[1]!) return;
        const methods = buf.subarray(2, 2 + buf[1]!);
        buf = buf.subarray(2 + buf[1]!);
        if (!methods.includes(0x02)) return client.end(Buffer.from([5, 0xff]));
        client.write(Buffer.from([5, 0x02]));
        stage = 'auth';
      }
      if (stage === 'auth') {
        if (buf.length < 2) return;
        const ulen = buf[1]!;
        if (buf.length < 3 + ulen) return;
        const plen = buf[2 + ulen]!;
        if (buf.length < 3 + ulen + plen) return;
        const u = buf.subarray(2, 2 + ulen).toString();
        const p = buf.subarray(3 + ulen, 3 + ulen + plen).toString();
        buf = buf.subarray(3 + ulen + plen);
        if (u !== user || p !== password) return client.end(Buffer.from([1, 1]));
        client.write(Buffer.from([1, 0]));
        stage = 'request';
      }
      if (stage === 'request') {
        if (buf.length < 5) return;
        const atyp = buf[3]!;
        let host: string;
        let off: number;
        if (atyp === 1) {
          if (buf.length < 10) return;
          host = [...buf.subarray(4, 8)].join('.');
          off = 8;
        } else if (atyp === 3) {
          const len = buf[4]!;
          if (buf.length < 5 + len + 2) return;
          host = buf.subarray(5, 5 + len).toString();
          off = 5 + len;
        } else return client.end(Buffer.from([5, 8, 0, 1, 0, 0, 0, 0, 0, 0]));
        const port = buf.readUInt16BE(off);
        const rest = buf.subarray(off + 2);
        client.off('data', onData);
        seen.push(`${host}:${port}`);
        const up = netConnect(port, host, () => {
          client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
          if (rest.length) up.write(rest);
          client.pipe(up).pipe(client);
        });
        up.on('error', () => client.destroy());
      }
    };
    client.on('data', onData);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { success: boolean; data: unknown; msg: string };
}

/** A raw HTTP request, so Host and Origin can be set the way a browser or an attacker would. */
/** The local API key startTestClient gives its client. */
export const TEST_API_KEY = 'fcl_test-key-of-the-local-api';

/** `send` with the test client's key, as every caller of the local API sends it. */
export const sendKeyed = (
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
) => send(base, method, path, { 'x-api-key': TEST_API_KEY, ...headers }, body);

export function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const u = new URL(path, base);
  return new Promise<Reply>((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null }),
        );
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(JSON.stringify(body));
    req.end();
  });
}

/** A plain CDP client on the profile's DevTools relay: no automation library's own tricks. */
export async function rawCdp(wsEndpoint: string) {
  const ws = new WebSocket(wsEndpoint);
  await once(ws, 'open');
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    const p = m.id !== undefined ? pending.get(m.id) : undefined;
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(new Error(m.error.message));
    else p.resolve(m.result);
  });
  const send = <T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  const evaluate = async <T>(sessionId: string, expression: string): Promise<T> => {
    const r = await send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true },
      sessionId,
    );
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.text);
    return r.result.value;
  };
  return { send, evaluate, close: () => ws.close() };
}
