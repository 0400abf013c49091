import { EXTENSIONS_PER_PROFILE_MAX, formatCst } from '@facet/shared';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { logActor, requireProfileIds, type Scope, visibleProfiles } from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import { fieldErrorSaying, forbidden, notFound } from '../../lib/errors.js';
import { containsIgnoreCase, pageOffset } from '../../lib/sql-helpers.js';
import { targetsOf, writeOperation } from '../logs/service.js';
import { logProfiles } from '../profiles/rows.js';
import { browserProfiles as bp } from '../profiles/tables.js';
import { extensionIdsOf, requireAssignableIds, sortOutExtensionIds } from './owned.js';
import { readExtensionPackage, readExtensionPackageOffThread } from './package.js';
import type { RequestedPermissions } from './permissions.js';
import { browserExtensions as ext } from './tables.js';

/** Every column but the package: lists and answers never carry the bytes. */
const listed = {
  id: ext.id,
  name: ext.name,
  version: ext.version,
  description: ext.description,
  manifestVersion: ext.manifestVersion,
  fileName: ext.fileName,
  size: ext.size,
  sha256: ext.sha256,
  icon: ext.icon,
  requested: ext.requested,
  membersMayAssign: ext.membersMayAssign,
  createdByName: ext.createdByName,
  createdAt: ext.createdAt,
};

// Spelled out: in a one-table select Drizzle leaves columns unqualified, and a bare "id" in the
// subquery would be the profile's.
const extensionIdColumn = sql`${sql.identifier('browser_extensions')}.${sql.identifier('id')}`;

/** How many active profiles the actor can see load the extension (correlated with the row). */
const profileCount = (s: Scope) =>
  sql<number>`(select count(*)::int from ${bp} where ${visibleProfiles(s)} and ${bp.deletedAt} is null and ${bp.extendIds} @> array[${extensionIdColumn}])`;

type Listed = { [K in Exclude<keyof typeof listed, 'requested'>]: (typeof listed)[K]['_']['data'] } & {
  profileCount: number;
  requested: RequestedPermissions | null;
};

const toExtension = (r: Listed) => ({
  id: r.id,
  name: r.name,
  version: r.version,
  description: r.description,
  manifestVersion: r.manifestVersion,
  fileName: r.fileName,
  size: r.size,
  sha256: r.sha256,
  icon: r.icon,
  permissions: r.requested?.permissions ?? [],
  hostPermissions: r.requested?.hostPermissions ?? [],
  optionalPermissions: r.requested?.optionalPermissions ?? [],
  membersMayAssign: r.membersMayAssign,
  profileCount: r.profileCount,
  createdBy: r.createdByName,
  createdTime: formatCst(r.createdAt),
});

/** An integer[] literal of bound values (a JS array in sql`` would become a value list). */
const intArray = (ids: number[]) =>
  sql`array[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::integer[]`;

const mine = (s: Scope) => eq(ext.mainAccountId, s.mainId);

/** Browser extensions of a main account: stored packages, and which profiles load them. */
export class Extensions {
  constructor(private readonly db: Db) {}

  /**
   * The ids, deduplicated in their order, if every one is an extension of the main account;
   * else 400 at `field` naming the unknown ones (another account's id is unknown here too).
   * A sub-account may only assign those an admin allowed (`kept`: already on the profile).
   */
  requireIds(db: DbOrTx, actor: Scope, ids: number[], field: string, kept: readonly number[] = []) {
    return requireAssignableIds(db, actor, ids, field, kept);
  }

  /** The main account's extension ids the actor may assign, for checking many rows at once (batchAdd). */
  idsOf(db: DbOrTx, actor: Scope) {
    return extensionIdsOf(db, actor);
  }

  /**
   * Reads the requested permissions of packages stored before they were read at upload, once:
   * the rows are updated, so this runs again only for rows that could not be read.
   */
  private async fillRequested<R extends { id: number; requested: RequestedPermissions | null }>(rows: R[]) {
    for (const r of rows) {
      if (r.requested) continue;
      const [row] = await this.db.select({ zip: ext.packageZip }).from(ext).where(eq(ext.id, r.id));
      if (!row) continue;
      try {
        r.requested = readExtensionPackage(row.zip).requested;
      } catch {
        continue;
      }
      await this.db.update(ext).set({ requested: r.requested }).where(eq(ext.id, r.id));
    }
    return rows;
  }

  /** Lets sub-accounts assign the extensions, or stops them; only a main account decides. */
  setMembersMayAssign(s: Scope, body: { ids: number[]; allowed: boolean }) {
    if (s.restricted) throw forbidden('only the main account decides which extensions members may assign');
    return this.db.transaction(async (tx) => {
      const unique = await this.requireOwned(tx, s, body.ids);
      const changed = await tx
        .update(ext)
        .set({ membersMayAssign: body.allowed })
        .where(and(mine(s), inArray(ext.id, unique)))
        .returning({ id: ext.id, name: ext.name });
      await writeOperation(tx, logActor(s), {
        action: body.allowed ? 'extension.membersMayAssign' : 'extension.membersMayNotAssign',
        targetType: 'extension',
        ...targetsOf(changed),
      });
      return { count: changed.length };
    });
  }

