import {
  normalizePairingCode,
  type PerformanceConfigPatch,
  SYSTEM_PROXY_TYPES,
  type SystemProxyConfig,
} from '@facet/shared';

/**
 * Field checks of the client's settings screens. Each returns the i18n key of the error under
 * `clientSettings.errors` (the text names the field), or null when the value is fine; the
 * screens parse what passes into the bridge's own schemas.
 */
export type RuleError =
  | 'portInvalid'
  | 'pairingCodeRequired'
  | 'pairingCodeInvalid'
  | 'cpuRange'
  | 'memRange'
  | 'hostRequired'
  | 'hostInvalid'
  | 'proxyPortInvalid'
  | 'usernameTooLong'
  | 'passwordTooLong';

const wholeNumber = (raw: string): number | null => (/^\s*\d+\s*$/.test(raw) ? Number(raw) : null);

export function portError(raw: string): RuleError | null {
  const n = wholeNumber(raw);
  return n !== null && n >= 1 && n <= 65535 ? null : 'portInvalid';
}

/** The client's pairing code: 16 characters of its alphabet, dashes and spaces aside (any case). */
export function pairingCodeError(raw: string): RuleError | null {
  if (raw.trim() === '') return 'pairingCodeRequired';
  return normalizePairingCode(raw) ? null : 'pairingCodeInvalid';
}

const percentError = (raw: string, error: RuleError): RuleError | null => {
  const n = wholeNumber(raw);
  return n !== null && n >= 1 && n <= 100 ? null : error;
};
export const cpuError = (raw: string) => percentError(raw, 'cpuRange');
export const memError = (raw: string) => percentError(raw, 'memRange');

export interface PerformanceForm {
  open: boolean;
  cpu: string;
  mem: string;
  freeCacheSpace: boolean;
}
export type PerformanceErrors = Partial<Record<'cpu' | 'mem', RuleError>>;

export function checkPerformance(f: PerformanceForm): {
  errors: PerformanceErrors;
  patch: PerformanceConfigPatch | null;
} {
  const errors: PerformanceErrors = {};
  const cpu = cpuError(f.cpu);
  const mem = memError(f.mem);
  if (cpu) errors.cpu = cpu;
  if (mem) errors.mem = mem;
  if (cpu || mem) return { errors, patch: null };
  return {
    errors,
    patch: { open: f.open, cpu: Number(f.cpu), mem: Number(f.mem), freeCacheSpace: f.freeCacheSpace ? 1 : 0 },
  };
}

export interface ProxyForm {
  type: SystemProxyConfig['type'];
  host: string;
  port: string;
  username: string;
  password: string;
}
export type ProxyErrors = Partial<Record<'host' | 'port' | 'username' | 'password', RuleError>>;

/** A host name or an IPv4/IPv6 address, without scheme, path or port. */
const HOST =
  /^(\[[0-9a-f:.]+\]|[0-9a-f:]*:[0-9a-f:.]+|[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*)$/i;

export function checkProxy(f: ProxyForm): { errors: ProxyErrors; config: SystemProxyConfig | null } {
  if (f.type === SYSTEM_PROXY_TYPES.direct) {
    return { errors: {}, config: { type: 1, host: null, port: null, username: null, password: null } };
  }
  const errors: ProxyErrors = {};
  const host = f.host.trim();
  if (!host) errors.host = 'hostRequired';
  else if (host.length > 253 || !HOST.test(host)) errors.host = 'hostInvalid';
  if (portError(f.port)) errors.port = 'proxyPortInvalid';
  if (f.username.length > 200) errors.username = 'usernameTooLong';
  if (f.password.length > 200) errors.password = 'passwordTooLong';
  if (Object.keys(errors).length) return { errors, config: null };
  return {
    errors,
    config: {
      type: f.type,
      host,
      port: Number(f.port),
      username: f.username || null,
      password: f.password || null,
    },
  };
}
