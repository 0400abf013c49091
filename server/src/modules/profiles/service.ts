import {
  alignToEngine,
  type BatchRowError,
  claimsOlderThan,
  type Fingerprint,
  majorOf,
  nameRule,
  numberedNames,
  type ProfileCreateManyBody,
  type ProfileInput,
  type ProfileVerb,
  type ProxyConfig,
  profileInputSchema,
  type profileUpdateSchema,
  rowIssuesOf,
} from '@facet/shared';
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  inScope,
  requireProfileIds,
  requireVisibleGroup,
  type Scope,
  stateCondition,
  visibleGroupIds,
  visibleProfiles,
} from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import { AppError, fieldError, fieldErrorSaying } from '../../lib/errors.js';
import type { Secrets } from '../../lib/secrets.js';
import { pageOffset } from '../../lib/sql-helpers.js';
import type { ClientIdentities } from '../clients/service.js';
import { notAssignable } from '../extensions/owned.js';
import type { Extensions } from '../extensions/service.js';
import type { Groups } from '../groups/service.js';
import { browserGroups } from '../groups/tables.js';
import type { Proxies } from '../proxies/service.js';
import {
  type ColumnRefs,
  fullInsert,
  type Insert,
  inputColumns,
  nextSerial,
  type Patch,
  proxyColumns,
} from './columns.js';
import { CookieBackups } from './cookie-backups.js';
import { ProfileExport } from './export.js';
import {
  type FingerprintConstraints,
  generateFingerprint,
  generateFingerprints,
  scheduleRefill,
  withOwnDevice,
} from './fingerprint.js';
import { type ListBody, runListQuery } from './list-query.js';
import { OpenState } from './open-state.js';
import type { ProfileQuota } from './quota.js';
import { RecycleBin } from './recycle-bin.js';
import { logProfiles, requireProfile, shareWithCreator } from './rows.js';
import { browserProfiles as bp } from './tables.js';
import { summaryColumns, toDetail, toSummary } from './views.js';

type UpdateBody = z.infer<typeof profileUpdateSchema>;

const active = isNull(bp.deletedAt);

/**
 * Browser profiles of a main account: one change or many, lists. The open state, the recycle
 * bin, cookie backups and exports are parts of their own, reached through this service.
 */
