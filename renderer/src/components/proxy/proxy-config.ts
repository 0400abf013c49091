import {
  PROXY_AGREEMENT_TYPES,
  PROXY_PROVIDERS,
  type ProxyAgreementType,
  type ProxyConfig,
  type ProxyProvider,
  proxyConfigSchema,
} from '@facet/shared';

/** A profile without a proxy: the schema's defaults. */
export const emptyProxyConfig = (): ProxyConfig => proxyConfigSchema.parse({});

export const CUSTOM_PROXY_TYPES = ['noproxy', ...PROXY_AGREEMENT_TYPES] as const;

export const isProviderType = (t: string): t is ProxyProvider => (PROXY_PROVIDERS as readonly string[]).includes(t);
export const isAgreementType = (t: string): t is ProxyAgreementType =>
  (PROXY_AGREEMENT_TYPES as readonly string[]).includes(t);

/** The fields a proxy form shows errors at. */
export type ProxyField = keyof ProxyConfig;
export type ProxyErrors = Partial<Record<ProxyField, string>>;

/**
 * Client-side checks of a proxy configuration, as error keys per field (translated under
 * `proxyFields.errors.` or `validation.`). The schema gives the shape; what is required
 * depends on the method, which the schema leaves to the server's proxy building.
 */
export function proxyConfigErrors(p: ProxyConfig): ProxyErrors {
  const errors: ProxyErrors = {};
  const parsed = proxyConfigSchema.safeParse(p);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ProxyField | undefined;
      if (field && !errors[field]) errors[field] = /^[a-z][A-Za-z]+$/.test(issue.message) ? issue.message : 'invalid';
    }
  }
  const needsEndpoint =
    (p.proxyMethod === 1 && p.proxyType !== 'noproxy') || (p.proxyMethod === 2 && !p.isGlobalProxyInfo);
  if (needsEndpoint) {
    if (!p.host.trim()) errors.host ??= 'hostRequired';
    if (p.port === null) errors.port ??= 'portRequired';
  }
  if (p.port !== null && (!Number.isInteger(p.port) || p.port < 1 || p.port > 65535)) errors.port = 'portInvalid';
  if (p.proxyMethod === 1 && isProviderType(p.proxyType)) errors.proxyType = 'typeRequired';
  if (p.proxyMethod === 2 && !isProviderType(p.proxyType)) errors.proxyType = 'providerRequired';
  if (p.proxyMethod === 3 && !p.agentIpId) errors.agentIpId = 'savedRequired';
  return errors;
}

/** What switching the method keeps: the type must fit the new method. */
export function withMethod(p: ProxyConfig, method: 1 | 2 | 3): ProxyConfig {
  if (method === 1) return { ...p, proxyMethod: 1, proxyType: isProviderType(p.proxyType) ? 'noproxy' : p.proxyType };
  if (method === 2)
    return { ...p, proxyMethod: 2, proxyType: isProviderType(p.proxyType) ? p.proxyType : PROXY_PROVIDERS[0] };
  return { ...p, proxyMethod: 3 };
}

/** True when there is something to connect through (the check button is enabled). */
export function hasProxy(p: ProxyConfig): boolean {
  if (p.proxyMethod === 3) return !!p.agentIpId;
  if (p.proxyMethod === 2) return isProviderType(p.proxyType) && (p.isGlobalProxyInfo || !!p.host);
  return p.proxyType !== 'noproxy' && !!p.host && p.port !== null;
}
