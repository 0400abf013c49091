import { createHash } from 'node:crypto';
import {
  Code,
  type Cookie,
  CookieParseError,
  type Fingerprint,
  formatCst,
  type ProfileInput,
  type ProxyConfig,
  parseCookies,
  parseCst,
  profileInputSchema,
  type profileListBody,
  type profilePatchSchema,
  type profileUpdateSchema,
} from '@facet/shared';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  fillPlaceholders,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { Secrets } from '../../lib/secrets.js';
import { containsPattern, pageOffset } from '../../lib/sql-helpers.js';
import { extensionIdsOf, requireExtensionIds } from '../extensions/owned.js';
import { browserExtensions } from '../extensions/tables.js';
import { ensureDefaultGroup, requireVisibleGroup } from '../groups/service.js';
import { browserGroups } from '../groups/tables.js';
import { writeOperation } from '../logs/service.js';
import { type BuiltProxy, buildProxy } from '../proxies/build.js';
import { findGlobalProxies } from '../proxies/service.js';
import { savedProxies } from '../proxies/tables.js';
import { generateFingerprint, generateFingerprints, scheduleRefill } from './fingerprint.js';
import { logActor, type Scope, visibleGroups, visibleProfiles } from './scope.js';
import { type BrowserProfileRow, browserProfiles as bp, browserProfileShares, cookieBackups } from './tables.js';
import type { ExportRow } from './xlsx.js';

type ListBody = z.infer<typeof profileListBody>;
type UpdateBody = z.infer<typeof profileUpdateSchema>;
type Patch = z.infer<typeof profilePatchSchema>;
type Insert = typeof bp.$inferInsert;

/** The acting user and what it may see (see scope.ts). */
export type Actor = Scope;

const enc = (secrets: Secrets, v: string) => (v ? secrets.encrypt(v) : '');
const dec = (secrets: Secrets, v: string) => (v ? secrets.decrypt(v) : '');

// ---- views ------------------------------------------------------------------------------------

/** The columns a summary shows: the row without its fingerprint, cookies and secrets, plus two facts of the fingerprint. */
const summaryColumns = {
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
type SummaryRow = Omit<
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

// ---- scope ------------------------------------------------------------------------------------

const scoped = (s: Scope, ...more: Array<SQL | undefined>) => and(visibleProfiles(s), ...more);
const active = isNull(bp.deletedAt);

/** Loads a profile the actor may see, with its group name, or 404. */
export async function requireProfile(db: DbOrTx, s: Scope, id: number, opts: { deleted?: boolean } = {}) {
  const [row] = await db
    .select({ p: bp, groupName: browserGroups.name })
    .from(bp)
    .leftJoin(browserGroups, eq(browserGroups.id, bp.groupId))
    .where(scoped(s, eq(bp.id, id), opts.deleted ? isNotNull(bp.deletedAt) : active));
  if (!row) throw notFound(`profile ${id}`);
  return row;
}

/**
 * Every id must be a profile the actor may see (active, or in the recycle bin with
 * `deleted`); otherwise 404 naming the missing ids, and nothing changes.
 */
export async function requireIds(db: DbOrTx, s: Scope, ids: number[], state: 'active' | 'deleted' | 'any') {
  const unique = [...new Set(ids)];
  const cond = state === 'active' ? active : state === 'deleted' ? isNotNull(bp.deletedAt) : undefined;
  const rows = await db
    .select({ id: bp.id })
    .from(bp)
    .where(scoped(s, inArray(bp.id, unique), cond));
  if (rows.length !== unique.length) {
    const have = new Set(rows.map((r) => r.id));
    const missing = unique.filter((i) => !have.has(i));
    throw notFound(`profile ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? '…' : ''}`);
  }
  return unique;
}

async function requireSavedProxy(db: DbOrTx, mainId: number, id: number) {
  const [p] = await db
    .select()
    .from(savedProxies)
    .where(and(eq(savedProxies.mainAccountId, mainId), eq(savedProxies.id, id)));
  if (!p) throw notFound(`saved proxy ${id}`);
  return p;
}

// ---- input → columns --------------------------------------------------------------------------

function checkProxy(p: ProxyConfig, field: string) {
  if (p.proxyMethod === 3 && !p.agentIpId) throw badRequest(`${field}.agentIpId: required with proxyMethod 3`);
  if (p.proxyMethod === 1 && p.proxyType !== 'noproxy') {
    if (!p.host) throw badRequest(`${field}.host: hostRequired`);
    if (!p.port) throw badRequest(`${field}.port: portRequired`);
  }
  if (p.proxyMethod === 2 && !p.isGlobalProxyInfo && (!p.host || !p.port))
    throw badRequest(`${field}.host: a provider proxy needs host and port, or isGlobalProxyInfo`);
}

export async function proxyColumns(db: DbOrTx, secrets: Secrets, mainId: number, p: ProxyConfig, field: string) {
  checkProxy(p, field);
  if (p.proxyMethod === 3 && p.agentIpId) await requireSavedProxy(db, mainId, p.agentIpId);
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
    if (e instanceof CookieParseError) throw badRequest(`${field}: ${e.message}`);
    throw e;
  }
  return { cookiesEnc: cookies.length ? secrets.encrypt(JSON.stringify(cookies)) : '', cookieCount: cookies.length };
}

