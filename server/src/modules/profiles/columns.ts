import {
  type Cookie,
  CookieParseError,
  type Fingerprint,
  type ProxyConfig,
  parseCookies,
  type profilePatchSchema,
} from '@facet/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Scope } from '../../access/index.js';
import type { DbOrTx } from '../../db/connection.js';
import { fieldError, fieldErrorSaying } from '../../lib/errors.js';
import type { Secrets } from '../../lib/secrets.js';
import { browserProfiles as bp } from './tables.js';

/**
 * Input → columns: the one mapper from what a caller sends (create, update, the batch calls,
 * import) to the columns stored. Only the ids an input names are checked differently: a single
 * change asks the database, a batch its sets loaded once (see ColumnRefs).
 */

export type Patch = z.infer<typeof profilePatchSchema>;
export type Insert = typeof bp.$inferInsert;

/** Where a field sits under a prefix: `body.proxy` + `host`; a batch row has no prefix. */
const at = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);

export const enc = (secrets: Secrets, v: string) => (v ? secrets.encrypt(v) : '');

/** Checks of the ids an input names; each refuses (throws) an id the actor may not use. */
export interface ColumnRefs {
  /** The group to store; null asks for the main account's default group. */
  group(id: number | null, field: string): Promise<number | undefined> | number | undefined;
  savedProxy(id: number, field: string): Promise<unknown> | unknown;
  /** The ids deduplicated in their order. */
  extensions(ids: number[], field: string): Promise<number[]> | number[];
}

/** The rules of a proxy that its schema alone cannot state (they depend on the method). */
export function checkProxy(p: ProxyConfig, field: string) {
  if (p.proxyMethod === 3 && !p.agentIpId)
    throw fieldErrorSaying(at(field, 'agentIpId'), 'savedRequired', 'required with proxyMethod 3');
  if (p.proxyMethod === 1 && p.proxyType !== 'noproxy') {
    if (!p.host) throw fieldError(at(field, 'host'), 'hostRequired');
    if (!p.port) throw fieldError(at(field, 'port'), 'portRequired');
  }
  if (p.proxyMethod === 2 && !p.isGlobalProxyInfo && (!p.host || !p.port))
    throw fieldErrorSaying(
      at(field, 'host'),
      'providerHostRequired',
      'a provider proxy needs host and port, or isGlobalProxyInfo',
    );
}

export async function proxyColumns(
  secrets: Secrets,
  p: ProxyConfig,
  refs: Pick<ColumnRefs, 'savedProxy'>,
  field: string,
) {
  checkProxy(p, field);
  if (p.proxyMethod === 3 && p.agentIpId) await refs.savedProxy(p.agentIpId, at(field, 'agentIpId'));
  return {
    proxyMethod: p.proxyMethod,
    proxyType: p.proxyType,
    proxyAgreementType: p.proxyAgreementType,
    host: p.host,
    port: p.port,
    proxyUserName: p.proxyUserName,
    proxyPasswordEnc: enc(secrets, p.proxyPassword),
    isGlobalProxyInfo: p.isGlobalProxyInfo,
    country: p.country,
    province: p.province,
    city: p.city,
    proxySession: p.session,
    proxySessionMinutes: p.sessionMinutes,
    agentIpId: p.proxyMethod === 3 ? p.agentIpId : null,
  } satisfies Partial<Insert>;
}

function cookieColumns(secrets: Secrets, text: string, domain: string | undefined, field: string) {
  let cookies: Cookie[];
  try {
    cookies = parseCookies(text, domain);
  } catch (e) {
    if (e instanceof CookieParseError) throw fieldErrorSaying(field, e.key, e.message);
    throw e;
  }
  return { cookiesEnc: cookies.length ? secrets.encrypt(JSON.stringify(cookies)) : '', cookieCount: cookies.length };
}

/** Columns for the fields present in a (partial) input; `field` prefixes the refusals' fields. */
export async function inputColumns(
  secrets: Secrets,
  input: Patch,
  refs: ColumnRefs,
  field: string,
): Promise<Partial<Insert>> {
  const c: Partial<Insert> = {};
  if (input.name !== undefined) c.name = input.name;
  if (input.groupId !== undefined) {
    const groupId = await refs.group(input.groupId, at(field, 'groupId'));
    if (groupId !== undefined) c.groupId = groupId;
  }
  if (input.remark !== undefined) c.remark = input.remark;
  if (input.tags !== undefined) c.tags = [...new Set(input.tags)];
  if (input.siteUrl !== undefined) c.siteUrl = input.siteUrl;
  if (input.accountUsername !== undefined) c.accountUsername = input.accountUsername;
  if (input.accountPassword !== undefined) c.accountPasswordEnc = enc(secrets, input.accountPassword);
  if (input.twoFactorSecret !== undefined)
    c.twoFactorSecretEnc = enc(secrets, input.twoFactorSecret.replace(/\s+/g, '').toUpperCase());
  if (input.proxy !== undefined) Object.assign(c, await proxyColumns(secrets, input.proxy, refs, at(field, 'proxy')));
  if (input.browserFingerPrint !== undefined) c.fingerprint = input.browserFingerPrint;
  if (input.startupUrls !== undefined) c.startupUrls = input.startupUrls;
  if (input.cookie !== undefined)
    Object.assign(c, cookieColumns(secrets, input.cookie, input.cookieDomain, at(field, 'cookie')));
  if (input.extendIds !== undefined) c.extendIds = await refs.extensions(input.extendIds, at(field, 'extendIds'));
  return c;
}

/** Locks the main account's serial counter for this transaction and returns the next serial. */
export async function nextSerial(tx: DbOrTx, mainId: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(4242, ${mainId})`);
  const [r] = await tx
    .select({ max: sql<number>`coalesce(max(${bp.serialNumber}), 0)::int` })
    .from(bp)
    .where(eq(bp.mainAccountId, mainId));
  return (r?.max ?? 0) + 1;
}

/** A new profile's row: the input's columns, and what a new profile takes when the input leaves it out. */
export function fullInsert(
  actor: Scope,
  serial: number,
  cols: Partial<Insert>,
  defaultGroup: number,
  fp: Fingerprint,
): Insert {
  return {
    ...cols,
    name: cols.name ?? `Profile ${serial}`,
    fingerprint: cols.fingerprint ?? fp,
    groupId: cols.groupId ?? defaultGroup,
    mainAccountId: actor.mainId,
    ownerId: actor.userId,
    serialNumber: serial,
    sort: serial,
  };
}
