import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Code } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

/** A local IP-info service: answers the caller's address, as ip-api.com does. */
function ipInfoServer() {
  return http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ query: req.socket.remoteAddress?.replace('::ffff:', ''), countryCode: 'ZZ' }));
  });
}

/** A local HTTP proxy (CONNECT) requiring user:pass. */
function httpProxy() {
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, client: net.Socket, head) => {
    const auth = req.headers['proxy-authorization'];
    if (auth !== `Basic ${Buffer.from('u:p').toString('base64')}`) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const up = net.connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    up.on('error', () => client.destroy());
  });
  return server;
}

/** A local SOCKS5 proxy with username/password authentication. */
function socksProxy() {
  return net.createServer((c) => {
    let stage = 0;
    let buf = Buffer.alloc(0);
    const onData = (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (stage === 0 && buf.length >= 2 && buf.length >= 2 + buf[1]!) {
        const methods = [...buf.subarray(2, 2 + buf[1]!)];
        buf = buf.subarray(2 + buf[1]!);
        if (!methods.includes(2)) return c.end(Buffer.from([5, 0xff]));
        c.write(Buffer.from([5, 2]));
        stage = 1;
      }
      if (stage === 1 && buf.length >= 2) {
        const ul = buf[1]!;
        if (buf.length < 3 + ul) return;
        const pl = buf[2 + ul]!;
        if (buf.length < 3 + ul + pl) return;
        const user = buf.subarray(2, 2 + ul).toString();
        const pass = buf.subarray(3 + ul, 3 + ul + pl).toString();
        buf = buf.subarray(3 + ul + pl);
        if (user !== 'su' || pass !== 'sp') return c.end(Buffer.from([1, 1]));
        c.write(Buffer.from([1, 0]));
        stage = 2;
      }
      if (stage === 2 && buf.length >= 5) {
        const len = buf[4]!;
        if (buf.length < 7 + len) return;
        const host = buf.subarray(5, 5 + len).toString();
        const port = buf.readUInt16BE(5 + len);
        stage = 3;
        c.off('data', onData);
        const up = net.connect(port, host, () => {
          c.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]));
          up.pipe(c);
          c.pipe(up);
        });
        up.on('error', () => c.destroy());
      }
    };
    c.on('data', onData);
    c.on('error', () => {});
  });
}

const listen = async (s: net.Server) => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
};

