import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server as ProxyServer } from 'proxy-chain';
import { createTestServer, type TestServer } from '../../../../server/src/test/harness.js';
import { findChrome } from '../chrome-path.js';

/** What the page and its worker report; the same probe runs in both. */
export interface ProbeResult {
  ua: string;
  brands: string[] | null;
  platform: string | null;
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
  tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  languages: navigator.languages.slice(),
  screenWidth: self.screen ? screen.width : null,
  webgl: (() => { try { return new OffscreenCanvas(1, 1).getContext('webgl').getParameter(0x9246); } catch (e) { return 'error: ' + e; } })(),
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

/** The real server (harness, in-memory PGlite) listening on a loopback port. */
export async function startFacetServer(): Promise<{ srv: TestServer; url: string }> {
  const srv = await createTestServer();
  const url = await srv.app.listen({ port: 0, host: '127.0.0.1' });
  return { srv, url };
}

export function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const chromePath = findChrome();
export const noChrome = chromePath ? false : 'no Chrome or Chromium on this machine (set CHROME_PATH)';
