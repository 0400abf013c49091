import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { type AddressInfo, connect, type Server } from 'node:net';
import { join } from 'node:path';
import { type ParsedKey, Server as SshServer, utils } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectProxy, type ProxyRelay, startProxyRelay, upstreamUrl } from './proxy-relay.js';
import { hostKeyFingerprint, SshHostKeys } from './ssh-host-keys.js';
import { startSite, startTestProxy, tempDir } from './test/world.js';

/** The Proxy-Authorization header for a proxy URL's credentials (none without them). */
function proxyAuth(p: URL): Record<string, string> {
  if (!p.username) return {};
  const basic = Buffer.from(`${decodeURIComponent(p.username)}:${decodeURIComponent(p.password)}`).toString('base64');
  return { 'proxy-authorization': `Basic ${basic}` };
}

/** GET an absolute URL through an HTTP proxy, as Chromium does for plain HTTP. */
function getViaProxy(proxyUrl: string, target: string) {
  const p = new URL(proxyUrl);
  return new Promise<{ status: number; body: string; challenge?: string | undefined }>((resolve, reject) => {
    const req = request(
      { host: p.hostname, port: p.port, path: target, method: 'GET', agent: false, headers: proxyAuth(p) },
      (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, challenge: res.headers['proxy-authenticate'] }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A CONNECT tunnel through the proxy, then a raw HTTP/1.0 request inside it. */
function connectViaProxy(proxyUrl: string, target: URL) {
  const p = new URL(proxyUrl);
  return new Promise<string>((resolve, reject) => {
    const auth = Object.values(proxyAuth(p)).map((v) => `Proxy-Authorization: ${v}\r\n`);
    const s = connect(Number(p.port), p.hostname, () => {
      s.write(`CONNECT ${target.host} HTTP/1.1\r\nHost: ${target.host}\r\n${auth.join('')}\r\n`);
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

/** A SOCKS5 greeting offering "no authentication": what a SOCKS client tries on a relay's port. */
function socks5Greeting(proxyUrl: string) {
  const p = new URL(proxyUrl);
  return new Promise<Buffer>((resolve) => {
    const s = connect(Number(p.port), p.hostname, () => s.write(Buffer.from([5, 1, 0])));
    let got = Buffer.alloc(0);
    s.on('data', (c) => {
      got = Buffer.concat([got, c]);
    });
    s.on('close', () => resolve(got));
    s.on('error', () => {});
    s.setTimeout(3_000, () => s.destroy());
  });
}

/**
 * What another local process can do with a relay it found (its port is on the browser's command
 * line): plain HTTP, a CONNECT tunnel, guessed credentials, SOCKS5. All must be refused.
 */
async function expectRefusesOthers(relay: ProxyRelay, target: string) {
  const noAuth = await getViaProxy(relay.url, target);
  expect(noAuth.status).toBe(407);
  expect(noAuth.challenge).toBe('Basic realm="Facet relay"');
  const guessed = new URL(relay.url);
  guessed.username = relay.credentials.username;
  guessed.password = 'guess';
  expect((await getViaProxy(guessed.href, target)).status).toBe(407);
  await expect(connectViaProxy(relay.url, new URL(target))).rejects.toThrow(/^HTTP\/1\.1 407/);
  // A SOCKS5 server would answer 05 00 (no auth) and tunnel; the relay is no SOCKS server.
  const socks = await socks5Greeting(relay.url);
  expect(socks[0]).not.toBe(5);
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

  it('turns an authenticated HTTP upstream into a local proxy only its own credentials can use, and stops', async () => {
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
      const r = await getViaProxy(relay.authUrl, `${site.url}/worker.js`);
      expect(r.status).toBe(200);
      expect(r.body).toContain('onmessage');
      expect(upstream.seen).toContain(`${site.url}/worker.js`);
      expect(await connectViaProxy(relay.authUrl, new URL(site.url))).toContain('onmessage');
      const used = upstream.seen.length;
      await expectRefusesOthers(relay, `${site.url}/worker.js`);
      // Refused at the relay: nothing of it reached the upstream account.
      expect(upstream.seen.length).toBe(used);
      expect(upstream.rejected).toEqual([]);
    } finally {
      await relay.close();
      await upstream.close();
    }
    await expect(getViaProxy(relay.authUrl, `${site.url}/`)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('makes new credentials for every relay', async () => {
    const upstream = await startTestProxy('u1', 'secret');
    const p: ConnectProxy = {
      scheme: 'http',
      host: '127.0.0.1',
      port: upstream.port,
      userName: 'u1',
      password: 'secret',
    };
    const [a, b] = [await startProxyRelay(p), await startProxyRelay(p)];
    try {
      expect(a.credentials.username).not.toBe(b.credentials.username);
      expect(a.credentials.password).not.toBe(b.credentials.password);
      expect(a.credentials.password.length).toBeGreaterThanOrEqual(24);
      // One relay's credentials do not open another.
      const crossed = new URL(b.url);
      crossed.username = encodeURIComponent(a.credentials.username);
      crossed.password = encodeURIComponent(a.credentials.password);
      expect((await getViaProxy(crossed.href, `${site.url}/worker.js`)).status).toBe(407);
    } finally {
      await a.close();
      await b.close();
      await upstream.close();
    }
  });

  describe('ssh upstream', () => {
    const forwarded: string[] = [];
    /** A real ssh2 server on a loopback port, with its own host key, forwarding direct-tcpip. */
    async function startSsh(port = 0) {
      const hostKey = utils.generateKeyPairSync('ed25519').private;
      const server = new SshServer({ hostKeys: [hostKey] }, (conn) => {
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
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
      const key = utils.parseKey(hostKey) as ParsedKey;
      return {
        port: (server.address() as AddressInfo).port,
        fingerprint: hostKeyFingerprint(key.getPublicSSH()),
        close: () => new Promise<void>((r) => server.close(() => r())),
      };
    }
    let ssh: Awaited<ReturnType<typeof startSsh>>;
    const data = tempDir('facet-ssh-keys-');
    const keysPath = join(data.dir, 'client', 'ssh-host-keys.json');
    const sshHostKeys = new SshHostKeys(keysPath);
    const viaSsh = (port: number, password = 'pw'): ConnectProxy => ({
      scheme: 'ssh',
      host: '127.0.0.1',
      port,
      userName: 'tunnel',
      password,
    });
    beforeAll(async () => {
      ssh = await startSsh();
    });
    afterAll(async () => {
      await ssh.close();
      data.remove();
    });

    it('relays plain HTTP and CONNECT through direct-tcpip channels, for its own credentials only', async () => {
      const relay = await startProxyRelay(viaSsh(ssh.port), { sshHostKeys });
      try {
        const r = await getViaProxy(relay.authUrl, `${site.url}/worker.js`);
        expect(r.status).toBe(200);
        expect(r.body).toContain('onmessage');
        expect(await connectViaProxy(relay.authUrl, new URL(site.url))).toContain('onmessage');
        expect(forwarded).toEqual([new URL(site.url).host, new URL(site.url).host]);
        await expectRefusesOthers(relay, `${site.url}/worker.js`);
        // Refused before any channel was opened on the SSH account.
        expect(forwarded).toHaveLength(2);
      } finally {
        await relay.close();
      }
    });

    it('pins the host key on first use and refuses another key on the same host and port', async () => {
      // The first test connected once: the key is pinned, in OpenSSH's notation.
      const stored = JSON.parse(readFileSync(keysPath, 'utf8'));
      expect(stored[`127.0.0.1:${ssh.port}`].sha256).toBe(ssh.fingerprint);
      expect(ssh.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
      const again = await startProxyRelay(viaSsh(ssh.port), { sshHostKeys });
      await again.close();

      // Another server with another key takes over the same host and port.
      const port = ssh.port;
      await ssh.close();
      const impostor = await startSsh(port);
      ssh = impostor;
      const refused = startProxyRelay(viaSsh(port), { sshHostKeys });
      await expect(refused).rejects.toThrow(`ssh 127.0.0.1:${port}: the host key of 127.0.0.1:${port} changed`);
      const msg = await refused.catch((e: Error) => e.message);
      expect(msg).toContain(`pinned ${stored[`127.0.0.1:${port}`].sha256}, now offered ${impostor.fingerprint}`);
      expect(msg).toContain(`delete the "127.0.0.1:${port}" entry from ${keysPath}`);
      expect(await sshHostKeys.get('127.0.0.1', port)).toBe(stored[`127.0.0.1:${port}`].sha256);

      // Deleting the entry, as the message says, pins the new key on the next connection.
      const edited = JSON.parse(readFileSync(keysPath, 'utf8'));
      delete edited[`127.0.0.1:${port}`];
      writeFileSync(keysPath, JSON.stringify(edited));
      const relay = await startProxyRelay(viaSsh(port), { sshHostKeys });
      await relay.close();
      expect(await sshHostKeys.get('127.0.0.1', port)).toBe(impostor.fingerprint);
    });

    it('fails with a clear message on wrong credentials', async () => {
      await expect(startProxyRelay(viaSsh(ssh.port, 'bad'), { sshHostKeys })).rejects.toThrow(
        /^ssh 127\.0\.0\.1:\d+: /,
      );
    });
  });
});
