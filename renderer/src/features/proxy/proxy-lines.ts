import type { CallResult } from '@facet/shared';

type SavedProxy = CallResult<'proxyList'>['list'][number];
export type ProxyLineSource = Pick<
  SavedProxy,
  'proxyAgreementType' | 'host' | 'port' | 'proxyUserName' | 'proxyPassword'
>;

/**
 * Text formats for extracting saved proxies. The first three are the ones batch add reads back
 * (host:port, host:port:user:pass, scheme://user:pass@host:port); user:pass@host:port is what
 * many tools and providers paste.
 */
export const EXTRACT_FORMATS = ['url', 'hostPortUserPass', 'hostPort', 'userPassAtHostPort'] as const;
export type ExtractFormat = (typeof EXTRACT_FORMATS)[number];

/** An IPv6 address goes in brackets wherever a port follows it. */
const hostForPort = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

const credentials = (p: ProxyLineSource, encode: boolean) => {
  if (!p.proxyUserName && !p.proxyPassword) return '';
  const e = encode ? encodeURIComponent : (s: string) => s;
  return p.proxyPassword ? `${e(p.proxyUserName)}:${e(p.proxyPassword)}` : e(p.proxyUserName);
};

/** One proxy as one line of the chosen format. */
export function proxyLine(p: ProxyLineSource, format: ExtractFormat): string {
  const hostPort = `${hostForPort(p.host)}:${p.port}`;
  switch (format) {
    case 'hostPort':
      return hostPort;
    case 'hostPortUserPass':
      return p.proxyUserName || p.proxyPassword ? `${hostPort}:${p.proxyUserName}:${p.proxyPassword}` : hostPort;
    case 'userPassAtHostPort': {
      const c = credentials(p, false);
      return c ? `${c}@${hostPort}` : hostPort;
    }
    case 'url': {
      // URL form percent-encodes the credentials so ':' or '@' in a password survives the round trip.
      const c = credentials(p, true);
      return `${p.proxyAgreementType}://${c ? `${c}@` : ''}${hostPort}`;
    }
  }
}

/** The proxies as text, one per line, in the order given. */
export const proxyLines = (list: readonly ProxyLineSource[], format: ExtractFormat): string =>
  list.map((p) => proxyLine(p, format)).join('\n');

/** Non-empty lines of a batch-add text (what the server counts as proxies). */
export const countProxyLines = (text: string): number => text.split(/\r?\n/).filter((l) => l.trim()).length;
