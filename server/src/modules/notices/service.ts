import {
  type AdminNotice,
  type CallParsedBody,
  formatCst,
  type Language,
  MAIN_ACCOUNT_USER_TYPE,
  type Notice,
} from '@facet/shared';
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../lib/errors.js';
import { pageOffset } from '../../lib/sql-helpers.js';
import type { UserRow } from '../accounts/tables.js';
import { Policies } from './policies.js';
import { Presence } from './presence.js';
import { Support } from './support.js';
import { noticeReads, notices } from './tables.js';

type NoticeRow = typeof notices.$inferSelect;

/**
 * Notices (docs/notices.md): the operator writes them, users read the published ones meant for
 * them (audience and language), pinned first, with a read mark each. Policy pages, the
 * customer-service settings and client presence hang off it.
 */
export class Notices {
  readonly policies: Policies;
  readonly support: Support;
  readonly presence: Presence;

  constructor(private readonly db: Db) {
    this.policies = new Policies(db);
    this.support = new Support(db);
    this.presence = new Presence(db);
  }

  /** The published notices this user is meant to see. */
  private visibleTo(user: UserRow) {
    const main = user.userType === MAIN_ACCOUNT_USER_TYPE && user.parentId === null;
    return and(
      eq(notices.published, true),
      inArray(notices.audience, ['all', main ? 'main' : 'sub']),
      or(eq(notices.locale, ''), eq(notices.locale, user.language as Language)),
    );
  }

  private readMark(user: UserRow) {
    return sql<boolean>`exists (select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.userId} = ${user.id})`;
  }

  private toNotice = (r: NoticeRow & { read: boolean }): Notice => ({
    id: r.id,
    title: r.title,
    content: r.content,
    pinned: r.pinned,
    read: r.read,
    publishedTime: formatCst(r.publishedAt ?? r.createdAt) ?? '',
  });

  async list(user: UserRow, q: CallParsedBody<'noticeList'>) {
    const unreadCond = and(
      this.visibleTo(user),
      isNull(
        sql`(select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.userId} = ${user.id})`,
      ),
    );
    const where = q.unreadOnly ? unreadCond : this.visibleTo(user);
    const [total] = await this.db.select({ n: count() }).from(notices).where(where);
    const [unread] = await this.db.select({ n: count() }).from(notices).where(unreadCond);
    const rows = await this.db
      .select({ notice: notices, read: this.readMark(user) })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.pinned), desc(notices.publishedAt), desc(notices.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    return {
      total: total?.n ?? 0,
      unread: unread?.n ?? 0,
      list: rows.map((r) => this.toNotice({ ...r.notice, read: r.read })),
    };
  }

  /** Pinned notices not read yet: the console's top bar. */
  async topList(user: UserRow): Promise<Notice[]> {
    const rows = await this.db
      .select({ notice: notices, read: this.readMark(user) })
      .from(notices)
      .where(and(this.visibleTo(user), eq(notices.pinned, true)))
      .orderBy(desc(notices.publishedAt), desc(notices.id))
      .limit(20);
    return rows.filter((r) => !r.read).map((r) => this.toNotice({ ...r.notice, read: false }));
  }

  /** Marks read the given notices the user may see; others are ignored. */
  async markRead(user: UserRow, ids: number[]) {
    const seen = await this.db
      .select({ id: notices.id })
      .from(notices)
      .where(and(this.visibleTo(user), inArray(notices.id, ids)));
    if (seen.length === 0) return { count: 0 };
    const added = await this.db
      .insert(noticeReads)
      .values(seen.map((s) => ({ noticeId: s.id, userId: user.id })))
      .onConflictDoNothing()
      .returning({ id: noticeReads.noticeId });
    return { count: added.length };
  }

  // ---- the operator ------------------------------------------------------------------------

  private reads = sql<number>`(select count(*)::int from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id})`;

  private toAdmin = (r: NoticeRow, reads: number): AdminNotice => ({
    id: r.id,
    title: r.title,
    content: r.content,
    pinned: r.pinned,
    published: r.published,
    audience: r.audience as AdminNotice['audience'],
    locale: r.locale,
    reads: Number(reads),
    publishedTime: r.publishedAt ? formatCst(r.publishedAt) : null,
    updatedTime: formatCst(r.updatedAt) ?? '',
  });

  async adminList(q: CallParsedBody<'adminNoticeList'>) {
    const [total] = await this.db.select({ n: count() }).from(notices);
    const rows = await this.db
      .select({ notice: notices, reads: this.reads })
      .from(notices)
      .orderBy(desc(notices.id))
      .limit(q.pageSize)
      .offset(pageOffset(q));
    return { total: total?.n ?? 0, list: rows.map((r) => this.toAdmin(r.notice, r.reads)) };
  }

  async save(admin: UserRow, b: CallParsedBody<'adminNoticeSave'>): Promise<AdminNotice> {
    const now = new Date();
    const values = {
      title: b.title,
      content: b.content,
      pinned: b.pinned,
      published: b.published,
      audience: b.audience,
      locale: b.locale,
      updatedAt: now,
    };
    let row: NoticeRow | undefined;
    if (b.id === undefined) {
      [row] = await this.db
        .insert(notices)
        .values({ ...values, createdBy: admin.id, publishedAt: b.published ? now : null })
        .returning();
    } else {
      [row] = await this.db
        .update(notices)
        .set({ ...values, publishedAt: sql`coalesce(${notices.publishedAt}, ${b.published ? now : null})` })
        .where(eq(notices.id, b.id))
        .returning();
    }
    if (!row) throw notFound('notice');
    const [r] = await this.db.select({ reads: this.reads }).from(notices).where(eq(notices.id, row.id));
    return this.toAdmin(row, r?.reads ?? 0);
  }

  async remove(ids: number[]) {
    return this.db.transaction(async (tx) => {
      await tx.delete(noticeReads).where(inArray(noticeReads.noticeId, ids));
      const gone = await tx.delete(notices).where(inArray(notices.id, ids)).returning({ id: notices.id });
      return { count: gone.length };
    });
  }
}
