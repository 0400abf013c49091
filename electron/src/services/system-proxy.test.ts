import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigStore } from './config-store.js';
import { ServerClient } from './server-client.js';
import { SystemProxyRoute } from './system-proxy.js';
import { startFacetServer, startTestProxy, startTestSocks5, tempDir } from './test/world.js';

/** The status of a plain GET through an HTTP proxy, without proxy credentials. */
function fetchStatus(proxyUrl: string, target: string) {
  const p = new URL(proxyUrl);
  return new Promise<number>((resolve, reject) => {
    request({ host: p.hostname, port: p.port, path: target, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

describe('system proxy: the client’s own traffic to the server', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  let session: { token: string; sid: string };
  const data = tempDir('facet-sysproxy-');
  beforeAll(async () => {
    world = await startFacetServer();
    const u = await world.srv.register();
    session = { token: u.token, sid: u.sid };
  });
  afterAll(async () => {
    await world?.srv.close();
    data.remove();
  });

  const serverHost = () => new URL(world.url).host;

  it('goes through an authenticated HTTP proxy, and stops using it when switched back to direct', async () => {
    const proxy = await startTestProxy('sys-user', 's3cret:pw');
    const server = new ServerClient(world.url, session);
    const route = new SystemProxyRoute(server);
    const config = new ConfigStore(`${data.dir}/http/config.json`);
    await config.load();
    config.onSystemProxy((c) => route.apply(c));
    try {
      expect(config.get().systemProxy).toMatchObject({ type: 1, port: null });
      await config.saveSystemProxy({
        type: 2,
        host: '127.0.0.1',
        port: proxy.port,
        username: 'sys-user',
        password: 's3cret:pw',
      });
      expect(route.relayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const me = await server.currentUser();
      expect(me.id).toBeGreaterThan(0);
      expect(proxy.seen).toContain(serverHost());
      expect(proxy.rejected).toEqual([]);
      // Another local process on the relay's port: refused before the upstream sees it.
      const used = proxy.seen.length;
      const other = await fetchStatus(route.relayUrl!, world.url);
      expect(other).toBe(407);
      expect(proxy.seen.length).toBe(used);

      await config.saveSystemProxy({ type: 1 });
      expect(route.relayUrl).toBeNull();
      const before = proxy.seen.length;
      await server.currentUser();
      await server.currentUser();
      expect(proxy.seen.length).toBe(before);

      // The saved choice survives a restart of the client.
      const reread = new ConfigStore(`${data.dir}/http/config.json`);
      expect((await reread.load()).systemProxy.type).toBe(1);
    } finally {
      await route.stop();
      await proxy.close();
    }
  });

  it('goes through a SOCKS5 proxy with username and password (relayed locally)', async () => {
    const socks = await startTestSocks5('sock-user', 'pw5');
    const server = new ServerClient(world.url, session);
    const route = new SystemProxyRoute(server);
    try {
      await route.apply({ type: 3, host: '127.0.0.1', port: socks.port, username: 'sock-user', password: 'pw5' });
      await server.currentUser();
      expect(socks.seen).toContain(serverHost());
    } finally {
      await route.stop();
      await socks.close();
    }
  });

  it('fails a call clearly when the proxy refuses it, and refuses an incomplete config', async () => {
    const proxy = await startTestProxy('right', 'pw');
    const server = new ServerClient(world.url, session, 5_000);
    const route = new SystemProxyRoute(server);
    try {
      await route.apply({ type: 2, host: '127.0.0.1', port: proxy.port, username: 'wrong', password: 'pw' });
      await expect(server.currentUser()).rejects.toThrow(/could not be reached/);
      expect(proxy.rejected).toContain(serverHost());
    } finally {
      await route.stop();
      await proxy.close();
    }
    const config = new ConfigStore(`${data.dir}/bad/config.json`);
    await config.load();
    await expect(config.saveSystemProxy({ type: 2, host: '', port: null })).rejects.toThrow(/host/);
    expect(config.get().systemProxy.type).toBe(1);
  });
});
