import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTunnel, sendRequest, tunnelAgents } from './http-transport.js';
import { startTestProxy, tempDir } from './test/world.js';

const openssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return false;
  } catch {
    return 'no openssl to make a test certificate';
  }
})();

describe.skipIf(openssl)('CONNECT tunnels for the client’s own traffic', () => {
  const tmp = tempDir('facet-tls-');
  let url: string;
  let cert: Buffer;
  let close: () => void;
  beforeAll(async () => {
    const key = join(tmp.dir, 'key.pem');
    const crt = join(tmp.dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        key,
        '-out',
        crt,
      ],
      { stdio: 'ignore' },
    );
    cert = readFileSync(crt);
    const server = createServer({ key: readFileSync(key), cert }, (_req, res) => res.end('secure hello'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `https://localhost:${(server.address() as AddressInfo).port}/`;
    close = () => server.close();
  });
  afterAll(() => {
    close?.();
    tmp.remove();
  });

  it('speaks TLS inside the tunnel to an https server, checking its certificate', async () => {
    const proxy = await startTestProxy('u', 'p');
    const { Server } = await import('proxy-chain');
    // The client only tunnels through its unauthenticated local relay; the relay holds the credentials.
    const relay = new Server({
      port: 0,
      host: '127.0.0.1',
      prepareRequestFunction: () => ({ upstreamProxyUrl: `http://u:p@127.0.0.1:${proxy.port}` }),
    });
    await relay.listen();
    const agents = tunnelAgents(`http://127.0.0.1:${relay.port}`);
    try {
      const { request } = await import('node:https');
      const get = (ca?: Buffer) =>
        new Promise<string>((resolve, reject) => {
          const req = request(url, { agent: agents.https, ...(ca ? { ca } : {}) }, (res) => {
            let body = '';
            res.on('data', (c) => {
              body += c;
            });
            res.on('end', () => resolve(body));
          });
          req.on('error', reject);
          req.end();
        });
      expect(await get(cert)).toBe('secure hello');
      expect(proxy.seen).toContain(new URL(url).host);
      await expect(get()).rejects.toThrow(/self-signed|certificate/);
    } finally {
      agents.destroy();
      await relay.close(true);
      await proxy.close();
    }
  });

  it('reports a proxy that refuses the tunnel', async () => {
    const proxy = await startTestProxy('u', 'p');
    try {
      await expect(connectTunnel(`http://127.0.0.1:${proxy.port}`, 'localhost', 443)).rejects.toThrow(
        /refused CONNECT localhost:443: HTTP 407/,
      );
    } finally {
      await proxy.close();
    }
  });
});

describe('sendRequest', () => {
  it('answers the body as bytes and as text, and refuses one over maxBytes', async () => {
    const body = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, ...Buffer.from('héllo')]);
    const server = createHttpServer((req, res) => {
      // Chunked (no content-length) for /chunked: the limit holds while reading, too.
      if (req.url === '/chunked') {
        res.write(body);
        res.end(body);
      } else res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const r = await sendRequest(`${url}/`, { method: 'GET', headers: {}, timeoutMs: 5_000 });
      expect(r.status).toBe(200);
      expect(r.bytes.equals(body)).toBe(true);
      expect(r.text).toBe(body.toString('utf8'));
      expect(r.headers['content-length']).toBe(String(body.length));
      await expect(
        sendRequest(`${url}/`, { method: 'GET', headers: {}, timeoutMs: 5_000, maxBytes: body.length - 1 }),
      ).rejects.toThrow(/larger than/);
      await expect(
        sendRequest(`${url}/chunked`, { method: 'GET', headers: {}, timeoutMs: 5_000, maxBytes: body.length + 1 }),
      ).rejects.toThrow(/larger than/);
    } finally {
      server.close();
    }
  });
});
