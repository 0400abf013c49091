import { Code, PROXY_PROVIDERS, type ProxyConfig, type ProxyProvider } from '@facet/shared';
import { AppError, fieldErrorSaying } from '../../lib/errors.js';

/**
 * Proxy building for the providers of PROXY_PROVIDERS: the username gets region, state, city and
 * session segments under each provider's own keys; whitespace is stripped; asocks is socks5.
 */
interface ProviderRule {
  sep: string;
  region: string;
  state: string;
  city: string;
  session: string;
  /** The key of the sticky session's lifetime in minutes (the session's own segment follows it). */
  sessionTime: string;
  /** Country codes upper-case (oxylabs) or lower-case. */
  upper?: boolean;
}
const dash = (
  region: string,
  state: string,
  city: string,
  session: string,
  sessionTime = 'sesstime',
  upper = false,
): ProviderRule => ({ sep: '-', region, state, city, session, sessionTime, upper });
const under = (region: string, state: string, city: string, session: string, sessionTime: string): ProviderRule => ({
  sep: '_',
  region,
  state,
  city,
  session,
  sessionTime,
});

export const PROVIDER_RULES: Record<ProviderProvider, ProviderRule> = {
  iphtmlauto: dash('country', 'state', 'city', 'session'),
  oxylabsauto: dash('cc', 'st', 'city', 'sessid', 'sesstime', true),
  lumauto: dash('country', 'state', 'city', 'session'),
  ipideaauto: dash('zone-custom-region', 'st', 'city', 'session', 'sessTime'),
  ip2world: dash('zone-resi-region', 'st', 'city', 'session', 'sessTime'),
  lunaproxy: dash('zone-lum-region', 'st', 'city', 'session'),
  '922proxy': dash('zone-custom-region', 'st', 'city', 'sessid', 'sessTime'),
  ipfoxy: dash('country', 'state', 'city', 'session'),
  rolaip: under('country', 'state', 'city', 'session', 'life'),
  socks5io: dash('country', 'state', 'city', 'session'),
  skyip: dash('region', 'st', 'city', 'session'),
  kookeey: dash('country', 'state', 'city', 'session'),
  ipfly: dash('country', 'state', 'city', 'session'),
  smart: under('area', 'state', 'city', 'session', 'life'),
  storm: dash('country', 'state', 'city', 'session'),
  swift: dash('country', 'state', 'city', 'session'),
  proxy302: dash('country', 'state', 'city', 'session'),
};
type ProviderProvider = ProxyProvider;

export const GLOBAL_PROXY_CONFIG_ERROR = 'Please complete your global proxy configuration.';

export interface GlobalProxyConfig {
  host: string;
  port: number | null;
  userName: string;
  password: string;
  proxyAgreementType: string;
}

export interface BuiltProxy {
  scheme: 'http' | 'https' | 'socks5' | 'ssh';
  host: string;
  port: number | null;
  userName: string;
  password: string;
}

const strip = (s: string) => s.replace(/\s+/g, '');
const schemeOf = (t: string): BuiltProxy['scheme'] => (t === 'asocks' ? 'socks5' : (t as BuiltProxy['scheme']));

export const isProvider = (t: string): t is ProxyProvider => (PROXY_PROVIDERS as readonly string[]).includes(t);

/** The proxy a profile connects through, or null for no proxy. */
export function buildProxy(
  p: Pick<
    ProxyConfig,
    | 'proxyMethod'
    | 'proxyType'
    | 'host'
    | 'port'
    | 'proxyUserName'
    | 'proxyPassword'
    | 'proxyAgreementType'
    | 'isGlobalProxyInfo'
    | 'country'
    | 'province'
    | 'city'
  > &
    Partial<Pick<ProxyConfig, 'session' | 'sessionMinutes'>>,
  global?: GlobalProxyConfig | null,
): BuiltProxy | null {
  if (p.proxyMethod === 2 && isProvider(p.proxyType)) {
    let base: GlobalProxyConfig;
    if (p.isGlobalProxyInfo) {
      if (!global?.host || !global.port)
        throw new AppError(Code.GLOBAL_PROXY_CONFIG_MISSING, GLOBAL_PROXY_CONFIG_ERROR);
      base = global;
    } else {
      base = {
        host: p.host,
        port: p.port,
        userName: p.proxyUserName,
        password: p.proxyPassword,
        proxyAgreementType: p.proxyAgreementType,
      };
    }
    const rule = PROVIDER_RULES[p.proxyType];
    const seg = (k: string, v: string) => (strip(v) ? `${rule.sep}${k}${rule.sep}${strip(v)}` : '');
    const region = rule.upper ? p.country.toUpperCase() : p.country.toLowerCase();
    const userName =
      strip(base.userName) +
      seg(rule.region, region) +
      seg(rule.state, p.province.toLowerCase()) +
      seg(rule.city, p.city.toLowerCase()) +
      seg(rule.session, p.session ?? '') +
      // A lifetime only means something for a sticky session.
      (strip(p.session ?? '') && p.sessionMinutes ? seg(rule.sessionTime, String(p.sessionMinutes)) : '');
    return {
      scheme: schemeOf(base.proxyAgreementType),
      host: strip(base.host),
      port: base.port,
      userName,
      password: strip(base.password),
    };
  }
  if (p.proxyType === 'noproxy' || !p.host) return null;
  const scheme = isProvider(p.proxyType) ? p.proxyAgreementType : p.proxyType;
  if (!p.port) throw fieldErrorSaying('proxy.port', 'portRequired', 'required with a host');
  return {
    scheme: schemeOf(scheme),
    host: strip(p.host),
    port: p.port,
    userName: strip(p.proxyUserName),
    password: strip(p.proxyPassword),
  };
}

/** One line of a batch add: host:port, host:port:user:pass, or scheme://user:pass@host:port. */
export function parseProxyLine(
  line: string,
  defaultType: string,
): { proxyAgreementType: string; host: string; port: number; proxyUserName: string; proxyPassword: string } {
  const t = line.trim();
  const url = /^([a-z0-9]+):\/\/(?:([^:@]*)(?::([^@]*))?@)?(\[[^\]]+\]|[^:/]+):(\d+)\/?$/i.exec(t);
  let type = defaultType;
  let host: string;
  let portText: string;
  let user = '';
  let pass = '';
  if (url) {
    type = url[1]!.toLowerCase();
    user = decodeURIComponent(url[2] ?? '');
    pass = decodeURIComponent(url[3] ?? '');
    host = url[4]!;
    portText = url[5]!;
  } else {
    const parts = t.split(':');
    if (parts.length !== 2 && parts.length !== 4)
      throw new Error('expected host:port, host:port:user:pass or scheme://user:pass@host:port');
    [host, portText, user = '', pass = ''] = parts as [string, string, string?, string?];
  }
  if (!['http', 'https', 'socks5', 'ssh', 'asocks'].includes(type)) throw new Error(`unknown proxy type "${type}"`);
  if (!/^[A-Za-z0-9.\-[\]:_]+$/.test(host)) throw new Error(`host "${host}" is not valid`);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) throw new Error(`port "${portText}" is not 1-65535`);
  return { proxyAgreementType: type, host, port, proxyUserName: user, proxyPassword: pass };
}
