import type { BatchRowError } from '@facet/shared';
import { formatCst, type ProxyConfig, type ProxyProvider } from '@facet/shared';
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { logActor, requireProfileIds, type Scope } from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import { fieldErrorSaying, notFound } from '../../lib/errors.js';
import type { Secrets } from '../../lib/secrets.js';
import { containsIgnoreCase, pageOffset } from '../../lib/sql-helpers.js';
import { targetsOf, writeOperation } from '../logs/service.js';
import { browserProfiles } from '../profiles/tables.js';
import { type BuiltProxy, buildProxy, parseProxyLine } from './build.js';
import { checkThroughProxy } from './check.js';
import { guardProxyHost } from './ssrf.js';
import { globalProxySettings, type SavedProxyRow, savedProxies as sp } from './tables.js';

export interface ProxyInput {
  proxyAgreementType: string;
  host: string;
  port: number;
  proxyUserName: string;
  proxyPassword: string;
  remark: string;
}

const view = (secrets: Secrets, p: SavedProxyRow, boundCount: number) => ({
  id: p.id,
  proxyAgreementType: p.proxyAgreementType,
  host: p.host,
  port: p.port,
  proxyUserName: p.proxyUserName,
  proxyPassword: p.proxyPasswordEnc ? secrets.decrypt(p.proxyPasswordEnc) : '',
  remark: p.remark,
  exitIp: p.exitIp,
  country: p.country,
  latencyMs: p.latencyMs,
  checkedTime: formatCst(p.checkedAt),
  checkError: p.checkError,
  boundCount,
  createdTime: formatCst(p.createdAt),
});

/** The account's saved proxies of these ids, each named as the log names it (`host:port`), or 404. */
async function requireProxies(db: DbOrTx, mainId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: sp.id, host: sp.host, port: sp.port })
    .from(sp)
    .where(and(eq(sp.mainAccountId, mainId), inArray(sp.id, unique)));
  if (rows.length !== unique.length) {
    const have = new Set(rows.map((r) => r.id));
    throw notFound(`saved proxy ${unique.filter((i) => !have.has(i)).join(', ')}`);
  }
  const byId = new Map(rows.map((r) => [r.id, proxyName(r)]));
  return unique.map((id) => ({ id, name: byId.get(id)! }));
}

async function requireProxyIds(db: DbOrTx, mainId: number, ids: number[]) {
  return (await requireProxies(db, mainId, ids)).map((p) => p.id);
}

const proxyName = (p: { host: string; port: number | string }) => `${p.host}:${p.port}`;