export class Profiles {
  readonly open: OpenState;
  readonly recycleBin: RecycleBin;
  readonly cookieBackups: CookieBackups;
  readonly exports: ProfileExport;

  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly groups: Groups,
    private readonly proxies: Proxies,
    private readonly extensions: Extensions,
    /** The engine of the actor's client: generated fingerprints claim its version (docs/client.md). */
    private readonly engines: Pick<ClientIdentities, 'engineOf'>,
    private readonly quota: ProfileQuota,
  ) {
    this.open = new OpenState(db, secrets, proxies, quota);
    this.recycleBin = new RecycleBin(db, quota);
    this.cookieBackups = new CookieBackups(db);
    this.exports = new ProfileExport(db, secrets);
  }

  /** The id checks of a single change: each asks the database (a group the actor cannot see is 404). */
  private refs(tx: DbOrTx, actor: Scope, keptExtensions: readonly number[] = []): ColumnRefs {
    return {
      group: async (id) =>
        id === null
          ? this.groups.ensureDefault(tx, actor.mainId, actor.userId)
          : (await requireVisibleGroup(tx, actor, id)).id,
      savedProxy: (id) => this.proxies.requireSaved(tx, actor.mainId, id),
      extensions: (ids, field) => this.extensions.requireIds(tx, actor, ids, field, keptExtensions),
    };
  }

  /** The id checks of a batch: the ids the actor may use are read once, each row is checked against them. */
  private async batchRefs(actor: Scope): Promise<ColumnRefs> {
    const [groupIds, proxyIds, extensionIds] = await Promise.all([
      visibleGroupIds(this.db, actor),
      this.proxies.savedIds(this.db, actor.mainId),
      this.extensions.idsOf(this.db, actor),
    ]);
    return {
      group: (id, field) => {
        // null and the default group alike: the insert puts the row in the default group.
        if (id !== null && !groupIds.has(id)) throw fieldErrorSaying(field, 'groupNotFound', `group ${id} not found`);
        return id ?? undefined;
      },
      savedProxy: (id, field) => {
        if (!proxyIds.has(id)) throw fieldErrorSaying(field, 'savedProxyNotFound', `saved proxy ${id} not found`);
      },
      extensions: (ids, field) => {
        const refused = ids.filter((x) => extensionIds.refused.has(x));
        if (refused.length) throw notAssignable(field, [...new Set(refused)]);
        const unknown = ids.find((x) => !extensionIds.assignable.has(x));
        if (unknown) throw fieldErrorSaying(field, 'extensionNotFound', `extension ${unknown} not found`);
        return [...new Set(ids)];
      },
    };
  }

  /**
   * `n` new fingerprints for the actor, claiming the version of the Chromium their client runs
   * (and, for a single profile, that client's OS), so no claim contradicts the engine.
   */
  async generated(actor: Scope, n: number): Promise<Fingerprint[]> {
    if (n === 0) return [];
    const engine = await this.engines.engineOf(actor.userId);
    const os = engine?.platform as FingerprintConstraints['os'];
    const fps = n === 1 && os ? [generateFingerprint({ os })] : generateFingerprints(n);
    return engine ? fps.map((fp) => alignToEngine(fp, engine.engineVersion)) : fps;
  }

  /** The grid's upgrade reminder: the engine of the actor's client and how many profiles claim less. */
  async engineStatus(actor: Scope): Promise<{ engineVersion: string | null; outdated: number }> {
    const engine = await this.engines.engineOf(actor.userId);
    if (!engine) return { engineVersion: null, outdated: 0 };
    // browserVersion is two or three digits by the fingerprint schema, so the cast cannot fail.
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bp)
      .where(
        inScope(
          actor,
          stateCondition('active'),
          sql`${bp.fingerprint}->>'os' <> 'ios'`,
          sql`(${bp.fingerprint}->>'browserVersion')::int < ${majorOf(engine.engineVersion)}`,
        ),
      );
    return { engineVersion: engine.engineVersion, outdated: row?.n ?? 0 };
  }

  /**
   * Moves the given profiles' claimed Chrome up to the engine of the actor's client (the grid's
   * upgrade reminder); a profile that already claims it, or a Safari profile, stays as it is.
   * Without a client that said its engine there is nothing to move to.
   */
  async upgradeBrowserVersion(actor: Scope, ids: number[]): Promise<{ count: number }> {
    await requireProfileIds(this.db, actor, ids, 'active');
    const engine = await this.engines.engineOf(actor.userId);
    if (!engine) throw fieldError('body.ids', 'engineUnknown');
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: bp.id, fingerprint: bp.fingerprint })
        .from(bp)
        .where(inScope(actor, inArray(bp.id, ids)));
      const older = rows.filter((r) => claimsOlderThan(r.fingerprint, engine.engineVersion));
      for (const r of older)
        await tx
          .update(bp)
          .set({
            fingerprint: alignToEngine(r.fingerprint, engine.engineVersion),
            updatedAt: new Date(),
            operAt: new Date(),
          })
          .where(eq(bp.id, r.id));
      if (older.length)
        await logProfiles(
          tx,
          actor,
          'update',
          older.map((r) => r.id),
          {
            fields: ['browserFingerPrint'],
            browserVersion: engine.engineVersion,
          },
        );
      return { count: older.length };
    });
  }

  async get(s: Scope, id: number) {
    const r = await requireProfile(this.db, s, id);
    return toDetail(this.secrets, r.p, r.groupName);
  }

  async create(actor: Scope, input: ProfileInput) {
    // Drawn before the transaction: the engine is read on the pool, which the open transaction
    // would wait on (PGlite has one connection).
    const drawn = input.browserFingerPrint ?? (await this.generated(actor, 1))[0]!;
    const id = await this.db.transaction(async (tx) => {
      const cols = await inputColumns(this.secrets, input, this.refs(tx, actor), 'body');
      const defaultGroup = await this.groups.ensureDefault(tx, actor.mainId, actor.userId);
      const serial = await nextSerial(tx, actor.mainId);
      const fp = cols.fingerprint ?? drawn;
      scheduleRefill(); // the first profile warms the pool for the batches that may follow
      const [row] = await tx
        .insert(bp)
        .values(fullInsert(actor, serial, cols, defaultGroup, fp))
        .returning({ id: bp.id });
      await this.quota.checkProfiles(tx, actor.mainId);
      await shareWithCreator(tx, actor, [row!.id]);
      await logProfiles(tx, actor, 'create', [row!.id], {
        name: cols.name ?? `Profile ${serial}`,
        serialNumber: serial,
      });
      return row!.id;
    });
    return this.get(actor, id);
  }

  /**
   * `quantity` profiles from one form, all or none: names numbered ("Shop 1" …), each with its own
   * fingerprint (drawn under the form's constraints), or the form's edited fingerprint with a
   * device name and MAC address of its own (docs/profiles.md, Creating several profiles at once).
   */
  async createMany(actor: Scope, body: ProfileCreateManyBody) {
    const { quantity, fingerprintConstraints, ...input } = body;
    const names = numberedNames(input.name, quantity);
    const over = names.find((n) => !nameRule.safeParse(n).success);
    if (over) throw fieldError('body.name', 'nameNumberedTooLong', `"${over}" is longer than a name may be`);
    // Drawn before the transaction, as in create: the engine is read on the pool.
    const given = input.browserFingerPrint;
    const fps = given
      ? names.map(() => (quantity === 1 ? given : withOwnDevice(given)))
      : await this.generatedUnder(actor, quantity, fingerprintConstraints);
    const ids = await this.db.transaction(async (tx) => {
      const cols = await inputColumns(this.secrets, input, this.refs(tx, actor), 'body');
      const defaultGroup = await this.groups.ensureDefault(tx, actor.mainId, actor.userId);
      const first = await nextSerial(tx, actor.mainId);
      const values = names.map((name, i) =>
        fullInsert(actor, first + i, { ...cols, name, fingerprint: fps[i]! }, defaultGroup, fps[i]!),
      );
      const rows = await tx.insert(bp).values(values).returning({ id: bp.id });
      const out = rows.map((r) => r.id);
      await this.quota.checkProfiles(tx, actor.mainId);
      await shareWithCreator(tx, actor, out);
      await logProfiles(tx, actor, 'batchAdd', out, { count: out.length, name: input.name });
      return out;
    });
    scheduleRefill();
    return { count: ids.length, ids };
  }

  /** Fingerprints under the form's constraints; a version the user picked is kept, else they claim the client's engine. */
  private async generatedUnder(actor: Scope, n: number, c: FingerprintConstraints | undefined) {
    if (!c) return this.generated(actor, n);
    const fps = Array.from({ length: n }, () => generateFingerprint(c));
    if (c.minVersion || c.maxVersion) return fps;
    const engine = await this.engines.engineOf(actor.userId);
    return engine ? fps.map((fp) => alignToEngine(fp, engine.engineVersion)) : fps;
  }

  async update(actor: Scope, body: UpdateBody) {
    const { id, ...input } = body;
    await this.db.transaction(async (tx) => {
      const current = await requireProfile(tx, actor, id);
      // Extensions already on the profile stay without being assigned again.
      const cols = await inputColumns(this.secrets, input, this.refs(tx, actor, current.p.extendIds), 'body');
      await tx
        .update(bp)
        .set({ ...cols, updatedAt: new Date(), operAt: new Date() })
        .where(inScope(actor, eq(bp.id, id)));
      const fields = Object.keys(input);
      // The client stores a profile's cookies as it closes it: that is no edit of the profile.
      if (fields.length === 1 && fields[0] === 'cookie')
        await logProfiles(tx, actor, 'saveCookies', [id], { cookies: cols.cookieCount ?? 0 });
      else await logProfiles(tx, actor, 'update', [id], { fields });
    });
    return this.get(actor, id);
  }

  /**
   * Adds many profiles, all or none: every row is checked first and every broken rule of every
   * row is answered (`{ row, field, key, detail? }`, rows from 1), and nothing is added.
   */
  async batchAdd(actor: Scope, list: unknown[], opts: { action?: ProfileVerb; detail?: Record<string, unknown> } = {}) {
    const errors: BatchRowError[] = [];
    const refs = await this.batchRefs(actor);
    const rows: Array<Partial<Insert>> = [];
    for (const [i, item] of list.entries()) {
      const row = i + 1;
      const r = profileInputSchema.safeParse(item);
      if (!r.success) {
        for (const issue of rowIssuesOf(r.error.issues)) errors.push({ row, ...issue });
        continue;
      }
      try {
        rows.push(await inputColumns(this.secrets, r.data, refs, ''));
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        for (const fe of e.errors) errors.push({ row, ...fe });
      }
    }
    if (errors.length) return { count: 0, ids: [] as number[], errors };
    // Only rows that passed get a fingerprint: a rejected batch costs no generation.
    const fresh = await this.generated(actor, rows.filter((c) => !c.fingerprint).length);
    for (const c of rows) c.fingerprint ??= fresh.pop();
    const ids = await this.db.transaction(async (tx) => {
      const defaultGroup = await this.groups.ensureDefault(tx, actor.mainId, actor.userId);
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
      await this.quota.checkProfiles(tx, actor.mainId);
      await shareWithCreator(tx, actor, out);
      await logProfiles(tx, actor, opts.action ?? 'batchAdd', out, { count: out.length, ...opts.detail });
      return out;
    });
    return { count: ids.length, ids, errors };
  }

  async list(s: Scope, q: ListBody) {
    const { total, rows } = await runListQuery(this.db, s, q);
    return { total, list: rows.map((r) => toSummary(r.p, r.groupName)) };
  }

  /** Applies the same column values to many profiles after checking every id. */
  updateMany(
    s: Scope,
    ids: number[],
    set: Partial<Insert>,
    /** action null: not worth an operation log entry (the client's own bookkeeping, e.g. saveLastIp). */
    opts: { state?: 'active' | 'any'; action: ProfileVerb | null; detail?: Record<string, unknown> },
  ) {
    return this.db.transaction(async (tx) => {
      const unique = await requireProfileIds(tx, s, ids, opts.state ?? 'active');
      await tx
        .update(bp)
        .set({ ...set, updatedAt: new Date() })
        .where(inScope(s, inArray(bp.id, unique)));
      if (opts.action) await logProfiles(tx, s, opts.action, unique, opts.detail);
      return { count: unique.length };
    });
  }

  batchUpdateData(actor: Scope, list: UpdateBody[]) {
    return this.db.transaction(async (tx) => {
      const unique = await requireProfileIds(
        tx,
        actor,
        list.map((l) => l.id),
        'active',
      );
      const current = await tx.select({ id: bp.id, extendIds: bp.extendIds }).from(bp).where(inArray(bp.id, unique));
      const kept = new Map(current.map((r) => [r.id, r.extendIds]));
      for (const [i, { id, ...input }] of list.entries()) {
        const refs = this.refs(tx, actor, kept.get(id));
        const cols = await inputColumns(this.secrets, input, refs, `body.list.${i}`);
        await tx
          .update(bp)
          .set({ ...cols, updatedAt: new Date(), operAt: new Date() })
          .where(inScope(actor, eq(bp.id, id)));
      }
      await logProfiles(tx, actor, 'batchUpdateData', unique);
      return { count: list.length };
    });
  }

  async batchUpdateProxy(actor: Scope, ids: number[], proxy: ProxyConfig) {
    const cols = await proxyColumns(this.secrets, proxy, this.refs(this.db, actor), 'body.proxy');
    return this.updateMany(actor, ids, cols, {
      action: 'batchUpdateProxy',
      detail: { proxyMethod: proxy.proxyMethod, proxyType: proxy.proxyType, host: proxy.host },
    });
  }

  batchUpdatePart(actor: Scope, ids: number[], data: Patch) {
    return this.db.transaction(async (tx) => {
      const unique = await requireProfileIds(tx, actor, ids, 'active');
      const cols = await inputColumns(this.secrets, data, this.refs(tx, actor), 'body.data');
      await tx
        .update(bp)
        .set({ ...cols, updatedAt: new Date() })
        .where(inScope(actor, inArray(bp.id, unique)));
      await logProfiles(tx, actor, 'batchUpdatePart', unique, { fields: Object.keys(data) });
      return { count: unique.length };
    });
  }

  batchUpdateSort(s: Scope, list: Array<{ id: number; sort: number }>) {
    return this.db.transaction(async (tx) => {
      const unique = await requireProfileIds(
        tx,
        s,
        list.map((l) => l.id),
        'any',
      );
      for (const { id, sort } of list)
        await tx
          .update(bp)
          .set({ sort })
          .where(inScope(s, eq(bp.id, id)));
      await logProfiles(tx, s, 'sort', unique);
      return { count: list.length };
    });
  }

  /** Renumbers the sort order 1..n by serial number, of every profile the actor may see. */
  updateAllSort(s: Scope) {
    return this.db.transaction(async (tx) => {
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

  /** A page of the active profiles the actor can see that load an extension. */
  async byExtension(s: Scope, extendId: number, q: { page: number; pageSize: number }) {
    const where = inScope(s, active, sql`${bp.extendIds} @> array[${extendId}]::integer[]`);
    const [total] = await this.db.select({ n: sql<number>`count(*)::int` }).from(bp).where(where);
    const rows = await this.db
      .select({ p: summaryColumns, groupName: browserGroups.name })
      .from(bp)
      .leftJoin(browserGroups, eq(browserGroups.id, bp.groupId))
      .where(where)
      .orderBy(asc(bp.serialNumber))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    return { total: total?.n ?? 0, list: rows.map((r) => toSummary(r.p, r.groupName)) };
  }

  async byAgentIp(s: Scope, agentIpId: number) {
    await this.proxies.requireSaved(this.db, s.mainId, agentIpId);
    const rows = await this.db
      .select({ p: summaryColumns, groupName: browserGroups.name })
      .from(bp)
      .leftJoin(browserGroups, eq(browserGroups.id, bp.groupId))
      .where(inScope(s, active, eq(bp.agentIpId, agentIpId)))
      .orderBy(asc(bp.serialNumber));
    return rows.map((r) => toSummary(r.p, r.groupName));
  }
}
