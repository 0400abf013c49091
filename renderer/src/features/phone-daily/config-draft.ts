import { PHONE_NOTICE_KINDS, type PhoneNoticeKind } from '@facet/shared';
import type { PhonesConfig } from '../../queries/phone-extras';

/** The phone preferences while typed (docs/phones.md, Preferences and notices). */
export interface ConfigDraft {
  locale: string;
  timeZone: string;
  proxy: { proxyType: 'noproxy' | 'http' | ''; host: string; port: string };
  notify: Record<PhoneNoticeKind, { email: boolean; console: boolean }>;
  expiringReminder: boolean;
}

export const draftOf = (c: PhonesConfig): ConfigDraft => ({
  locale: c.defaults.locale ?? '',
  timeZone: c.defaults.timeZone ?? '',
  proxy: {
    proxyType: c.defaults.proxy?.proxyType ?? '',
    host: c.defaults.proxy?.host ?? '',
    port: c.defaults.proxy?.port ? String(c.defaults.proxy.port) : '',
  },
  notify: Object.fromEntries(PHONE_NOTICE_KINDS.map((k) => [k, { ...c.notify[k] }])) as ConfigDraft['notify'],
  expiringReminder: c.expiringReminder,
});

/**
 * The call's body: an empty locale, zone or proxy choice names no default (the device keeps its
 * own); the server checks the rest.
 */
export function configBody(d: ConfigDraft): PhonesConfig {
  const proxy =
    d.proxy.proxyType === 'http'
      ? { proxyType: 'http' as const, host: d.proxy.host.trim(), port: Number(d.proxy.port) || 0 }
      : d.proxy.proxyType === 'noproxy'
        ? { proxyType: 'noproxy' as const }
        : undefined;
  return {
    defaults: {
      ...(d.locale.trim() ? { locale: d.locale.trim() } : {}),
      ...(d.timeZone ? { timeZone: d.timeZone } : {}),
      ...(proxy ? { proxy } : {}),
    },
    notify: d.notify,
    expiringReminder: d.expiringReminder,
  };
}