/** Columns for the fields present in a (partial) input. */
async function inputColumns(
  db: DbOrTx,
  secrets: Secrets,
  actor: Actor,
  input: Patch,
  field = 'body',
): Promise<Partial<Insert>> {
  const c: Partial<Insert> = {};
  if (input.name !== undefined) c.name = input.name;
  if (input.groupId !== undefined)
    c.groupId =
      input.groupId === null
        ? await ensureDefaultGroup(db, actor.mainId, actor.userId)
        : (await requireVisibleGroup(db, actor, input.groupId)).id;
  if (input.remark !== undefined) c.remark = input.remark;
  if (input.tags !== undefined) c.tags = [...new Set(input.tags)];
  if (input.siteUrl !== undefined) c.siteUrl = input.siteUrl;
  if (input.accountUsername !== undefined) c.accountUsername = input.accountUsername;
  if (input.accountPassword !== undefined) c.accountPasswordEnc = enc(secrets, input.accountPassword);
  if (input.twoFactorSecret !== undefined)
    c.twoFactorSecretEnc = enc(secrets, input.twoFactorSecret.replace(/\s+/g, '').toUpperCase());
  if (input.proxy !== undefined)
    Object.assign(c, await proxyColumns(db, secrets, actor.mainId, input.proxy, `${field}.proxy`));
  if (input.browserFingerPrint !== undefined) c.fingerprint = input.browserFingerPrint;
  if (input.startupUrls !== undefined) c.startupUrls = input.startupUrls;
  if (input.cookie !== undefined)
    Object.assign(c, cookieColumns(secrets, input.cookie, input.cookieDomain, `${field}.cookie`));
  if (input.extendIds !== undefined)
    c.extendIds = await requireExtensionIds(db, actor.mainId, input.extendIds, `${field}.extendIds`);
  return c;
}

