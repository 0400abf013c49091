import {
  type Flow,
  fieldErrorsOf,
  flowSchema,
  type RpaFlowDetail,
  type RpaFlowSummary,
  rpaFlowCreateBody,
  type rpaFlowListBody,
  type rpaFlowUpdateBody,
} from '@facet/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Scope } from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import { fieldError, invalid, notFound } from '../../lib/errors.js';
import { containsIgnoreCase, pageOf } from '../../lib/sql-helpers.js';
import { type RpaFlowRow, rpaFlows } from './tables.js';

/** A stored flow read back: it passed flowSchema when written, but the step set may have changed since. */
const storedFlow = (value: unknown): Flow => {
  const parsed = flowSchema.safeParse(value);
  return parsed.success ? parsed.data : { version: 1, steps: [] };
};

const summary = (r: RpaFlowRow): RpaFlowSummary => ({
  id: r.id,
  name: r.name,
  remark: r.remark,
  stepCount: storedFlow(r.flow).steps.length,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
const detail = (r: RpaFlowRow): RpaFlowDetail => ({ ...summary(r), flow: storedFlow(r.flow) });

/** Stored flows of a main account (docs/rpa.md, Tasks and the queue): every user of it sees them. */
export class RpaFlows {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** The flow row if it belongs to the actor's main account, else 404. */
  async require(db: DbOrTx, s: Scope, id: number): Promise<RpaFlowRow> {
    const [r] = await db
      .select()
      .from(rpaFlows)
      .where(and(eq(rpaFlows.mainId, s.mainId), eq(rpaFlows.id, id)));
    if (!r) throw notFound(`flow ${id}`);
    return r;
  }

  async list(s: Scope, q: z.infer<typeof rpaFlowListBody>) {
    const where = and(eq(rpaFlows.mainId, s.mainId), q.name ? containsIgnoreCase(rpaFlows.name, q.name) : undefined);
    const { total, rows } = await pageOf(this.db, rpaFlows, where, [desc(rpaFlows.id)], q);
    return { total, list: rows.map(summary) };
  }

  async get(s: Scope, id: number) {
    return detail(await this.require(this.db, s, id));
  }

  async create(s: Scope, b: { name: string; remark: string; flow: Flow }) {
    const now = this.now();
    const [r] = await this.db
      .insert(rpaFlows)
      .values({
        mainId: s.mainId,
        createdBy: s.userId,
        name: b.name,
        remark: b.remark,
        flow: b.flow,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return detail(r!);
  }

  async update(s: Scope, id: number, b: z.infer<typeof rpaFlowUpdateBody>) {
    await this.require(this.db, s, id);
    const [r] = await this.db
      .update(rpaFlows)
      .set({
        ...(b.name !== undefined ? { name: b.name } : {}),
        ...(b.remark !== undefined ? { remark: b.remark } : {}),
        ...(b.flow !== undefined ? { flow: b.flow } : {}),
        updatedAt: this.now(),
      })
      .where(and(eq(rpaFlows.mainId, s.mainId), eq(rpaFlows.id, id)))
      .returning();
    return detail(r!);
  }

  async remove(s: Scope, id: number) {
    await this.require(this.db, s, id);
    const gone = await this.db
      .delete(rpaFlows)
      .where(and(eq(rpaFlows.mainId, s.mainId), eq(rpaFlows.id, id)))
      .returning({ id: rpaFlows.id });
    return { count: gone.length };
  }

  async duplicate(s: Scope, id: number) {
    const r = await this.require(this.db, s, id);
    return this.create(s, { name: `${r.name} (copy)`.slice(0, 100), remark: r.remark, flow: storedFlow(r.flow) });
  }

  /**
   * A flow file: `{ name, remark?, flow }` as an export writes it, or a bare `{ version, steps }`.
   * Every refusal names where in the file it is (`body.json.flow.steps.2.url`).
   */
  async import(s: Scope, b: { json: string; name?: string | undefined }) {
    let value: unknown;
    try {
      value = JSON.parse(b.json);
    } catch (e) {
      throw fieldError('body.json', 'jsonInvalid', e instanceof Error ? e.message.slice(0, 200) : undefined);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw fieldError('body.json', 'flowInvalid');
    const wrapped = 'flow' in value;
    const candidate = wrapped
      ? { name: 'Imported flow', remark: '', ...(value as object) }
      : { name: 'Imported flow', remark: '', flow: value };
    if (b.name) candidate.name = b.name;
    const parsed = rpaFlowCreateBody.safeParse(candidate);
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.error).map((e) => ({
        ...e,
        field: wrapped ? `body.json.${e.field}` : `body.json.${e.field.replace(/^flow\.?/, '')}`.replace(/\.$/, ''),
      }));
      throw invalid(errors);
    }
    return this.create(s, parsed.data);
  }
}