  async list(s: Scope, q: { page: number; pageSize: number; name?: string }) {
    const where = and(
      mine(s),
      q.name?.trim()
        ? or(containsIgnoreCase(ext.name, q.name.trim()), containsIgnoreCase(ext.description, q.name.trim()))
        : undefined,
    );
    const [total] = await this.db.select({ n: sql<number>`count(*)::int` }).from(ext).where(where);
    const rows = await this.db
      .select({ ...listed, profileCount: profileCount(s) })
      .from(ext)
      .where(where)
      .orderBy(desc(ext.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    return { total: total?.n ?? 0, list: (await this.fillRequested(rows)).map(toExtension) };
  }

  private async one(s: Scope, id: number) {
    const [row] = await this.db
      .select({ ...listed, profileCount: profileCount(s) })
      .from(ext)
      .where(and(mine(s), eq(ext.id, id)));
    if (!row) throw notFound(`extension ${id}`);
    return toExtension((await this.fillRequested([row]))[0]!);
  }

  /**
   * Stores an uploaded package after reading its manifest. The same package uploaded again by
   * the account is the extension it already has (same sha256), not a second copy.
   */
  async upload(s: Scope, body: { fileName: string; content: string }) {
    const pkg = await readExtensionPackageOffThread(body.content);
    const id = await this.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(ext)
        .values({
          mainAccountId: s.mainId,
          name: pkg.name,
          version: pkg.version,
          description: pkg.description,
          manifestVersion: pkg.manifestVersion,
          fileName: body.fileName,
          size: pkg.zip.length,
          sha256: pkg.sha256,
          icon: pkg.icon,
          requested: pkg.requested,
          packageZip: pkg.zip,
          createdBy: s.userId,
          createdByName: s.username,
        })
        .onConflictDoNothing()
        .returning({ id: ext.id });
      if (!made) {
        const [have] = await tx
          .select({ id: ext.id })
          .from(ext)
          .where(and(mine(s), eq(ext.sha256, pkg.sha256)));
        return have!.id;
      }
      await writeOperation(tx, logActor(s), {
        action: 'extension.upload',
        targetType: 'extension',
        targetId: made.id,
        targetName: pkg.name,
        detail: { version: pkg.version, fileName: body.fileName },
      });
      return made.id;
    });
    return this.one(s, id);
  }

  /** Deletes extensions and their packages; every profile of the account stops loading them. */
  remove(s: Scope, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const unique = await this.requireOwned(tx, s, ids);
      await tx
        .update(bp)
        .set({
          extendIds: sql`array(select x from unnest(${bp.extendIds}) x where x <> all(${intArray(unique)}))`,
          updatedAt: new Date(),
        })
        .where(and(eq(bp.mainAccountId, s.mainId), sql`${bp.extendIds} && ${intArray(unique)}`));
      const gone = await tx
        .delete(ext)
        .where(and(mine(s), inArray(ext.id, unique)))
        .returning({ id: ext.id, name: ext.name });
      await writeOperation(tx, logActor(s), {
        action: 'extension.delete',
        targetType: 'extension',
        ...targetsOf(gone),
      });
      return { count: gone.length };
    });
  }

  /** Every id must be the account's extension, else 404 naming the unknown ones. */
  async requireOwned(db: DbOrTx, s: Scope, ids: number[]) {
    const { unique, missing } = await sortOutExtensionIds(db, s.mainId, ids);
    if (missing.length) throw notFound(`extension ${missing.join(', ')}`);
    return unique;
  }

  /** Adds extensions to profiles (after the ones they load) or takes them off, all or nothing. */
  assign(s: Scope, body: { browserIds: number[]; extendIds: number[]; mode: 'add' | 'remove' }) {
    return this.db.transaction(async (tx) => {
      const profiles = await requireProfileIds(tx, s, body.browserIds, 'active');
      // Taking extensions off is always allowed; adding is what an admin may restrict.
      const extendIds =
        body.mode === 'add'
          ? await this.requireIds(tx, s, body.extendIds, 'body.extendIds')
          : await this.requireIds(tx, { ...s, restricted: false }, body.extendIds, 'body.extendIds');
      const list = intArray(extendIds);
      const next =
        body.mode === 'add'
          ? // Keeps the first position of each id: the profile's own order, then the new ones.
            sql`array(select x from unnest(${bp.extendIds} || ${list}) with ordinality t(x, o) group by x order by min(o))`
          : sql`array(select x from unnest(${bp.extendIds}) x where x <> all(${list}))`;
      const changed = await tx
        .update(bp)
        .set({ extendIds: next, updatedAt: new Date(), operAt: new Date() })
        .where(and(visibleProfiles(s), isNull(bp.deletedAt), inArray(bp.id, profiles)))
        .returning({ id: bp.id, n: sql<number>`cardinality(${bp.extendIds})` });
      const over = changed.find((r) => r.n > EXTENSIONS_PER_PROFILE_MAX);
      if (over)
        throw fieldErrorSaying(
          'body.extendIds',
          'extensionsPerProfileMax',
          `profile ${over.id} would load over ${EXTENSIONS_PER_PROFILE_MAX} extensions`,
        );
      await logProfiles(tx, s, `extensions.${body.mode}`, profiles, { extendIds });
      return { count: changed.length };
    });
  }

  /** The stored zip, for the client that opens a profile loading it. */
  async package(s: Scope, id: number) {
    const [row] = await this.db
      .select({ name: ext.name, version: ext.version, data: ext.packageZip })
      .from(ext)
      .where(and(mine(s), eq(ext.id, id)));
    if (!row) throw notFound(`extension ${id}`);
    const safe = row.name.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'extension';
    return { filename: `${safe}-${row.version}.zip`, contentType: 'application/zip', data: row.data };
  }
}