/** Locks the main account's serial counter for this transaction and returns the next serial. */
async function nextSerial(tx: DbOrTx, mainId: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(4242, ${mainId})`);
  const [r] = await tx
    .select({ max: sql<number>`coalesce(max(${bp.serialNumber}), 0)::int` })
    .from(bp)
    .where(eq(bp.mainAccountId, mainId));
  return (r?.max ?? 0) + 1;
}

function fullInsert(
  actor: Actor,
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

// ---- operation log ----------------------------------------------------------------------------

/** Writes the operation log entry of a profile change, in the change's transaction. */
function logProfiles(tx: DbOrTx, actor: Actor, action: string, ids: number[], detail: Record<string, unknown> = {}) {
  return writeOperation(tx, logActor(actor), {
    action: `profile.${action}`,
    targetType: 'profile',
    targetId: ids.length === 1 ? ids[0] : ids.length ? `${ids.length} profiles` : '',
    detail: { ...(ids.length > 1 ? { ids: ids.slice(0, 200) } : {}), ...detail },
  });
}

/** A profile a sub-account creates is shared with it, so it keeps seeing it. */
async function shareWithCreator(tx: DbOrTx, actor: Actor, ids: number[]) {
  if (!actor.restricted || !ids.length) return;
  for (let i = 0; i < ids.length; i += 1000)
    await tx
      .insert(browserProfileShares)
      .values(ids.slice(i, i + 1000).map((profileId) => ({ profileId, userId: actor.userId })))
      .onConflictDoNothing();
}

// ---- calls ------------------------------------------------------------------------------------

export async function createProfile(db: Db, secrets: Secrets, actor: Actor, input: ProfileInput) {
  const id = await db.transaction(async (tx) => {
    const cols = await inputColumns(tx, secrets, actor, input);
    const defaultGroup = await ensureDefaultGroup(tx, actor.mainId, actor.userId);
    const serial = await nextSerial(tx, actor.mainId);
    const fp = cols.fingerprint ?? generateFingerprint();
    scheduleRefill(); // the first profile warms the pool for the batches that may follow
    const [row] = await tx
      .insert(bp)
      .values(fullInsert(actor, serial, cols, defaultGroup, fp))
      .returning({ id: bp.id });
    await shareWithCreator(tx, actor, [row!.id]);
    await logProfiles(tx, actor, 'create', [row!.id], { name: cols.name ?? `Profile ${serial}`, serialNumber: serial });
    return row!.id;
  });
  const r = await requireProfile(db, actor, id);
  return toDetail(secrets, r.p, r.groupName);
}

export async function updateProfile(db: Db, secrets: Secrets, actor: Actor, body: UpdateBody) {
  const { id, ...input } = body;
  await db.transaction(async (tx) => {
    await requireProfile(tx, actor, id);
    const cols = await inputColumns(tx, secrets, actor, input);
    await tx
      .update(bp)
      .set({ ...cols, updatedAt: new Date(), operAt: new Date() })
      .where(scoped(actor, eq(bp.id, id)));
    await logProfiles(tx, actor, 'update', [id], { fields: Object.keys(input) });
  });
  const r = await requireProfile(db, actor, id);
  return toDetail(secrets, r.p, r.groupName);
}

/** Group ids a batch may put profiles into: the actor's visible groups. */
async function visibleGroupIds(db: DbOrTx, actor: Actor) {
  const rows = await db.select({ id: browserGroups.id }).from(browserGroups).where(visibleGroups(actor));
  return new Set(rows.map((g) => g.id));
}

export async function batchAdd(
  db: Db,
  secrets: Secrets,
  actor: Actor,
  list: unknown[],
  opts: { action?: string; detail?: Record<string, unknown> } = {},
) {
  const errors: Array<{ row: number; field: string; message: string }> = [];
  const groupIds = await visibleGroupIds(db, actor);
  const proxyIds = new Set(
    (
      await db.select({ id: savedProxies.id }).from(savedProxies).where(eq(savedProxies.mainAccountId, actor.mainId))
    ).map((p) => p.id),
  );
  const extensionIds = await extensionIdsOf(db, actor.mainId);
  const rows: Array<Partial<Insert>> = [];
  let needFingerprints = 0;
  list.forEach((item, i) => {
    const row = i + 1;
    const r = profileInputSchema.safeParse(item);
    if (!r.success) {
      for (const issue of r.error.issues)
        errors.push({ row, field: issue.path.map(String).join('.') || 'row', message: issue.message });
      return;
    }
    const input = r.data;
    try {
      if (input.groupId && !groupIds.has(input.groupId)) throw badRequest(`groupId: group ${input.groupId} not found`);
      checkProxy(input.proxy, 'proxy');
      if (input.proxy.proxyMethod === 3 && input.proxy.agentIpId && !proxyIds.has(input.proxy.agentIpId))
        throw badRequest(`proxy.agentIpId: saved proxy ${input.proxy.agentIpId} not found`);
      const unknownExtension = input.extendIds.find((x) => !extensionIds.has(x));
      if (unknownExtension) throw badRequest(`extendIds: extension ${unknownExtension} not found`);
      const c: Partial<Insert> = {
        name: input.name,
        groupId: input.groupId ?? null,
        remark: input.remark,
        tags: [...new Set(input.tags)],
        siteUrl: input.siteUrl,
        accountUsername: input.accountUsername,
        accountPasswordEnc: enc(secrets, input.accountPassword),
        twoFactorSecretEnc: enc(secrets, input.twoFactorSecret.replace(/\s+/g, '').toUpperCase()),
        proxyMethod: input.proxy.proxyMethod,
        proxyType: input.proxy.proxyType,
        proxyAgreementType: input.proxy.proxyAgreementType,
        host: input.proxy.host,
        port: input.proxy.port,
        proxyUserName: input.proxy.proxyUserName,
        proxyPasswordEnc: enc(secrets, input.proxy.proxyPassword),
        isGlobalProxyInfo: input.proxy.isGlobalProxyInfo,
        country: input.proxy.country,
        province: input.proxy.province,
        city: input.proxy.city,
        proxySession: input.proxy.session,
        proxySessionMinutes: input.proxy.sessionMinutes,
        agentIpId: input.proxy.proxyMethod === 3 ? input.proxy.agentIpId : null,
        startupUrls: input.startupUrls,
        extendIds: [...new Set(input.extendIds)],
      };
      if (input.browserFingerPrint) c.fingerprint = input.browserFingerPrint;
      else needFingerprints++;
      if (input.cookie !== undefined)
        Object.assign(c, cookieColumns(secrets, input.cookie, input.cookieDomain, 'cookie'));
      rows.push(c);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const [field, ...rest] = e.message.split(': ');
      errors.push({ row, field: rest.length ? field! : 'row', message: rest.length ? rest.join(': ') : e.message });
    }
  });
  if (errors.length) return { count: 0, ids: [] as number[], errors };
  // Only rows that passed get a fingerprint: a rejected batch costs no generation.
  const fresh = generateFingerprints(needFingerprints);
  for (const c of rows) c.fingerprint ??= fresh.pop();
  const ids = await db.transaction(async (tx) => {
    const defaultGroup = await ensureDefaultGroup(tx, actor.mainId, actor.userId);
    const first = await nextSerial(tx, actor.mainId);
    const values = rows.map((c, i) => fullInsert(actor, first + i, c, defaultGroup, c.fingerprint!));
    const out: number[] = [];
    for (let i = 0; i < values.length; i += 250) {
      const ins = await tx
        .insert(bp)
        .values(values.slice(i, i + 250))
        .returning({ id: bp.id });
      out.push(...ins.map((r) => r.id));
    }
    await shareWithCreator(tx, actor, out);
    await logProfiles(tx, actor, opts.action ?? 'batchAdd', out, { count: out.length, ...opts.detail });
    return out;
  });
  return { count: ids.length, ids, errors };
}

/**
 * A list page as one statement. One statement is one round trip and one plan instead of two.
 * The total comes from a one-row count that the page is left-joined to, so a page past the end
 * still answers the total. The page is picked as ids first (a deferred join): skipping `offset`
 * rows and sorting filtered rows then touches only the sort key and id, and the wide columns,
 * the group name and the fingerprint's user agent are read for the rows shown, not for every row
 * skipped or sorted.
 *
 * Every value (filters, scope, page) is a placeholder, so a statement depends only on its shape
 * — which filters, which sort, recycle bin or not, main or sub-account — and each shape is
 * prepared once: building the select cost as much as running it for a small page.
 */
export function listPlan(s: Scope, q: ListBody) {
  const from = q.createdFrom
    ? parseCst(q.createdFrom.length === 10 ? `${q.createdFrom} 00:00:00` : q.createdFrom)
    : null;
  const to = q.createdTo ? parseCst(q.createdTo.length === 10 ? `${q.createdTo} 23:59:59` : q.createdTo) : null;
  if (q.createdFrom && !from) throw badRequest('body.createdFrom: dateInvalid');
  if (q.createdTo && !to) throw badRequest('body.createdTo: dateInvalid');
  const values: Record<string, unknown> = { mainId: s.mainId, limit: q.pageSize, offset: pageOffset(q) };
  if (s.restricted) values.userId = s.userId;
  if (q.name) values.name = containsPattern(q.name);
  if (q.groupId) values.groupId = q.groupId;
  if (q.serialNumber) values.serialNumber = q.serialNumber;
  if (q.serialNumbers?.length) values.serialNumbers = q.serialNumbers;
  if (q.remark) values.remark = containsPattern(q.remark);
  if (q.proxy) values.proxy = containsPattern(q.proxy);
  if (q.tags?.length) values.tags = q.tags;
  if (q.openStatus !== undefined) values.openStatus = q.openStatus;
  if (q.isMostCommon !== undefined) values.isMostCommon = q.isMostCommon;
  if (from) values.from = from.toISOString();
  if (to) values.to = new Date(to.getTime() + 999).toISOString();
  const shape: ListShape = {
    deleted: Boolean(q.deleted),
    restricted: s.restricted,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    has: new Set(Object.keys(values)),
  };
  const key = [shape.deleted, shape.restricted, shape.sortField, shape.sortOrder, ...[...shape.has].sort()].join('|');
  return { key, values, build: (db: DbOrTx) => listStatement(db, shape) };
}

interface ListShape {
  deleted: boolean;
  restricted: boolean;
  sortField: ListBody['sortField'];
  sortOrder: ListBody['sortOrder'];
  /** The values the statement takes (each a placeholder of that name). */
  has: ReadonlySet<string>;
}

function listStatement(db: DbOrTx, shape: ListShape) {
  const v = (name: string) => sql.placeholder(name);
  const has = (name: string) => shape.has.has(name);
  const conds: Array<SQL | undefined> = [shape.deleted ? isNotNull(bp.deletedAt) : active];
  if (has('name')) conds.push(sql`${bp.name} ilike ${v('name')}`);
  if (has('groupId')) conds.push(eq(bp.groupId, v('groupId')));
  if (has('serialNumber')) conds.push(eq(bp.serialNumber, v('serialNumber')));
  if (has('serialNumbers')) conds.push(sql`${bp.serialNumber} = any(${v('serialNumbers')}::int[])`);
  if (has('remark')) conds.push(sql`${bp.remark} ilike ${v('remark')}`);
  if (has('proxy')) conds.push(or(...[bp.host, bp.ip, bp.lastIp].map((c) => sql`${c} ilike ${v('proxy')}`)));
  if (has('tags')) conds.push(sql`${bp.tags} && ${v('tags')}::text[]`);
  if (has('openStatus')) conds.push(eq(bp.openStatus, v('openStatus')));
  if (has('isMostCommon')) conds.push(eq(bp.isMostCommon, v('isMostCommon')));
  if (has('from')) conds.push(sql`${bp.createdAt} >= ${v('from')}::timestamptz`);
  if (has('to')) conds.push(sql`${bp.createdAt} <= ${v('to')}::timestamptz`);
  const where = and(
    visibleProfiles({ restricted: shape.restricted, mainId: v('mainId'), userId: v('userId') }),
    ...conds,
  );
  const col = {
    sort: bp.sort,
    serialNumber: bp.serialNumber,
    name: bp.name,
    createdTime: bp.createdAt,
    lastOpenTime: bp.lastOpenAt,
    updateTime: bp.updatedAt,
  }[shape.sortField];
  const dir = shape.sortOrder === 'desc' ? desc : asc;
  const order = (key: AnyColumn | SQLWrapper, id: AnyColumn) => [dir(key), dir(id)];
  // A text or tag filter tests row by row (ILIKE, array overlap: the costly part of such a
  // page), so the matching rows are found once, then counted and paged; without one, the page
  // reads its ids straight off the sort order's index and stops after them.
  const matched = db.$with('matched').as(
    db
      .select({ id: bp.id, k: sql`${col}`.as('k') })
      .from(bp)
      .where(where),
  );
  const once = has('name') || has('remark') || has('proxy') || has('tags');
  const ids = (
    once
      ? db
          .select({ id: matched.id })
          .from(matched)
          .orderBy(...order(matched.k, matched.id))
      : db
          .select({ id: bp.id })
          .from(bp)
          .where(where)
          .orderBy(...order(col, bp.id))
  )
    .limit(v('limit'))
    .offset(v('offset'))
    .as('page_ids');
  const n = sql<number>`count(*)::int`.as('n');
  const total = (once ? db.select({ n }).from(matched) : db.select({ n }).from(bp).where(where)).as('page_total');
  return (once ? db.with(matched) : db)
    .select({ total: total.n, p: summaryColumns, groupName: browserGroups.name })
    .from(total)
    .leftJoin(ids, sql`true`)
    .leftJoin(bp, eq(bp.id, ids.id))
    .leftJoin(browserGroups, eq(browserGroups.id, bp.groupId))
    .orderBy(...order(col, bp.id));
}

/** The list statement's SQL with its values in place of the placeholders (bench/profiles runs it directly). */
export function listSql(db: DbOrTx, s: Scope, q: ListBody): { sql: string; params: unknown[] } {
  const plan = listPlan(s, q);
  const built = plan.build(db).toSQL();
  return { sql: built.sql, params: fillPlaceholders(built.params, plan.values) };
}

type ListStatement = ReturnType<ReturnType<ReturnType<typeof listPlan>['build']>['prepare']>;
/** Prepared list statements per database handle and shape (a few dozen shapes in practice). */
const preparedLists = new WeakMap<object, Map<string, ListStatement>>();
const MAX_PREPARED_LISTS = 256;

export async function listProfiles(db: DbOrTx, s: Scope, q: ListBody) {
  const plan = listPlan(s, q);
  let byShape = preparedLists.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedLists.set(db, byShape);
  }
  let statement = byShape.get(plan.key);
  if (!statement) {
    if (byShape.size >= MAX_PREPARED_LISTS) byShape.clear();
    // The name follows the shape, so a name always means the same SQL on a Postgres connection.
    const name = `facet_list_${createHash('sha1').update(plan.key).digest('hex').slice(0, 20)}`;
    statement = plan.build(db).prepare(name);
    byShape.set(plan.key, statement);
  }
  const rows = await statement.execute(plan.values);
  const list = [];
  // An empty page is the count's row alone, its profile columns null.
  for (const r of rows) if (r.p?.id != null) list.push(toSummary(r.p as SummaryRow, r.groupName));
  return { total: rows[0]?.total ?? 0, list };
}

/** Applies the same column values to many profiles after checking every id. */
export async function updateMany(
  db: Db,
  s: Scope,
  ids: number[],
  set: Partial<Insert>,
  /** action null: not worth an operation log entry (the client's own bookkeeping, e.g. saveLastIp). */
  opts: { state?: 'active' | 'any'; action: string | null; detail?: Record<string, unknown> },
) {
  return db.transaction(async (tx) => {
    const unique = await requireIds(tx, s, ids, opts.state ?? 'active');
    await tx
      .update(bp)
      .set({ ...set, updatedAt: new Date() })
      .where(scoped(s, inArray(bp.id, unique)));
    if (opts.action) await logProfiles(tx, s, opts.action, unique, opts.detail);
    return { count: unique.length };
  });
}

export async function batchUpdateData(db: Db, secrets: Secrets, actor: Actor, list: UpdateBody[]) {
  return db.transaction(async (tx) => {
    const unique = await requireIds(
      tx,
      actor,
      list.map((l) => l.id),
      'active',
    );
    for (const [i, { id, ...input }] of list.entries()) {
      const cols = await inputColumns(tx, secrets, actor, input, `body.list.${i}`);
      await tx
        .update(bp)
        .set({ ...cols, updatedAt: new Date(), operAt: new Date() })
        .where(scoped(actor, eq(bp.id, id)));
    }
    await logProfiles(tx, actor, 'batchUpdateData', unique);
    return { count: list.length };
  });
}

export async function batchUpdateProxy(db: Db, secrets: Secrets, actor: Actor, ids: number[], proxy: ProxyConfig) {
  const cols = await proxyColumns(db, secrets, actor.mainId, proxy, 'body.proxy');
  return updateMany(db, actor, ids, cols, {
    action: 'batchUpdateProxy',
    detail: { proxyMethod: proxy.proxyMethod, proxyType: proxy.proxyType, host: proxy.host },
  });
}

export async function batchUpdatePart(db: Db, secrets: Secrets, actor: Actor, ids: number[], data: Patch) {
  return db.transaction(async (tx) => {
    const unique = await requireIds(tx, actor, ids, 'active');
    const cols = await inputColumns(tx, secrets, actor, data, 'body.data');
    await tx
      .update(bp)
      .set({ ...cols, updatedAt: new Date() })
      .where(scoped(actor, inArray(bp.id, unique)));
    await logProfiles(tx, actor, 'batchUpdatePart', unique, { fields: Object.keys(data) });
    return { count: unique.length };
  });
}

export async function batchUpdateSort(db: Db, s: Scope, list: Array<{ id: number; sort: number }>) {
  return db.transaction(async (tx) => {
    const unique = await requireIds(
      tx,
      s,
      list.map((l) => l.id),
      'any',
    );
    for (const { id, sort } of list)
      await tx
        .update(bp)
        .set({ sort })
        .where(scoped(s, eq(bp.id, id)));
    await logProfiles(tx, s, 'sort', unique);
    return { count: list.length };
  });
}

/** Renumbers the sort order 1..n by serial number, of every profile the actor may see. */
export async function updateAllSort(db: Db, s: Scope) {
  return db.transaction(async (tx) => {
    const rows = await tx.execute(
      sql`update ${bp} set sort = s.rn
          from (select ${bp.id} as sid, row_number() over (order by ${bp.serialNumber}) as rn
                from ${bp} where ${visibleProfiles(s)}) s
          where ${bp.id} = s.sid returning ${bp.id}`,
    );
    const n = (rows as unknown as { rows?: unknown[] }).rows?.length ?? (rows as unknown as unknown[]).length ?? 0;
    await logProfiles(tx, s, 'sortAll', [], { count: n });
    return { count: n };
  });
}

// ---- open state -------------------------------------------------------------------------------

const openView = (r: BrowserProfileRow) => ({
  id: r.id,
  openStatus: r.openStatus,
  openUserId: r.openUserId,
  openDevice: r.openDevice,
  lastOpenTime: formatCst(r.lastOpenAt),
});

const openByOther = () =>
  new AppError(Code.PROFILE_OPEN_BY_OTHER, 'this profile is open by another user or device; close it there first');

/** Whether the caller may take or hold the open state of a profile. */
const mayHold = (r: BrowserProfileRow, userId: number, device: string) =>
  r.openStatus === 0 || (r.openUserId === userId && (r.openDevice === device || !r.openDevice || !device));

export async function openOrClose(db: Db, actor: Actor, id: number, status: 0 | 1, device: string) {
  return db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(bp)
      .where(scoped(actor, eq(bp.id, id), active))
      .for('update');
    if (!r) throw notFound(`profile ${id}`);
    if (!mayHold(r, actor.userId, device)) throw openByOther();
    const now = new Date();
    const set: Partial<Insert> =
      status === 1
        ? { openStatus: 1, openUserId: actor.userId, openDevice: device, lastOpenAt: now, operAt: now }
        : { openStatus: 0, openUserId: null, openDevice: '', closedAt: now, operAt: now };
    const [u] = await tx.update(bp).set(set).where(eq(bp.id, id)).returning();
    return openView(u!);
  });
}

export async function getOpenStatus(db: DbOrTx, s: Scope, ids: number[]) {
  const unique = await requireIds(db, s, ids, 'any');
  const rows = await db
    .select()
    .from(bp)
    .where(scoped(s, inArray(bp.id, unique)))
    .orderBy(asc(bp.id));
  return rows.map(openView);
}

export async function getOpen(db: DbOrTx, secrets: Secrets, actor: Actor, id: number) {
  const { p, groupName } = await requireProfile(db, actor, id);
  if (p.openStatus === 1 && p.openUserId !== actor.userId) throw openByOther();
  let connectProxy: BuiltProxy | null;
  if (p.proxyMethod === 3 && p.agentIpId) {
    const sp = await requireSavedProxy(db, actor.mainId, p.agentIpId);
    connectProxy = buildProxy({
      proxyMethod: 1,
      proxyType: sp.proxyAgreementType as ProxyConfig['proxyType'],
      host: sp.host,
      port: sp.port,
      proxyUserName: sp.proxyUserName,
      proxyPassword: dec(secrets, sp.proxyPasswordEnc),
      proxyAgreementType: sp.proxyAgreementType as ProxyConfig['proxyAgreementType'],
      isGlobalProxyInfo: false,
      country: '',
      province: '',
      city: '',
    });
  } else {
    const global =
      p.proxyMethod === 2 && p.isGlobalProxyInfo
        ? (await findGlobalProxies(db, secrets, actor.mainId, [p.proxyType]))[0]
        : undefined;
    connectProxy = buildProxy(
      {
        proxyMethod: p.proxyMethod as 1 | 2 | 3,
        proxyType: p.proxyType as ProxyConfig['proxyType'],
        host: p.host,
        port: p.port,
        proxyUserName: p.proxyUserName,
        proxyPassword: dec(secrets, p.proxyPasswordEnc),
        proxyAgreementType: p.proxyAgreementType as ProxyConfig['proxyAgreementType'],
        isGlobalProxyInfo: p.isGlobalProxyInfo,
        country: p.country,
        province: p.province,
        city: p.city,
        // The user's sticky session, else one per profile (its serial number).
        session: p.proxySession || String(p.serialNumber),
        sessionMinutes: p.proxySessionMinutes,
      },
      global ?? null,
    );
  }
  return {
    ...toDetail(secrets, p, groupName),
    cookies: readCookies(secrets, p),
    connectProxy,
    extensions: await extensionsToLoad(db, actor.mainId, p.extendIds),
  };
}

/** The profile's extensions in its load order (an id deleted meanwhile is skipped). */
async function extensionsToLoad(db: DbOrTx, mainId: number, ids: number[]) {
  if (!ids.length) return [];
  const e = browserExtensions;
  const rows = await db
    .select({ id: e.id, name: e.name, version: e.version, sha256: e.sha256, size: e.size })
    .from(e)
    .where(and(eq(e.mainAccountId, mainId), inArray(e.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((i) => byId.get(i) ?? []);
}

// ---- recycle bin ------------------------------------------------------------------------------

export async function moveToRecycle(db: Db, s: Scope, ids: number[]) {
  return db.transaction(async (tx) => {
    const unique = await requireIds(tx, s, ids, 'active');
    await tx
      .update(bp)
      .set({ deletedAt: new Date(), openStatus: 0, openUserId: null, openDevice: '' })
      .where(scoped(s, inArray(bp.id, unique)));
    await logProfiles(tx, s, 'delete', unique);
    return { count: unique.length };
  });
}

export async function recover(db: Db, s: Scope, ids: number[] | 'all') {
  return db.transaction(async (tx) => {
    const cond = ids === 'all' ? isNotNull(bp.deletedAt) : inArray(bp.id, await requireIds(tx, s, ids, 'deleted'));
    const rows = await tx
      .update(bp)
      .set({ deletedAt: null, updatedAt: new Date() })
      .where(scoped(s, cond))
      .returning({ id: bp.id });
    await logProfiles(
      tx,
      s,
      ids === 'all' ? 'recoverAll' : 'recover',
      rows.map((r) => r.id),
    );
    return { count: rows.length };
  });
}

export async function deleteForever(db: Db, s: Scope, ids: number[] | 'bin', state: 'deleted' | 'any') {
  return db.transaction(async (tx) => {
    const cond = ids === 'bin' ? isNotNull(bp.deletedAt) : inArray(bp.id, await requireIds(tx, s, ids, state));
    const rows = await tx.delete(bp).where(scoped(s, cond)).returning({ id: bp.id, name: bp.name });
    await logProfiles(
      tx,
      s,
      ids === 'bin' ? 'emptyRecycleBin' : 'deleteForever',
      rows.map((r) => r.id),
      rows.length === 1 ? { name: rows[0]!.name } : {},
    );
    return { count: rows.length };
  });
}

export async function deletedIds(db: DbOrTx, s: Scope) {
  const rows = await db
    .select({ id: bp.id })
    .from(bp)
    .where(scoped(s, isNotNull(bp.deletedAt)))
    .orderBy(asc(bp.id));
  return rows.map((r) => r.id);
}

// ---- cookies ----------------------------------------------------------------------------------

export async function backupCookies(db: Db, s: Scope, ids: number[]) {
  return db.transaction(async (tx) => {
    const unique = await requireIds(tx, s, ids, 'any');
    const rows = await tx
      .select({ id: bp.id, cookiesEnc: bp.cookiesEnc, cookieCount: bp.cookieCount })
      .from(bp)
      .where(scoped(s, inArray(bp.id, unique)));
    const withCookies = rows.filter((r) => r.cookiesEnc);
    if (withCookies.length)
      await tx.insert(cookieBackups).values(
        withCookies.map((r) => ({
          mainAccountId: s.mainId,
          profileId: r.id,
          cookiesEnc: r.cookiesEnc,
          cookieCount: r.cookieCount,
        })),
      );
    await logProfiles(
      tx,
      s,
      'backupCookies',
      withCookies.map((r) => r.id),
    );
    return { count: withCookies.length };
  });
}

/** Backups whose profile the actor may see. */
const visibleBackups = (s: Scope, ...more: SQL[]) =>
  and(
    eq(cookieBackups.mainAccountId, s.mainId),
    s.restricted
      ? sql`${cookieBackups.profileId} in (select ${bp.id} from ${bp} where ${visibleProfiles(s)})`
      : undefined,
    ...more,
  );

export async function listCookieBackups(db: DbOrTx, s: Scope, profileId: number) {
  await requireIds(db, s, [profileId], 'any');
  const rows = await db
    .select()
    .from(cookieBackups)
    .where(visibleBackups(s, eq(cookieBackups.profileId, profileId)))
    .orderBy(desc(cookieBackups.createdAt), desc(cookieBackups.id));
  return rows.map((b) => ({
    id: b.id,
    profileId: b.profileId,
    count: b.cookieCount,
    createdTime: formatCst(b.createdAt),
  }));
}

export async function restoreCookieBackup(db: Db, s: Scope, backupId: number) {
  await db.transaction(async (tx) => {
    const [b] = await tx
      .select()
      .from(cookieBackups)
      .where(visibleBackups(s, eq(cookieBackups.id, backupId)));
    if (!b) throw notFound(`cookie backup ${backupId}`);
    await tx
      .update(bp)
      .set({ cookiesEnc: b.cookiesEnc, cookieCount: b.cookieCount, updatedAt: new Date() })
      .where(scoped(s, eq(bp.id, b.profileId)));
    await logProfiles(tx, s, 'restoreCookies', [b.profileId], { backupId });
  });
  return true;
}

export async function deleteCookieBackups(db: Db, s: Scope, ids: number[]) {
  return db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await tx
      .select({ id: cookieBackups.id })
      .from(cookieBackups)
      .where(visibleBackups(s, inArray(cookieBackups.id, unique)));
    if (rows.length !== unique.length) throw notFound('cookie backup');
    await tx.delete(cookieBackups).where(visibleBackups(s, inArray(cookieBackups.id, unique)));
    return { count: unique.length };
  });
}

export async function profilesWithCookies(db: DbOrTx, secrets: Secrets, s: Scope, ids: number[]) {
  const unique = await requireIds(db, s, ids, 'any');
  const rows = await db
    .select({ id: bp.id, serialNumber: bp.serialNumber, name: bp.name, cookiesEnc: bp.cookiesEnc })
    .from(bp)
    .where(scoped(s, inArray(bp.id, unique)))
    .orderBy(asc(bp.serialNumber));
  return rows.map((r) => ({ ...r, cookies: readCookies(secrets, r) }));
}

/** Rows for export: the ids given (active) or every active profile the actor sees, by serial number. */
export async function exportRows(db: DbOrTx, s: Scope, ids: number[] | undefined): Promise<ExportRow[]> {
  const cond = ids?.length ? inArray(bp.id, await requireIds(db, s, ids, 'active')) : undefined;
  // Only the exported columns (the fingerprint goes along so a re-import keeps it).
  return db
    .select({
      serialNumber: bp.serialNumber,
      groupName: browserGroups.name,
      lastIp: bp.lastIp,
      createdAt: bp.createdAt,
      name: bp.name,
      remark: bp.remark,
      tags: bp.tags,
      siteUrl: bp.siteUrl,
      accountUsername: bp.accountUsername,
      accountPasswordEnc: bp.accountPasswordEnc,
      twoFactorSecretEnc: bp.twoFactorSecretEnc,
      proxyType: bp.proxyType,
      host: bp.host,
      port: bp.port,
      proxyUserName: bp.proxyUserName,
      proxyPasswordEnc: bp.proxyPasswordEnc,
      country: bp.country,
      startupUrls: bp.startupUrls,
      userAgent: sql<string | null>`${bp.fingerprint}->>'userAgent'`,
      cookiesEnc: bp.cookiesEnc,
      fingerprint: bp.fingerprint,
    })
    .from(bp)
    .leftJoin(browserGroups, eq(browserGroups.id, bp.groupId))
    .where(scoped(s, active, cond))
    .orderBy(asc(bp.serialNumber));
}

/** A page of the active profiles the actor can see that load an extension. */
export async function profilesByExtension(
  db: DbOrTx,
  s: Scope,
  extendId: number,
  q: { page: number; pageSize: number },
) {
  const where = scoped(s, active, sql`${bp.extendIds} @> array[${extendId}]::integer[]`);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(bp).where(where);
  const rows = await db
    .select({ p: summaryColumns, groupName: browserGroups.name })
    .from(bp)
    .leftJoin(browserGroups, eq(browserGroups.id, bp.groupId))
    .where(where)
    .orderBy(asc(bp.serialNumber))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  return { total: total?.n ?? 0, list: rows.map((r) => toSummary(r.p, r.groupName)) };
}

export async function profilesByAgentIp(db: DbOrTx, s: Scope, agentIpId: number) {
  await requireSavedProxy(db, s.mainId, agentIpId);
  const rows = await db
    .select({ p: summaryColumns, groupName: browserGroups.name })
    .from(bp)
    .leftJoin(browserGroups, eq(browserGroups.id, bp.groupId))
    .where(scoped(s, active, eq(bp.agentIpId, agentIpId)))
    .orderBy(asc(bp.serialNumber));
  return rows.map((r) => toSummary(r.p, r.groupName));
}