describe.skipIf(dbUnavailable())('proxy check through a real proxy', () => {
  let t: TestServer;
  let token: string;
  const servers: net.Server[] = [];
  const ports = { info: 0, http: 0, socks: 0 };
  beforeAll(async () => {
    const info = ipInfoServer();
    const hp = httpProxy();
    const sp = socksProxy();
    servers.push(info, hp, sp);
    ports.info = await listen(info);
    ports.http = await listen(hp);
    ports.socks = await listen(sp);
    process.env.FACET_IP_INFO_URL = `http://127.0.0.1:${ports.info}/json`;
    t = await createTestServer();
    token = (await t.register()).token;
  });
  afterAll(async () => {
    delete process.env.FACET_IP_INFO_URL;
    for (const s of servers) s.close();
    await t?.close();
  });

  it('checks a saved HTTP proxy and records its exit IP and country', async () => {
    const p = await t.call(
      'proxyCreate',
      { proxyAgreementType: 'http', host: '127.0.0.1', port: ports.http, proxyUserName: 'u', proxyPassword: 'p' },
      { token },
    );
    const r = await t.call('proxyCheck', { id: p.result.id }, { token });
    expect(r.result).toMatchObject({ ok: true, exitIp: '127.0.0.1', country: 'ZZ', error: '' });
    const listed = (await t.call('proxyList', {}, { token })).result.list[0]!;
    expect(listed).toMatchObject({ exitIp: '127.0.0.1', country: 'ZZ', checkError: '' });
    expect(listed.latencyMs).toBe(r.result.latencyMs);
    expect(listed.latencyMs).toBeGreaterThanOrEqual(0);
    expect(listed.checkedTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('records a failed check of a saved proxy: its reason and time, no latency, the last exit IP kept', async () => {
    const p = await t.call(
      'proxyCreate',
      { proxyAgreementType: 'http', host: '127.0.0.1', port: ports.http, proxyUserName: 'u', proxyPassword: 'p' },
      { token },
    );
    const id = p.result.id;
    const fresh = (await t.call('proxyList', {}, { token })).result.list.find((x) => x.id === id)!;
    expect(fresh).toMatchObject({ latencyMs: null, checkedTime: null, checkError: '', exitIp: '' });
    expect((await t.call('proxyCheck', { id }, { token })).result.ok).toBe(true);
    await t.call('proxyUpdate', { ids: [id], data: { proxyPassword: 'wrong' } }, { token });
    const failed = await t.call('proxyCheck', { id }, { token });
    expect(failed.result.ok).toBe(false);
    const row = (await t.call('proxyList', {}, { token })).result.list.find((x) => x.id === id)!;
    expect(row).toMatchObject({ exitIp: '127.0.0.1', country: 'ZZ', latencyMs: null, checkError: failed.result.error });
    expect(row.checkError).toContain('407');
    expect(row.checkedTime).not.toBeNull();
    // A good check again clears the reason.
    await t.call('proxyUpdate', { ids: [id], data: { proxyPassword: 'p' } }, { token });
    await t.call('proxyCheck', { id }, { token });
    const again = (await t.call('proxyList', {}, { token })).result.list.find((x) => x.id === id)!;
    expect(again.checkError).toBe('');
    expect(again.latencyMs).not.toBeNull();
  });

  it('checks an inline SOCKS5 proxy (asocks maps to socks5) and reports failures with a reason', async () => {
    const proxy = {
      proxyMethod: 1,
      proxyType: 'asocks',
      host: '127.0.0.1',
      port: ports.socks,
      proxyUserName: 'su',
      proxyPassword: 'sp',
    };
    const ok = await t.call('proxyCheck', { proxy }, { token });
    expect(ok.result).toMatchObject({ ok: true, exitIp: '127.0.0.1' });
    const badAuth = await t.call('proxyCheck', { proxy: { ...proxy, proxyPassword: 'wrong' } }, { token });
    expect(badAuth.result).toMatchObject({ ok: false, error: 'SOCKS5 authentication failed' });
    const badHttp = await t.call(
      'proxyCheck',
      { proxy: { proxyMethod: 1, proxyType: 'http', host: '127.0.0.1', port: ports.http } },
      { token },
    );
    expect(badHttp.result.error).toContain('407');
    const ssh = await t.call('proxyCheck', { proxy: { proxyType: 'ssh', host: '127.0.0.1', port: 22 } }, { token });
    expect(ssh.result).toMatchObject({ ok: false, error: 'ssh proxies are checked by the desktop client' });
    expect((await t.call('proxyCheck', {}, { token })).message).toContain('body.id: idOrProxyRequired');
    expect((await t.call('proxyCheck', { proxy: { proxyType: 'noproxy' } }, { token })).status).toBe(400);
    expect((await t.call('proxyCheck', { id: 999999 }, { token })).code).toBe(Code.NOT_FOUND);
  });

  it('refuses proxy hosts in private, link-local and metadata ranges (SSRF guard); loopback only when allowed', async () => {
    const inline = (host: string) => ({ proxy: { proxyMethod: 1, proxyType: 'http', host, port: ports.http } });
    for (const host of ['169.254.169.254', '10.1.2.3', '172.20.0.1', '192.168.1.1', '0.0.0.0', 'fd00::1', 'fe80::1']) {
      const r = await t.call('proxyCheck', inline(host), { token });
      expect([host, r.status, r.message]).toEqual([
        host,
        400,
        expect.stringContaining('body.proxy.host: proxyHostNotAllowed'),
      ]);
    }
    const saved = await t.call('proxyCreate', { host: '169.254.169.254', port: 80 }, { token });
    const bySaved = await t.call('proxyCheck', { id: saved.result.id }, { token });
    expect(bySaved.message).toContain('body.id: proxyHostNotAllowed');
    // Outside tests loopback is refused unless FACET_ALLOW_LOOPBACK_PROXY=1.
    const env = { node: process.env.NODE_ENV, allow: process.env.FACET_ALLOW_LOOPBACK_PROXY };
    process.env.NODE_ENV = 'production';
    delete process.env.FACET_ALLOW_LOOPBACK_PROXY;
    try {
      for (const host of ['127.0.0.1', 'localhost', '::1'])
        expect((await t.call('proxyCheck', inline(host), { token })).message, host).toContain('proxyHostNotAllowed');
      process.env.FACET_ALLOW_LOOPBACK_PROXY = '1';
      expect((await t.call('proxyCheck', inline('127.0.0.1'), { token })).result.error).toContain('407');
    } finally {
      process.env.NODE_ENV = env.node;
      if (env.allow === undefined) delete process.env.FACET_ALLOW_LOOPBACK_PROXY;
      else process.env.FACET_ALLOW_LOOPBACK_PROXY = env.allow;
    }
  });
});
