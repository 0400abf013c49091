import { request } from 'node:http';
import { type AddressInfo, connect, type Server } from 'node:net';
import { Server as SshServer, utils } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyRelay, upstreamUrl } from './proxy-relay.js';
import { startSite, startTestProxy } from './test/world.js';

/** GET an absolute URL through an HTTP proxy, as Chromium does for plain HTTP. */
function getViaProxy(proxyUrl: string, target: string) {
  const p = new URL(proxyUrl);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: p.hostname, port: p.port, path: target, method: 'GET', agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A CONNECT tunnel through the proxy, then a raw HTTP/1.0 request inside it. */
function connectViaProxy(proxyUrl: string, target: URL) {
  const p = new URL(proxyUrl);
  return new Promise<string>((resolve, reject) => {
    const s = connect(Number(p.port), p.hostname, () => {
      s.write(`CONNECT ${target.host} HTTP/1.1\r\nHost: ${target.host}\r\n\r\n`);
    });
    let buf = '';
    let tunneled = false;
    s.on('data', (c) => {
      buf += c;
      if (!tunneled && buf.includes('\r\n\r\n')) {
        if (!buf.startsWith('HTTP/1.1 200')) return reject(new Error(buf));
        tunneled = true;
        buf = '';
        s.write(`GET /worker.js HTTP/1.0\r\nHost: ${target.host}\r\n\r\n`);
      }
    });
    s.on('end', () => resolve(buf));
    s.on('error', reject);
  });
}

describe('proxy relay', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site.server.close());

  it('builds upstream URLs with encoded credentials', () => {
    expect(
      upstreamUrl({ scheme: 'socks5', host: 'gw.example', port: 1080, userName: 'u-cc-US', password: 'p@ss:w/rd' }),
    ).toBe('socks5://u-cc-US:p%40ss%3Aw%2Frd@gw.example:1080');
    expect(upstreamUrl({ scheme: 'http', host: '::1', port: 8080, userName: '', password: '' })).toBe(
      'http://[::1]:8080',
    );
    expect(() => upstreamUrl({ scheme: 'http', host: '', port: null, userName: '', password: '' })).toThrow(/required/);
  });

  it('turns an authenticated HTTP upstream into a local open proxy, and stops', async () => {
    const upstream = await startTestProxy('u1', 'secret');
    const relay = await startProxyRelay({
      scheme: 'http',
      host: '127.0.0.1',
      port: upstream.port,
      userName: 'u1',
      password: 'secret',
    });
    try {
      expect(relay.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const r = await getViaProxy(relay.url, `${site.url}/worker.js`);
      expect(r.status).toBe(200);
      expect(r.body).toContain('onmessage');
      expect(upstream.seen).toContain(`${site.url}/worker.js`);
      expect(await connectViaProxy(relay.url, new URL(site.url))).toContain('onmessage');
    } finally {
      await relay.close();
      await upstream.close();
    }
    await expect(getViaProxy(relay.url, `${site.url}/`)).rejects.toThrow(/ECONNREFUSED/);
  });

  describe('ssh upstream', () => {
    let ssh: Server;
    let sshPort: number;
    const forwarded: string[] = [];
    beforeAll(async () => {
      const hostKey = utils.generateKeyPairSync('ed25519').private;
      ssh = new SshServer({ hostKeys: [hostKey] }, (conn) => {
        conn.on('authentication', (ctx) => {
          if (ctx.method === 'password' && ctx.username === 'tunnel' && ctx.password === 'pw') ctx.accept();
          else ctx.reject(['password']);
        });
        conn.on('ready', () => {
          conn.on('tcpip', (accept, _reject, info) => {
            forwarded.push(`${info.destIP}:${info.destPort}`);
            const channel = accept();
            const out = connect(info.destPort, info.destIP);
            channel.pipe(out).pipe(channel);
            out.on('error', () => channel.close());
          });
        });
        conn.on('error', () => {});
      }) as unknown as Server;
      await new Promise<void>((r) => ssh.listen(0, '127.0.0.1', r));
      sshPort = (ssh.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((r) => ssh.close(() => r())));

    it('relays plain HTTP and CONNECT through direct-tcpip channels', async () => {
      const relay = await startProxyRelay({
        scheme: 'ssh',
        host: '127.0.0.1',
        port: sshPort,
        userName: 'tunnel',
        password: 'pw',
      });
      try {
        const r = await getViaProxy(relay.url, `${site.url}/worker.js`);
        expect(r.status).toBe(200);
        expect(r.body).toContain('onmessage');
        expect(await connectViaProxy(relay.url, new URL(site.url))).toContain('onmessage');
        expect(forwarded).toEqual([new URL(site.url).host, new URL(site.url).host]);
      } finally {
        await relay.close();
      }
    });

    it('fails with a clear message on wrong credentials', async () => {
      await expect(
        startProxyRelay({ scheme: 'ssh', host: '127.0.0.1', port: sshPort, userName: 'tunnel', password: 'bad' }),
      ).rejects.toThrow(/^ssh 127\.0\.0\.1:\d+: /);
    });
  });
});
