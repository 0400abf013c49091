import { createHash } from 'node:crypto';
import { parseCst, type profileListBody } from '@facet/shared';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  fillPlaceholders,
  isNotNull,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import { type Scope, visibleProfiles } from '../../access/index.js';
import type { DbOrTx } from '../../db/connection.js';
import { fieldError } from '../../lib/errors.js';
import { containsPattern, pageOffset } from '../../lib/sql-helpers.js';
import { browserGroups } from '../groups/tables.js';
import { browserProfiles as bp } from './tables.js';
import { type SummaryRow, summaryColumns } from './views.js';

export type ListBody = z.infer<typeof profileListBody>;

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
  if (q.createdFrom && !from) throw fieldError('body.createdFrom', 'dateInvalid');
  if (q.createdTo && !to) throw fieldError('body.createdTo', 'dateInvalid');
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
  const conds: Array<SQL | undefined> = [shape.deleted ? isNotNull(bp.deletedAt) : isNull(bp.deletedAt)];
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

/** Runs a list page through its prepared statement: the page's rows (summary columns) and the total. */
export async function runListQuery(db: DbOrTx, s: Scope, q: ListBody) {
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
  const page: Array<{ p: SummaryRow; groupName: string | null }> = [];
  // An empty page is the count's row alone, its profile columns null.
  for (const r of rows) if (r.p?.id != null) page.push({ p: r.p as SummaryRow, groupName: r.groupName });
  return { total: rows[0]?.total ?? 0, rows: page };
}
