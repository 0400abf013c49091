import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { API_PREFIX, type CallName, Code, calls } from '@facet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callResponse, createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = Buffer.from('%PDF-1.4\n%test licence\n');
const ID = '11010519491231002X';
const CREDIT = '91350100M000100Y43';

describe.skipIf(dbUnavailable())('identity verification', () => {
  let t: TestServer;
  let admin: string;
  let a: { token: string };
  let b: { token: string };

  /** A document upload: the raw bytes, kind and name in the query. */
  async function upload(token: string, kind: 'idPhoto' | 'licence', bytes: Buffer, fileName = 'doc.png') {
    const name: CallName = 'identityDocumentUpload';
    const qs = new URLSearchParams({ kind, fileName });
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${calls[name].path}?${qs}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    return callResponse('identityDocumentUpload', res.statusCode, res.json());
  }
  const status = (token: string) => t.call('identityCertificationStatus', undefined, { token });
  const createSub = (token: string, username: string) =>
    t.call('sysUsersCreate', { username, password: 'Passw0rd!x', roleId: 'member', remark: '' }, { token });

  beforeAll(async () => {
    t = await createTestServer();
    admin = await t.adminToken();
    a = await t.register();
    b = await t.register();
  });
  afterAll(async () => {
    await t.call('adminIdentitySettingsSave', { unlocks: [] }, { token: admin });
    await t.close();
  });

  it('refuses a bad national ID or credit code naming the field and the rule', async () => {
    const badSum = await t.call(
      'identityAuthUser',
      { realName: 'Zhang San', idNumber: '110105194912310021' },
      { token: a.token },
    );
    expect(badSum.status).toBe(400);
    expect(badSum.errors).toContainEqual(expect.objectContaining({ field: 'body.idNumber', key: 'idCardChecksum' }));
    const badDate = await t.call(
      'identityAuthUser',
      { realName: 'Zhang San', idNumber: '110101199002304470' },
      { token: a.token },
    );
    expect(badDate.errors).toContainEqual(expect.objectContaining({ field: 'body.idNumber', key: 'idCardBirthDate' }));
    const badCredit = await t.call(
      'identityEnterprise',
      {
        companyName: 'Example Co',
        creditCode: '91350100M000100Y44',
        legalName: 'Li Si',
        legalIdNumber: ID,
        legalPhone: '13900000001',
        bankName: 'Bank',
        bankAccount: '6222020200001234',
        code: '123456',
      },
      { token: a.token },
    );
    expect(badCredit.status).toBe(400);
    expect(badCredit.errors).toContainEqual(
      expect.objectContaining({ field: 'body.creditCode', key: 'creditCodeChecksum' }),
    );
  });

  it('takes documents by their bytes, within the count', async () => {
    const text = await upload(a.token, 'idPhoto', Buffer.from('not an image at all'), 'id.png');
    expect(text.status).toBe(400);
    expect(text.errors[0]).toMatchObject({ field: 'body', key: 'documentType' });
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await upload(b.token, 'idPhoto', Buffer.concat([PNG, Buffer.from([i])]));
      expect(r.code).toBe(0);
      expect(r.result.contentType).toBe('image/png');
      ids.push(r.result.id);
    }
    const fifth = await upload(b.token, 'idPhoto', PNG);
    expect(fifth.errors[0]).toMatchObject({ field: 'body', key: 'documentCount' });
    // Another account cannot remove them; the owner can.
    expect((await t.call('identityDocumentDelete', { id: ids[0]! }, { token: a.token })).result).toEqual({ count: 0 });
    for (const id of ids.slice(1))
      expect((await t.call('identityDocumentDelete', { id }, { token: b.token })).result).toEqual({ count: 1 });
    expect((await status(b.token)).result.documents.map((d) => d.id)).toEqual([ids[0]]);
  });

  it('personal: submitted, rejected with a reason, resubmitted, approved; the gate follows', async () => {
    await t.call('adminIdentitySettingsSave', { unlocks: ['subAccounts', 'withdraw'] }, { token: admin });
    const refused = await createSub(a.token, `sub_a_${Date.now() % 100000}`);
    expect(refused.code).toBe(Code.IDENTITY_REQUIRED);
    expect(refused.errors[0]).toMatchObject({ key: 'identityRequired', detail: 'subAccounts' });

    const withdraw = () => t.call('promotionWithdrawToWallet', { amount: '1' }, { token: a.token });
    expect((await withdraw()).errors[0]).toMatchObject({ key: 'identityRequired', detail: 'withdraw' });
    expect((await status(a.token)).result).toMatchObject({
      status: 'none',
      canSubmit: true,
      unlocks: ['subAccounts', 'withdraw'],
    });
    // Without an ID photo nothing is submitted.
    const noDoc = await t.call('identityAuthUser', { realName: 'Zhang San', idNumber: ID }, { token: a.token });
    expect(noDoc.errors[0]).toMatchObject({ key: 'documentRequired', detail: 'idPhoto' });
    expect((await upload(a.token, 'idPhoto', PNG)).code).toBe(0);
    const sent = await t.call('identityAuthUser', { realName: 'Zhang San', idNumber: ID }, { token: a.token });
    expect(sent.result).toMatchObject({ kind: 'personal', status: 'pending', canSubmit: false, documents: [] });
    expect(
      (await t.call('identityAuthUser', { realName: 'Zhang San', idNumber: ID }, { token: a.token })).errors[0],
    ).toMatchObject({
      key: 'identityAlreadySubmitted',
    });
    expect((await t.call('identityAuthUserInfo', undefined, { token: a.token })).result).toMatchObject({
      realName: 'Zhang San',
      idNumber: '110***********002X',
    });

    // Only the operator reviews.
    const queue = await t.call('adminIdentityList', { status: 'pending' }, { token: a.token });
    expect(queue.status).toBe(403);
    const list = await t.call('adminIdentityList', { status: 'pending' }, { token: admin });
    const row = list.result.list.find((r) => r.idNumber === ID)!;
    expect(row.documents).toHaveLength(1);
    const doc = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/v1/admin/identity/documents/${row.documents[0]!.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(doc.rawPayload.equals(PNG)).toBe(true);
    const userDoc = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/v1/admin/identity/documents/${row.documents[0]!.id}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(userDoc.statusCode).toBe(403);

    const noReason = await t.call('adminIdentityReview', { id: row.id, approve: false, reason: '' }, { token: admin });
    expect(noReason.errors[0]).toMatchObject({ field: 'body.reason', key: 'reasonRequired' });
    await t.call('adminIdentityReview', { id: row.id, approve: false, reason: 'Photo unreadable' }, { token: admin });
    expect((await status(a.token)).result).toMatchObject({
      status: 'rejected',
      reason: 'Photo unreadable',
      canSubmit: true,
    });
    expect((await status(b.token)).result.status).toBe('none');
    // A decided one is not decided again.
    expect(
      (await t.call('adminIdentityReview', { id: row.id, approve: true }, { token: admin })).errors[0],
    ).toMatchObject({
      field: 'body.id',
      key: 'identityNotPending',
    });

    expect((await upload(a.token, 'idPhoto', Buffer.concat([PNG, Buffer.from('2')]))).code).toBe(0);
    await t.call('identityAuthUser', { realName: 'Zhang San', idNumber: ID }, { token: a.token });
    const again = (await t.call('adminIdentityList', { status: 'pending' }, { token: admin })).result.list.find(
      (r) => r.idNumber === ID,
    )!;
    expect(again.id).not.toBe(row.id);
    expect((await createSub(a.token, `sub_b_${Date.now() % 100000}`)).code).toBe(Code.IDENTITY_REQUIRED);
    await t.call('adminIdentityReview', { id: again.id, approve: true }, { token: admin });
    expect((await status(a.token)).result).toMatchObject({ status: 'approved', reason: '', canSubmit: false });
    // Both decisions are in the operator's operation log, the rejection with its reason.
    const decisions = (
      await t.call('operationLogList', { pageSize: 100, action: 'identity.review' }, { token: admin })
    ).result.list.filter((r) => [String(row.id), String(again.id)].includes(String(r.detail.submission)));
    expect(decisions.map((r) => [r.detail.approved, r.detail.reason])).toEqual([
      [true, undefined],
      [false, 'Photo unreadable'],
    ]);
    expect((await createSub(a.token, `sub_c_${Date.now() % 100000}`)).code).toBe(0);
    // Past the gate, the withdrawal meets its own rule (no commission yet).
    expect((await withdraw()).code).not.toBe(Code.IDENTITY_REQUIRED);
    expect(await readdir(join(t.services.dataDir, 'identity'))).not.toHaveLength(0);
  });

  it('enterprise: legal person SMS, the reverse small payment, signing, then the review', async () => {
    const phone = '13900000077';
    const body = {
      companyName: 'Example Trading Co',
      creditCode: CREDIT,
      legalName: 'Li Si',
      legalIdNumber: ID,
      countryCode: '86',
      legalPhone: phone,
      bankName: 'Example Bank',
      bankAccount: '6222 0202 0000 1234',
    };
    expect((await upload(b.token, 'licence', PDF, 'licence.pdf')).result.contentType).toBe('application/pdf');
    const wrongCode = await t.call('identityEnterprise', { ...body, code: '000000' }, { token: b.token });
    expect(wrongCode.code).toBe(Code.VERIFY_CODE_INVALID);
    expect((await t.call('identitySendLegalPersonCode', { countryCode: '86', phone }, { token: b.token })).code).toBe(
      0,
    );
    const started = await t.call(
      'identityEnterprise',
      { ...body, code: await t.lastCode(`+86${phone}`) },
      { token: b.token },
    );
    expect(started.result).toMatchObject({ kind: 'enterprise', status: 'inProgress' });

    // Signing waits for the payment; the payment waits for the operator to send it.
    expect((await t.call('identityInitiateSigning', undefined, { token: b.token })).errors[0]).toMatchObject({
      key: 'paymentNotConfirmed',
    });
    const requested = await t.call('identityInitiateReversePayment', undefined, { token: b.token });
    expect(requested.result).toMatchObject({ status: 'requested', attemptsLeft: 3, bankAccount: '************1234' });
    expect(
      (await t.call('identityConfirmReversePayment', { amount: '0.50' }, { token: b.token })).errors[0],
    ).toMatchObject({
      field: 'body.amount',
      key: 'paymentNotSent',
    });
    const row = (await t.call('adminIdentityList', { status: 'inProgress' }, { token: admin })).result.list.find(
      (r) => r.creditCode === CREDIT,
    )!;
    expect(row.paymentAmount).toMatch(/^0\.\d\d$/);
    // The licence waiting for the submission is there for the operator to check meanwhile.
    expect(row.documents.map((d) => d.kind)).toContain('licence');
    expect(row.bankAccount).toBe('6222020200001234');
    await t.call('adminIdentityPaymentSent', { id: row.id }, { token: admin });
    const wrong = row.paymentAmount === '0.99' ? '0.98' : '0.99';
    const miss = await t.call('identityConfirmReversePayment', { amount: wrong }, { token: b.token });
    expect(miss.errors[0]).toMatchObject({ field: 'body.amount', key: 'paymentAmountWrong', detail: '2' });
    const ok = await t.call('identityConfirmReversePayment', { amount: row.paymentAmount }, { token: b.token });
    expect(ok.result).toMatchObject({ status: 'confirmed' });
    expect((await t.call('identityReversePaymentSchedule', undefined, { token: b.token })).result.status).toBe(
      'confirmed',
    );

    expect((await t.call('identityInitiateSigning', undefined, { token: b.token })).result.status).toBe('initiated');
    expect((await t.call('identitySigningStatus', undefined, { token: b.token })).result.status).toBe('initiated');
    const signed = await t.call('identitySign', { code: await t.lastCode(`+86${phone}`) }, { token: b.token });
    expect(signed.result.status).toBe('signed');
    expect((await status(b.token)).result.status).toBe('pending');
    expect(
      (await t.call('identityAuthUserStatus', undefined, { token: b.token, query: { kind: 'enterprise' } })).result,
    ).toEqual({
      kind: 'enterprise',
      status: 'pending',
    });
    const info = (await t.call('identityCompanyInfo', undefined, { token: b.token })).result!;
    expect(info).toMatchObject({
      companyName: 'Example Trading Co',
      legalPhone: '139****0077',
      signing: { status: 'signed' },
    });
    // The operator sees the licence with the submission, and approves.
    const pending = (await t.call('adminIdentityList', { status: 'pending' }, { token: admin })).result.list.find(
      (r) => r.creditCode === CREDIT,
    )!;
    // Every document waiting goes with it (b's ID photo from the count test too).
    expect(pending.documents.map((d) => d.kind)).toEqual(['idPhoto', 'licence']);
    await t.call('adminIdentityReview', { id: pending.id, approve: true }, { token: admin });
    expect((await status(b.token)).result).toMatchObject({ kind: 'enterprise', status: 'approved' });
  });

  it('the reverse payment fails after three wrong amounts and can be asked for again', async () => {
    const c = await t.register();
    const phone = '13900000088';
    await upload(c.token, 'licence', PDF, 'l.pdf');
    await t.call('identitySendLegalPersonCode', { phone }, { token: c.token });
    const body = {
      companyName: 'Second Co',
      creditCode: '91110000100006485K',
      legalName: 'Wang Wu',
      legalIdNumber: '110101199003074477',
      legalPhone: phone,
      bankName: 'Bank',
      bankAccount: '12345678',
      code: await t.lastCode(`+86${phone}`),
    };
    await t.call('identityEnterprise', body, { token: c.token });
    await t.call('identityInitiateReversePayment', undefined, { token: c.token });
    const row = (await t.call('adminIdentityList', { status: 'inProgress' }, { token: admin })).result.list.find(
      (r) => r.creditCode === body.creditCode,
    )!;
    await t.call('adminIdentityPaymentSent', { id: row.id }, { token: admin });
    const wrong = row.paymentAmount === '0.99' ? '0.98' : '0.99';
    for (let i = 0; i < 3; i++) await t.call('identityConfirmReversePayment', { amount: wrong }, { token: c.token });
    expect((await t.call('identityReversePaymentSchedule', undefined, { token: c.token })).result).toMatchObject({
      status: 'failed',
      attemptsLeft: 0,
    });
    // Even the right amount is refused now; a new payment starts over.
    expect(
      (await t.call('identityConfirmReversePayment', { amount: row.paymentAmount }, { token: c.token })).status,
    ).toBe(400);
    expect((await t.call('identityInitiateReversePayment', undefined, { token: c.token })).result).toMatchObject({
      status: 'requested',
      attemptsLeft: 3,
    });
  });

  it('a sub-account reads its main account’s status but does not submit', async () => {
    const username = `idsub_${Date.now() % 100000}`;
    await t.call('adminIdentitySettingsSave', { unlocks: [] }, { token: admin });
    expect((await createSub(b.token, username)).code).toBe(0);
    const sub = await t.login(username, 'Passw0rd!x');
    expect((await status(sub.token)).result).toMatchObject({ status: 'approved', canSubmit: false });
    expect((await upload(sub.token, 'idPhoto', PNG)).status).toBe(403);
    expect((await t.call('adminIdentitySettings', undefined, { token: sub.token })).status).toBe(403);
  });

  it('buying cloud phones waits for verification once the operator gates it, and only then', async () => {
    const u = await t.register();
    const buy = () => t.call('phonePay', { packageId: 1, quantity: 1 }, { token: u.token });
    await t.call('adminIdentitySettingsSave', { unlocks: ['phoneBuy'] }, { token: admin });
    const refused = await buy();
    expect([refused.code, refused.errors[0]]).toEqual([
      Code.IDENTITY_REQUIRED,
      expect.objectContaining({ key: 'identityRequired', detail: 'phoneBuy' }),
    ]);
    await t.call('adminIdentitySettingsSave', { unlocks: [] }, { token: admin });
    // Ungated, the purchase meets its own rules instead (here: no such package on sale).
    expect((await buy()).code).not.toBe(Code.IDENTITY_REQUIRED);
  });
});