async function boundCounts(db: DbOrTx, mainId: number, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .select({ id: browserProfiles.agentIpId, n: count() })
    .from(browserProfiles)
    .where(
      and(
        eq(browserProfiles.mainAccountId, mainId),
        isNull(browserProfiles.deletedAt),
        inArray(browserProfiles.agentIpId, ids),
      ),
    )
    .groupBy(browserProfiles.agentIpId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

const values = (secrets: Secrets, mainId: number, userId: number, p: ProxyInput) => ({
  mainAccountId: mainId,
  createdBy: userId,
  proxyAgreementType: p.proxyAgreementType,
  host: p.host,
  port: p.port,
  proxyUserName: p.proxyUserName,
  proxyPasswordEnc: p.proxyPassword ? secrets.encrypt(p.proxyPassword) : '',
  remark: p.remark,
});

const logProxy = (
  db: DbOrTx,
  s: Scope,
  action: 'create' | 'batchAdd' | 'update' | 'delete' | 'bind',
  proxies: ReadonlyArray<{ id: number; name: string }>,
  detail: Record<string, unknown> = {},
) => {
  const target = targetsOf(proxies);
  return writeOperation(db, logActor(s), {
    action: `proxy.${action}`,
    targetType: 'proxy',
    targetId: target.targetId,
    targetName: target.targetName,
    detail: { ...target.detail, ...detail },
  });
};

type GlobalRow = typeof globalProxySettings.$inferSelect;
const globalView = (secrets: Secrets, g: GlobalRow) => ({
  proxyType: g.proxyType as ProxyProvider,
  host: g.host,
  port: g.port,
  userName: g.userName,
  password: g.passwordEnc ? secrets.decrypt(g.passwordEnc) : '',
  proxyAgreementType: g.proxyAgreementType,
});

/** Saved proxies, global proxy settings and proxy checks of a main account. */
export class Proxies {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
  ) {}

  /** A saved proxy of the main account, else 404. */
  async requireSaved(db: DbOrTx, mainId: number, id: number) {
    const [p] = await db
      .select()
      .from(sp)
      .where(and(eq(sp.mainAccountId, mainId), eq(sp.id, id)));
    if (!p) throw notFound(`saved proxy ${id}`);
    return p;
  }

  /** The main account's saved proxy ids, for checking many rows at once (batchAdd). */
  async savedIds(db: DbOrTx, mainId: number): Promise<Set<number>> {
    const rows = await db.select({ id: sp.id }).from(sp).where(eq(sp.mainAccountId, mainId));
    return new Set(rows.map((p) => p.id));
  }

  async list(
    mainId: number,
    q: { page: number; pageSize: number; host?: string | undefined; remark?: string | undefined },
  ) {
    const conds: SQL[] = [eq(sp.mainAccountId, mainId)];
    if (q.host) conds.push(containsIgnoreCase(sp.host, q.host));
    if (q.remark) conds.push(containsIgnoreCase(sp.remark, q.remark));
    const where = and(...conds);
    const rows = await this.db
      .select()
      .from(sp)
      .where(where)
      .orderBy(desc(sp.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    const [total] = await this.db.select({ n: count() }).from(sp).where(where);
    const bound = await boundCounts(
      this.db,
      mainId,
      rows.map((r) => r.id),
    );
    return { total: total?.n ?? 0, list: rows.map((r) => view(this.secrets, r, bound.get(r.id) ?? 0)) };
  }

  create(s: Scope, p: ProxyInput) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(sp)
        .values(values(this.secrets, s.mainId, s.userId, p))
        .returning();
      await logProxy(tx, s, 'create', [{ id: row!.id, name: proxyName(p) }]);
      return view(this.secrets, row!, 0);
    });
  }

  /** One proxy per non-empty line; any bad line adds nothing and every bad line is reported. */
  async batchAdd(s: Scope, text: string, defaultType: string, remark: string) {
    const errors: BatchRowError[] = [];
    const parsed: ProxyInput[] = [];
    const lines = text.split(/\r?\n/);
    if (lines.filter((l) => l.trim()).length > 5000)
      return {
        count: 0,
        ids: [],
        errors: [{ row: 0, field: 'text', key: 'tooManyLines', detail: 'at most 5000 lines' }],
      };
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      try {
        parsed.push({ ...parseProxyLine(line, defaultType), remark });
      } catch (e) {
        errors.push({ row: i + 1, field: 'line', key: 'proxyLineInvalid', detail: (e as Error).message });
      }
    });
    if (errors.length || !parsed.length)
      return {
        count: 0,
        ids: [] as number[],
        errors: errors.length ? errors : [{ row: 0, field: 'text', key: 'noProxyLines', detail: 'no proxy lines' }],
      };
    const ids = await this.db.transaction(async (tx) => {
      const out: Array<{ id: number; name: string }> = [];
      for (let i = 0; i < parsed.length; i += 500) {
        const rows = await tx
          .insert(sp)
          .values(parsed.slice(i, i + 500).map((p) => values(this.secrets, s.mainId, s.userId, p)))
          .returning({ id: sp.id, host: sp.host, port: sp.port });
        out.push(...rows.map((r) => ({ id: r.id, name: proxyName(r) })));
      }
      await logProxy(tx, s, 'batchAdd', out);
      return out.map((r) => r.id);
    });
    return { count: ids.length, ids, errors };
  }

  update(s: Scope, ids: number[], data: Partial<ProxyInput>) {
    const mainId = s.mainId;
    return this.db.transaction(async (tx) => {
      const unique = await requireProxyIds(tx, mainId, ids);
      const set: Partial<typeof sp.$inferInsert> = { updatedAt: new Date() };
      if (data.proxyAgreementType !== undefined) set.proxyAgreementType = data.proxyAgreementType;
      if (data.host !== undefined) set.host = data.host;
      if (data.port !== undefined) set.port = data.port;
      if (data.proxyUserName !== undefined) set.proxyUserName = data.proxyUserName;
      if (data.proxyPassword !== undefined)
        set.proxyPasswordEnc = data.proxyPassword ? this.secrets.encrypt(data.proxyPassword) : '';
      if (data.remark !== undefined) set.remark = data.remark;
      await tx
        .update(sp)
        .set(set)
        .where(and(eq(sp.mainAccountId, mainId), inArray(sp.id, unique)));
      await logProxy(tx, s, 'update', await requireProxies(tx, mainId, unique), { fields: Object.keys(data) });
      return { count: unique.length };
    });
  }

  /** Deletes saved proxies; profiles bound to them fall back to no proxy. */
  remove(s: Scope, ids: number[]) {
    const mainId = s.mainId;
    return this.db.transaction(async (tx) => {
      const gone = await requireProxies(tx, mainId, ids);
      const unique = gone.map((p) => p.id);
      await tx
        .update(browserProfiles)
        .set({ agentIpId: null, proxyMethod: 1, proxyType: 'noproxy', updatedAt: new Date() })
        .where(and(eq(browserProfiles.mainAccountId, mainId), inArray(browserProfiles.agentIpId, unique)));
      await tx.delete(sp).where(and(eq(sp.mainAccountId, mainId), inArray(sp.id, unique)));
      await logProxy(tx, s, 'delete', gone);
      return { count: unique.length };
    });
  }

  bind(s: Scope, proxyId: number, profileIds: number[]) {
    const mainId = s.mainId;
    return this.db.transaction(async (tx) => {
      const proxy = await requireProxies(tx, mainId, [proxyId]);
      const unique = await requireProfileIds(tx, s, profileIds, 'active');
      await tx
        .update(browserProfiles)
        .set({ agentIpId: proxyId, proxyMethod: 3, updatedAt: new Date() })
        .where(and(eq(browserProfiles.mainAccountId, mainId), inArray(browserProfiles.id, unique)));
      await logProxy(tx, s, 'bind', proxy, { profiles: unique.length });
      return { count: unique.length };
    });
  }

  // ---- global proxy settings

  async globals(mainId: number, types?: string[]) {
    const rows = await this.db
      .select()
      .from(globalProxySettings)
      .where(
        and(
          eq(globalProxySettings.mainAccountId, mainId),
          types?.length ? inArray(globalProxySettings.proxyType, types) : undefined,
        ),
      )
      .orderBy(globalProxySettings.proxyType);
    return rows.map((g) => globalView(this.secrets, g));
  }

  async saveGlobal(
    mainId: number,
    g: {
      proxyType: string;
      host: string;
      port: number;
      userName: string;
      password: string;
      proxyAgreementType: string;
    },
  ) {
    const values = {
      mainAccountId: mainId,
      proxyType: g.proxyType,
      host: g.host,
      port: g.port,
      userName: g.userName,
      passwordEnc: g.password ? this.secrets.encrypt(g.password) : '',
      proxyAgreementType: g.proxyAgreementType,
      updatedAt: new Date(),
    };
    const [row] = await this.db
      .insert(globalProxySettings)
      .values(values)
      .onConflictDoUpdate({ target: [globalProxySettings.mainAccountId, globalProxySettings.proxyType], set: values })
      .returning();
    return globalView(this.secrets, row!);
  }

  // ---- proxy check

  /** Checks a saved proxy (recording its exit IP and country) or an inline profile proxy. */
  async check(mainId: number, body: { id?: number | undefined; proxy?: ProxyConfig | undefined }) {
    let savedId = body.id;
    if (body.proxy?.proxyMethod === 3) {
      if (!body.proxy.agentIpId)
        throw fieldErrorSaying('body.proxy.agentIpId', 'savedRequired', 'required with proxyMethod 3');
      savedId = body.proxy.agentIpId;
    }
    let built: BuiltProxy | null;
    if (savedId !== undefined) {
      const [row] = await this.db
        .select()
        .from(sp)
        .where(and(eq(sp.mainAccountId, mainId), eq(sp.id, savedId)));
      if (!row) throw notFound(`saved proxy ${savedId}`);
      built = {
        scheme: (row.proxyAgreementType === 'asocks' ? 'socks5' : row.proxyAgreementType) as BuiltProxy['scheme'],
        host: row.host,
        port: row.port,
        userName: row.proxyUserName,
        password: row.proxyPasswordEnc ? this.secrets.decrypt(row.proxyPasswordEnc) : '',
      };
    } else {
      const p = body.proxy!;
      const global =
        p.proxyMethod === 2 && p.isGlobalProxyInfo ? (await this.globals(mainId, [p.proxyType]))[0] : undefined;
      built = buildProxy(p, global ?? null);
      if (!built) throw fieldErrorSaying('body.proxy.proxyType', 'noProxyToCheck', 'no proxy to check');
    }
    const address = await guardProxyHost(built.host, savedId !== undefined ? 'body.id' : 'body.proxy.host');
    const result = await checkThroughProxy(built, undefined, undefined, address);
    if (savedId !== undefined) {
      // A failed check keeps the last known exit IP and country; its reason and time are shown.
      const outcome = result.ok
        ? { exitIp: result.exitIp, country: result.country, latencyMs: result.latencyMs, checkError: '' }
        : { latencyMs: null, checkError: result.error.slice(0, 500) || 'check failed' };
      await this.db
        .update(sp)
        .set({ ...outcome, checkedAt: new Date() })
        .where(and(eq(sp.mainAccountId, mainId), eq(sp.id, savedId)));
    }
    return result;
  }
}
