import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type BlobFile,
  type CallParsedBody,
  Code,
  IDENTITY_DOC_MAX_COUNT,
  type IdentityFeature,
  IdentityKey,
  type IdentityKind,
  type IdentityStatus,
  identityFeatures,
  REVERSE_PAYMENT_MAX_ATTEMPTS,
} from '@facet/shared';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Scope } from '../../access/index.js';
import type { Db, DbOrTx } from '../../db/connection.js';
import type { ReceivedUpload } from '../../http/uploads.js';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { type UserRow, users } from '../accounts/tables.js';
import type { Logs } from '../logs/service.js';
import type { CodeTarget, VerifyCodes } from '../verify/service.js';
import { mask, sniffDocument } from './documents.js';
import type { VerificationProvider } from './provider.js';
import { type IdentitySubmissionRow, identityDocuments, identitySettings, identitySubmissions } from './tables.js';

type DocRow = typeof identityDocuments.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const money = (cents: number) => (cents / 100).toFixed(2);
const docView = (d: DocRow) => ({
  id: d.id,
  kind: d.kind as 'idPhoto' | 'licence',
  fileName: d.fileName,
  contentType: d.contentType,
  size: d.size,
});
const legalTarget = (countryCode: string, phone: string): CodeTarget => ({ channel: 'sms', countryCode, phone });

/** A refusal about the whole verification, not one field. */
const refused = (key: string, detail?: string) =>
  new AppError(Code.BAD_REQUEST, detail ? `${key} (${detail})` : key, 400, [
    { field: '', key, ...(detail ? { detail } : {}) },
  ]);

/**
 * Identity verification of main accounts (docs/identity.md): personal and enterprise submissions,
 * their documents, the enterprise steps, the operator's review and what verification unlocks.
 */
export class Identity {
  constructor(
    private readonly db: Db,
    private readonly codes: VerifyCodes,
    private readonly provider: VerificationProvider,
    private readonly dataDir: string,
    private readonly logs: Logs,
  ) {}

  private filePath(sha256: string) {
    return join(this.dataDir, 'identity', sha256);
  }

