import {
  type Fingerprint,
  type ProfileInput,
  type ProxyConfig,
  type profileDetailSchema,
  profileInputSchema,
  profileUpdateSchema,
} from '@facet/shared';
import type { z } from 'zod';
import { emptyProxyConfig } from '../../components/proxy';

type Detail = z.infer<typeof profileDetailSchema>;

/** What the form edits: the create input with every field present. */
export type FormValues = Omit<ProfileInput, 'groupId' | 'browserFingerPrint' | 'cookie' | 'cookieDomain' | 'proxy'> & {
  groupId: number | null;
  proxy: ProxyConfig;
  /** null until the first fingerprint arrives from the server. */
  browserFingerPrint: Fingerprint | null;
  /** New cookies to store; empty keeps the profile's cookies. */
  cookie: string;
  cookieDomain: string;
};

export const emptyValues = (): FormValues => ({
  name: '',
  groupId: null,
  remark: '',
  tags: [],
  siteUrl: '',
  accountUsername: '',
  accountPassword: '',
  twoFactorSecret: '',
  proxy: emptyProxyConfig(),
  browserFingerPrint: null,
  startupUrls: [],
  cookie: '',
  cookieDomain: '',
  extendIds: [],
});

export function valuesFromDetail(d: Detail): FormValues {
  return {
    name: d.name,
    groupId: d.groupId,
    remark: d.remark,
    tags: d.tags,
    siteUrl: d.siteUrl,
    accountUsername: d.accountUsername,
    accountPassword: d.accountPassword,
    twoFactorSecret: d.twoFactorSecret,
    proxy: {
      ...emptyProxyConfig(),
      proxyMethod: d.proxyMethod === 2 ? 2 : d.proxyMethod === 3 ? 3 : 1,
      proxyType: d.proxyType as ProxyConfig['proxyType'],
      proxyAgreementType: d.proxyAgreementType as ProxyConfig['proxyAgreementType'],
      host: d.host,
      port: d.port,
      proxyUserName: d.proxyUserName,
      proxyPassword: d.proxyPassword,
      isGlobalProxyInfo: d.isGlobalProxyInfo,
      country: d.country,
      province: d.province,
      city: d.city,
      session: d.session ?? '',
      sessionMinutes: d.sessionMinutes ?? 0,
      agentIpId: d.agentIpId,
    },
    browserFingerPrint: d.browserFingerPrint,
    startupUrls: d.startupUrls,
    cookie: '',
    cookieDomain: '',
    extendIds: d.extendIds,
  };
}

/** The body of a create or an update: cookies only when new ones were given. */
export function toBody(v: FormValues) {
  const { cookie, cookieDomain, browserFingerPrint, groupId, ...rest } = v;
  return {
    ...rest,
    ...(groupId !== null ? { groupId } : {}),
    ...(browserFingerPrint ? { browserFingerPrint } : {}),
    ...(cookie.trim() ? { cookie, ...(cookieDomain.trim() ? { cookieDomain: cookieDomain.trim() } : {}) } : {}),
  };
}

/**
 * Checks the form with the shared schemas, as field path → error key (`proxy.host`,
 * `startupUrls.2`, `browserFingerPrint.macAddress`). The server checks again; it decides.
 */
export function validateValues(v: FormValues, id?: number): Record<string, string> {
  const body = toBody(v);
  const r = id ? profileUpdateSchema.safeParse({ ...body, id }) : profileInputSchema.safeParse(body);
  const out: Record<string, string> = {};
  if (!r.success)
    for (const issue of r.error.issues) {
      const path = issue.path.map(String).join('.');
      out[path] ??= /^[a-z][A-Za-z]+$/.test(issue.message) ? issue.message : issue.code;
    }
  return out;
}
