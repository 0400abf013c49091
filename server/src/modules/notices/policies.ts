import { type CallParsedBody, formatCst, type Language, type Policy, type PolicyKind } from '@facet/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import type { UserRow } from '../accounts/tables.js';
import { policies } from './tables.js';

type PolicyRow = typeof policies.$inferSelect;

const toPolicy = (r: PolicyRow): Policy => ({
  kind: r.kind as PolicyKind,
  locale: r.locale,
  content: r.content,
  updatedTime: formatCst(r.updatedAt),
});

/** Policy pages (docs/notices.md, Policy pages): Markdown per kind and language, served publicly. */
export class Policies {
  constructor(private readonly db: Db) {}

  /** The text in the language asked for, else English, else the empty page. */
  async get(kind: PolicyKind, locale: Language | undefined): Promise<Policy> {
    const want = [...new Set([locale ?? 'en', 'en'])];
    const rows = await this.db
      .select()
      .from(policies)
      .where(and(eq(policies.kind, kind), inArray(policies.locale, want)));
    const row = want.map((l) => rows.find((r) => r.locale === l)).find((r) => r);
    return row ? toPolicy(row) : { kind, locale: '', content: '', updatedTime: null };
  }

  async list(): Promise<Policy[]> {
    return (await this.db.select().from(policies).orderBy(policies.kind, policies.locale)).map(toPolicy);
  }

  async save(admin: UserRow, b: CallParsedBody<'adminPolicySave'>): Promise<Policy> {
    const where = and(eq(policies.kind, b.kind), eq(policies.locale, b.locale));
    if (b.content.trim() === '') {
      await this.db.delete(policies).where(where);
      return { kind: b.kind, locale: b.locale, content: '', updatedTime: null };
    }
    const row = { kind: b.kind, locale: b.locale, content: b.content, updatedBy: admin.id, updatedAt: new Date() };
    const [saved] = await this.db
      .insert(policies)
      .values(row)
      .onConflictDoUpdate({ target: [policies.kind, policies.locale], set: row })
      .returning();
    return toPolicy(saved ?? { ...row });
  }
}