  private async latest(mainId: number, kind?: IdentityKind): Promise<IdentitySubmissionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(identitySubmissions)
      .where(and(eq(identitySubmissions.userId, mainId), kind ? eq(identitySubmissions.kind, kind) : undefined))
      .orderBy(desc(identitySubmissions.id))
      .limit(1);
    return row;
  }

  private async unattached(tx: DbOrTx, mainId: number) {
    return tx
      .select()
      .from(identityDocuments)
      .where(and(eq(identityDocuments.userId, mainId), isNull(identityDocuments.submissionId)))
      .orderBy(asc(identityDocuments.id));
  }

  /** Only the main account verifies, and not while a verification waits or after one passed. */
  private async requireCanSubmit(s: Scope) {
    if (s.parentId !== null) throw forbidden('only the main account verifies its identity');
    const last = await this.latest(s.mainId);
    if (last && (last.status === 'pending' || last.status === 'approved'))
      throw refused('identityAlreadySubmitted', last.status);
    return last;
  }

  private async requireDocument(tx: DbOrTx, mainId: number, kind: 'idPhoto' | 'licence') {
    const docs = await this.unattached(tx, mainId);
    if (!docs.some((d) => d.kind === kind)) throw refused('documentRequired', kind);
    return docs;
  }

  // ---- what the account sees ------------------------------------------------------------------------

  async status(s: Scope) {
    const last = await this.latest(s.mainId);
    const status: IdentityStatus = last ? (last.status as IdentityStatus) : 'none';
    return {
      kind: (last?.kind as IdentityKind | undefined) ?? null,
      status,
      reason: last?.status === 'rejected' ? last.reason : '',
      submittedAt: iso(last?.submittedAt ?? null),
      reviewedAt: iso(last?.reviewedAt ?? null),
      documents: (await this.unattached(this.db, s.mainId)).map(docView),
      unlocks: await this.unlocks(),
      canSubmit: s.parentId === null && status !== 'pending' && status !== 'approved',
    };
  }

  async kindStatus(s: Scope, kind: IdentityKind) {
    const last = await this.latest(s.mainId);
    return { kind, status: last?.kind === kind ? (last.status as IdentityStatus) : ('none' as const) };
  }

  async personal(s: Scope) {
    const row = await this.latest(s.mainId, 'personal');
    if (!row) return null;
    return {
      realName: row.realName,
      idNumber: mask(row.idNumber, 3),
      status: row.status as IdentityStatus,
      reason: row.status === 'rejected' ? row.reason : '',
    };
  }

  private paymentView(row: IdentitySubmissionRow | undefined) {
    return {
      status: (row?.paymentStatus ?? 'none') as 'none' | 'requested' | 'sent' | 'confirmed' | 'failed',
      attemptsLeft: Math.max(0, REVERSE_PAYMENT_MAX_ATTEMPTS - (row?.paymentAttempts ?? 0)),
      bankAccount: row ? mask(row.bankAccount, 0) : '',
    };
  }

  private signingView(row: IdentitySubmissionRow | undefined) {
    return {
      status: (row?.signingStatus ?? 'none') as 'none' | 'initiated' | 'signed',
      signedAt: iso(row?.signedAt ?? null),
    };
  }

  async company(s: Scope) {
    const row = await this.latest(s.mainId, 'enterprise');
    if (!row) return null;
    return {
      companyName: row.companyName,
      creditCode: row.creditCode,
      legalName: row.realName,
      legalIdNumber: mask(row.idNumber, 3),
      legalPhone: mask(row.legalPhone, 3),
      bankName: row.bankName,
      bankAccount: mask(row.bankAccount, 0),
      status: row.status as IdentityStatus,
      reason: row.status === 'rejected' ? row.reason : '',
      payment: this.paymentView(row),
      signing: this.signingView(row),
    };
  }

  // ---- documents -------------------------------------------------------------------------------------

  async upload(s: Scope, file: ReceivedUpload, q: { kind: 'idPhoto' | 'licence'; fileName: string }) {
    if (s.parentId !== null) throw forbidden('only the main account verifies its identity');
    const type = await sniffDocument(file.path);
    if (!type) throw fieldError('body', 'documentType', 'JPEG, PNG or PDF');
    const [held] = await this.db
      .select({ n: count() })
      .from(identityDocuments)
      .where(and(eq(identityDocuments.userId, s.mainId), isNull(identityDocuments.submissionId)));
    if ((held?.n ?? 0) >= IDENTITY_DOC_MAX_COUNT)
      throw fieldError('body', 'documentCount', String(IDENTITY_DOC_MAX_COUNT));
    await mkdir(join(this.dataDir, 'identity'), { recursive: true });
    await rename(file.path, this.filePath(file.sha256));
    const [row] = await this.db
      .insert(identityDocuments)
      .values({
        userId: s.mainId,
        kind: q.kind,
        fileName: q.fileName,
        contentType: type.type,
        size: file.size,
        sha256: file.sha256,
      })
      .returning();
    return docView(row!);
  }

  async deleteDocument(s: Scope, id: number) {
    if (s.parentId !== null) throw forbidden('only the main account verifies its identity');
    const rows = await this.db
      .delete(identityDocuments)
      .where(
        and(
          eq(identityDocuments.id, id),
          eq(identityDocuments.userId, s.mainId),
          isNull(identityDocuments.submissionId),
        ),
      )
      .returning({ sha256: identityDocuments.sha256 });
    for (const { sha256 } of rows) await this.dropFileIfUnused(sha256);
    return { count: rows.length };
  }

  private async dropFileIfUnused(sha256: string) {
    const [left] = await this.db
      .select({ n: count() })
      .from(identityDocuments)
      .where(eq(identityDocuments.sha256, sha256));
    if (!left?.n) await rm(this.filePath(sha256), { force: true });
  }

  // ---- personal ------------------------------------------------------------------------------------

  async submitPersonal(s: Scope, b: CallParsedBody<'identityAuthUser'>) {
    const last = await this.requireCanSubmit(s);
    await this.db.transaction(async (tx) => {
      const docs = await this.requireDocument(tx, s.mainId, 'idPhoto');
      if (last?.status === 'inProgress')
        await tx.delete(identitySubmissions).where(eq(identitySubmissions.id, last.id));
      const [row] = await tx
        .insert(identitySubmissions)
        .values({ userId: s.mainId, kind: 'personal', status: 'pending', realName: b.realName, idNumber: b.idNumber })
        .returning();
      await this.complete(tx, row!, docs);
    });
    return this.status(s);
  }

  /** A submission with all its parts: the documents go with it and the provider decides. */
  private async complete(tx: DbOrTx, row: IdentitySubmissionRow, docs: DocRow[]) {
    const status = await this.provider.submitted(row);
    await tx
      .update(identitySubmissions)
      .set({ status, submittedAt: new Date(), ...(status !== 'pending' ? { reviewedAt: new Date() } : {}) })
      .where(eq(identitySubmissions.id, row.id));
    for (const d of docs)
      await tx.update(identityDocuments).set({ submissionId: row.id }).where(eq(identityDocuments.id, d.id));
  }

  // ---- enterprise ----------------------------------------------------------------------------------

  async sendLegalCode(s: Scope, b: CallParsedBody<'identitySendLegalPersonCode'>, ip: string) {
    await this.requireCanSubmit(s);
    return this.codes.send('legalPerson', legalTarget(b.countryCode, b.phone), ip);
  }

  async submitEnterprise(s: Scope, b: CallParsedBody<'identityEnterprise'>, ip: string) {
    const last = await this.requireCanSubmit(s);
    await this.requireDocument(this.db, s.mainId, 'licence');
    const codeId = await this.codes.check('legalPerson', legalTarget(b.countryCode, b.legalPhone), b.code, ip);
    await this.db.transaction(async (tx) => {
      await this.codes.consume(tx, codeId);
      // Starting again replaces an enterprise still on its steps (nothing of it was submitted).
      if (last?.status === 'inProgress')
        await tx.delete(identitySubmissions).where(eq(identitySubmissions.id, last.id));
      await tx.insert(identitySubmissions).values({
        userId: s.mainId,
        kind: 'enterprise',
        status: 'inProgress',
        realName: b.legalName,
        idNumber: b.legalIdNumber,
        companyName: b.companyName,
        creditCode: b.creditCode,
        legalCountryCode: b.countryCode,
        legalPhone: b.legalPhone,
        bankName: b.bankName,
        bankAccount: b.bankAccount.replace(/ /g, ''),
      });
    });
    return this.status(s);
  }

  /** The enterprise on its steps, or a refusal naming why there is none. */
  private async requireSteps(s: Scope) {
    if (s.parentId !== null) throw forbidden('only the main account verifies its identity');
    const row = await this.latest(s.mainId);
    if (row?.kind !== 'enterprise' || row.status !== 'inProgress') throw refused('enterpriseNotStarted');
    return row;
  }

  async paymentSchedule(s: Scope) {
    const row = await this.latest(s.mainId, 'enterprise');
    return this.paymentView(row);
  }

  async startPayment(s: Scope) {
    const row = await this.requireSteps(s);
    // Asking again while a payment is on its way or done changes nothing.
    if (row.paymentStatus !== 'none' && row.paymentStatus !== 'failed') return this.paymentView(row);
    const { cents, sent } = await this.provider.startReversePayment(row);
    const [next] = await this.db
      .update(identitySubmissions)
      .set({ paymentCents: cents, paymentStatus: sent ? 'sent' : 'requested', paymentAttempts: 0 })
      .where(eq(identitySubmissions.id, row.id))
      .returning();
    return this.paymentView(next);
  }

  async confirmPayment(s: Scope, amount: string) {
    const row = await this.requireSteps(s);
    if (row.paymentStatus !== 'sent') throw fieldError('body.amount', 'paymentNotSent');
    const right = Math.round(Number(amount) * 100) === row.paymentCents;
    // One statement per attempt, so two answers at once cannot both use the last attempt.
    const [next] = await this.db
      .update(identitySubmissions)
      .set(
        right
          ? { paymentStatus: 'confirmed' }
          : {
              paymentAttempts: sql`${identitySubmissions.paymentAttempts} + 1`,
              paymentStatus: sql`case when ${identitySubmissions.paymentAttempts} + 1 >= ${REVERSE_PAYMENT_MAX_ATTEMPTS} then 'failed' else 'sent' end`,
            },
      )
      .where(and(eq(identitySubmissions.id, row.id), eq(identitySubmissions.paymentStatus, 'sent')))
      .returning();
    if (!next) throw fieldError('body.amount', 'paymentNotSent');
    if (!right) throw fieldError('body.amount', 'paymentAmountWrong', String(this.paymentView(next).attemptsLeft));
    return this.paymentView(next);
  }

  async signingStatus(s: Scope) {
    return this.signingView(await this.latest(s.mainId, 'enterprise'));
  }

  async initiateSigning(s: Scope, ip: string) {
    const row = await this.requireSteps(s);
    if (row.paymentStatus !== 'confirmed') throw refused('paymentNotConfirmed');
    await this.codes.send('legalSigning', legalTarget(row.legalCountryCode, row.legalPhone), ip);
    const [next] = await this.db
      .update(identitySubmissions)
      .set({ signingStatus: 'initiated' })
      .where(eq(identitySubmissions.id, row.id))
      .returning();
    return this.signingView(next);
  }

  async sign(s: Scope, code: string, ip: string) {
    const row = await this.requireSteps(s);
    if (row.signingStatus !== 'initiated') throw refused('signingNotInitiated');
    const docs = await this.requireDocument(this.db, s.mainId, 'licence');
    const codeId = await this.codes.check('legalSigning', legalTarget(row.legalCountryCode, row.legalPhone), code, ip);
    await this.db.transaction(async (tx) => {
      await this.codes.consume(tx, codeId);
      const [signed] = await tx
        .update(identitySubmissions)
        .set({ signingStatus: 'signed', signedAt: new Date() })
        .where(and(eq(identitySubmissions.id, row.id), eq(identitySubmissions.signingStatus, 'initiated')))
        .returning();
      if (!signed) throw refused('signingNotInitiated');
      await this.complete(tx, signed, docs);
    });
    return this.signingStatus(s);
  }

  // ---- what verification unlocks ---------------------------------------------------------------

  async unlocks(): Promise<IdentityFeature[]> {
    const [row] = await this.db.select().from(identitySettings).where(eq(identitySettings.id, 1));
    return (row?.unlocks ?? []).filter((f) => identityFeatures.includes(f));
  }

  async saveUnlocks(admin: UserRow, unlocks: IdentityFeature[]) {
    const value = [...new Set(unlocks)];
    await this.db.transaction(async (tx) => {
      await tx
        .insert(identitySettings)
        .values({ id: 1, unlocks: value })
        .onConflictDoUpdate({ target: identitySettings.id, set: { unlocks: value, updatedAt: new Date() } });
      await this.logs.operation(tx, admin, {
        action: 'identity.settingsSave',
        targetType: 'setting',
        detail: { unlocks: value },
      });
    });
    return { unlocks: value };
  }

  /** Refuses a gated action (Code.IDENTITY_REQUIRED) when the operator keeps it for verified accounts. */
  async requireVerified(mainId: number, feature: IdentityFeature) {
    if (!(await this.unlocks()).includes(feature)) return;
    const last = await this.latest(mainId);
    if (last?.status === 'approved') return;
    throw new AppError(Code.IDENTITY_REQUIRED, `identity verification required (${feature})`, 400, [
      { field: '', key: IdentityKey.identityRequired, detail: feature },
    ]);
  }

  // ---- the operator ----------------------------------------------------------------------------------

  async adminList(b: CallParsedBody<'adminIdentityList'>) {
    const where = b.status ? eq(identitySubmissions.status, b.status) : undefined;
    const [total] = await this.db.select({ n: count() }).from(identitySubmissions).where(where);
    const rows = await this.db
      .select({ s: identitySubmissions, username: users.username })
      .from(identitySubmissions)
      .innerJoin(users, eq(users.id, identitySubmissions.userId))
      .where(where)
      // What waits for the operator first (pending, then payments to send), oldest first.
      .orderBy(
        sql`case when ${identitySubmissions.status} = 'pending' then 0 when ${identitySubmissions.paymentStatus} = 'requested' then 1 else 2 end`,
        asc(identitySubmissions.id),
      )
      .limit(b.pageSize)
      .offset((b.page - 1) * b.pageSize);
    const ids = rows.map((r) => r.s.id);
    // An enterprise on its steps has not submitted its licence yet; the operator sees what waits.
    const stepping = rows.filter((r) => r.s.status === 'inProgress').map((r) => r.s.userId);
    const docs = ids.length
      ? await this.db
          .select()
          .from(identityDocuments)
          .where(
            or(
              inArray(identityDocuments.submissionId, ids),
              stepping.length
                ? and(isNull(identityDocuments.submissionId), inArray(identityDocuments.userId, stepping))
                : undefined,
            ),
          )
          .orderBy(asc(identityDocuments.id))
      : [];
    const docsOf = (s: IdentitySubmissionRow) =>
      docs.filter((d) =>
        s.status === 'inProgress' ? d.submissionId === null && d.userId === s.userId : d.submissionId === s.id,
      );
    return {
      total: total?.n ?? 0,
      list: rows.map(({ s, username }) => ({
        id: s.id,
        userId: s.userId,
        username,
        kind: s.kind as IdentityKind,
        status: s.status as IdentityStatus,
        reason: s.reason,
        realName: s.realName,
        idNumber: s.idNumber,
        companyName: s.companyName,
        creditCode: s.creditCode,
        bankName: s.bankName,
        bankAccount: s.bankAccount,
        paymentAmount: s.paymentStatus === 'requested' && s.paymentCents !== null ? money(s.paymentCents) : '',
        paymentStatus: this.paymentView(s).status,
        signingStatus: this.signingView(s).status,
        submittedAt: iso(s.submittedAt),
        documents: docsOf(s).map(docView),
      })),
    };
  }

  async adminDocument(id: number): Promise<BlobFile> {
    const [d] = await this.db.select().from(identityDocuments).where(eq(identityDocuments.id, id));
    if (!d) throw notFound('document');
    return { filename: d.fileName, contentType: d.contentType, data: await readFile(this.filePath(d.sha256)) };
  }

  async adminPaymentSent(admin: UserRow, id: number) {
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(identitySubmissions)
        .set({ paymentStatus: 'sent' })
        .where(and(eq(identitySubmissions.id, id), eq(identitySubmissions.paymentStatus, 'requested')))
        .returning({ id: identitySubmissions.id, userId: identitySubmissions.userId });
      const row = rows[0];
      if (!row) throw fieldError('body.id', 'paymentNotRequested');
      await this.logs.operation(tx, admin, {
        action: 'identity.paymentSent',
        targetType: 'user',
        targetId: row.userId,
        detail: { submission: id },
      });
    });
    return true;
  }

  /** The operator's decision, in the operator's operation log with its reason. */
  async adminReview(admin: UserRow, b: CallParsedBody<'adminIdentityReview'>) {
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(identitySubmissions)
        .set({
          status: b.approve ? 'approved' : 'rejected',
          reason: b.approve ? '' : b.reason,
          reviewedAt: new Date(),
          reviewerId: admin.id,
        })
        .where(and(eq(identitySubmissions.id, b.id), eq(identitySubmissions.status, 'pending')))
        .returning({ userId: identitySubmissions.userId, kind: identitySubmissions.kind });
      const row = rows[0];
      if (!row) throw fieldError('body.id', 'identityNotPending');
      await this.logs.operation(tx, admin, {
        action: 'identity.review',
        targetType: 'user',
        targetId: row.userId,
        detail: { submission: b.id, kind: row.kind, approved: b.approve, ...(b.approve ? {} : { reason: b.reason }) },
      });
    });
    return true;
  }
}
