import { type Cookie, formatCst } from '@facet/shared';
import { sql } from 'drizzle-orm';
import type { Secrets } from '../../lib/secrets.js';
import { type BrowserProfileRow, browserProfiles as bp } from './tables.js';

/** Rows into answers: what a summary, a detail and the open state show of a profile. */

export const dec = (secrets: Secrets, v: string) => (v ? secrets.decrypt(v) : '');

/** The columns a summary shows: the row without its fingerprint, cookies and secrets, plus two facts of the fingerprint. */
export const summaryColumns = {
  id: bp.id,
  serialNumber: bp.serialNumber,
  name: bp.name,
  groupId: bp.groupId,
  remark: bp.remark,
  tags: bp.tags,
  siteUrl: bp.siteUrl,
  accountUsername: bp.accountUsername,
  proxyMethod: bp.proxyMethod,
  proxyType: bp.proxyType,
  proxyAgreementType: bp.proxyAgreementType,
  host: bp.host,
  port: bp.port,
  country: bp.country,
  province: bp.province,
  city: bp.city,
  agentIpId: bp.agentIpId,
  userAgent: sql<string | null>`${bp.fingerprint}->>'userAgent'`,
  os: sql<string | null>`${bp.fingerprint}->>'os'`,
  sort: bp.sort,
  isMostCommon: bp.isMostCommon,
  ip: bp.ip,
  lastIp: bp.lastIp,
  lastCountry: bp.lastCountry,
  openStatus: bp.openStatus,
  openUserId: bp.openUserId,
  openDevice: bp.openDevice,
  ownerId: bp.ownerId,
  cookieCount: bp.cookieCount,
  createdAt: bp.createdAt,
  updatedAt: bp.updatedAt,
  lastOpenAt: bp.lastOpenAt,
  closedAt: bp.closedAt,
  operAt: bp.operAt,
  deletedAt: bp.deletedAt,
};
export type SummaryRow = Omit<
  BrowserProfileRow,
  | 'fingerprint'
  | 'cookiesEnc'
  | 'accountPasswordEnc'
  | 'twoFactorSecretEnc'
  | 'proxyUserName'
  | 'proxyPasswordEnc'
  | 'isGlobalProxyInfo'
  | 'proxySession'
  | 'proxySessionMinutes'
  | 'startupUrls'
  | 'extendIds'
  | 'mainAccountId'
> & { userAgent: string | null; os: string | null };

export function toSummary(r: SummaryRow, groupName: string | null) {
  return {
    id: r.id,
    serialNumber: r.serialNumber,
    name: r.name,
    groupId: r.groupId,
    groupName: groupName ?? '',
    remark: r.remark,
    tags: r.tags,
    siteUrl: r.siteUrl,
    accountUsername: r.accountUsername,
    proxyMethod: r.proxyMethod,
    proxyType: r.proxyType,
    proxyAgreementType: r.proxyAgreementType,
    host: r.host,
    port: r.port,
    country: r.country,
    province: r.province,
    city: r.city,
    agentIpId: r.agentIpId,
    userAgent: r.userAgent ?? '',
    os: r.os ?? '',
    sort: r.sort,
    isMostCommon: r.isMostCommon,
    ip: r.ip,
    lastIp: r.lastIp,
    lastCountry: r.lastCountry,
    openStatus: r.openStatus,
    openUserId: r.openUserId,
    openDevice: r.openDevice,
    ownerId: r.ownerId,
    cookieCount: r.cookieCount,
    createdTime: formatCst(r.createdAt),
    updateTime: formatCst(r.updatedAt),
    lastOpenTime: formatCst(r.lastOpenAt),
    closeTime: formatCst(r.closedAt),
    operTime: formatCst(r.operAt),
    deletedTime: formatCst(r.deletedAt),
  };
}

export function toDetail(secrets: Secrets, r: BrowserProfileRow, groupName: string | null) {
  return {
    ...toSummary({ ...r, userAgent: r.fingerprint.userAgent, os: r.fingerprint.os }, groupName),
    accountPassword: dec(secrets, r.accountPasswordEnc),
    twoFactorSecret: dec(secrets, r.twoFactorSecretEnc),
    proxyUserName: r.proxyUserName,
    proxyPassword: dec(secrets, r.proxyPasswordEnc),
    isGlobalProxyInfo: r.isGlobalProxyInfo,
    session: r.proxySession,
    sessionMinutes: r.proxySessionMinutes,
    browserFingerPrint: r.fingerprint,
    startupUrls: r.startupUrls,
    extendIds: r.extendIds,
  };
}

export const readCookies = (secrets: Secrets, r: Pick<BrowserProfileRow, 'cookiesEnc'>): Cookie[] =>
  r.cookiesEnc ? (JSON.parse(secrets.decrypt(r.cookiesEnc)) as Cookie[]) : [];

export const openView = (r: BrowserProfileRow) => ({
  id: r.id,
  openStatus: r.openStatus,
  openUserId: r.openUserId,
  openDevice: r.openDevice,
  lastOpenTime: formatCst(r.lastOpenAt),
});
