import { SYSTEM_PROXY_TYPES, type SystemProxyConfig } from '@facet/shared';
import { type ProxyRelay, startProxyRelay } from './proxy-relay.js';
import type { ServerClient } from './server-client.js';

/**
 * The system proxy (type 1 direct, 2 HTTP, 3 SOCKS5) applied to the client's own traffic to
 * the server. Both proxy kinds go through a local relay (proxy-chain, the same as a profile's):
 * it holds the credentials and speaks SOCKS5 upstream, so the client only ever tunnels through
 * an HTTP proxy on 127.0.0.1, with the relay's own per-session credentials.
 */
export class SystemProxyRoute {
  private relay: ProxyRelay | null = null;

  constructor(private readonly server: ServerClient) {}

  /** The relay's address while a proxy is in use, else null. */
  get relayUrl(): string | null {
    return this.relay?.url ?? null;
  }

  async apply(c: SystemProxyConfig): Promise<void> {
    let next: ProxyRelay | null = null;
    if (c.type !== SYSTEM_PROXY_TYPES.direct) {
      if (!c.host || c.port === null) throw new Error('system proxy: host and port are required');
      next = await startProxyRelay({
        scheme: c.type === SYSTEM_PROXY_TYPES.http ? 'http' : 'socks5',
        host: c.host,
        port: c.port,
        userName: c.username ?? '',
        password: c.password ?? '',
      });
    }
    const previous = this.relay;
    this.relay = next;
    this.server.setProxy(next?.authUrl ?? null);
    await previous?.close().catch(() => {});
  }

  async stop(): Promise<void> {
    this.server.setProxy(null);
    await this.relay?.close().catch(() => {});
    this.relay = null;
  }
}
