import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { type MessageSender, OutboxSender } from '../outbox/senders.js';

describe.skipIf(dbUnavailable())('messages Facet sent, with their delivery status', () => {
  let t: TestServer;
  let provider: MessageSender | null = null;
  // A provider that takes every message (and keeps it where the harness reads codes) but refuses
  // any address starting with "fail".
  const sender: MessageSender = {
    async send(m) {
      if (m.to.startsWith('fail')) throw new Error('SMS provider answered 503');
      await provider?.send(m);
    },
  };

  beforeAll(async () => {
    t = await createTestServer({ sender });
    provider = new OutboxSender(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists what was sent to the user's own email and phone, newest first, and nobody else's", async () => {
    const a = await t.register({ email: 'Ann.Messages@example.org' });
    const b = await t.register({ phone: '13955550101' });
    const mine = await t.call('messageList', undefined, { token: a.token, query: { page: 1, pageSize: 20 } });
    expect(mine.code).toBe(0);
    expect(mine.result.total).toBe(1);
    expect(mine.result.list[0]).toMatchObject({
      channel: 'email',
      recipient: 'Ann.Messages@example.org',
      status: 'sent',
      error: '',
    });
    expect(mine.result.list[0]?.subject).toMatch(/^Facet verification code: \d{6}$/);

    const theirs = await t.call('messageList', undefined, { token: b.token });
    expect(theirs.result.list.map((m) => [m.channel, m.recipient, m.status])).toEqual([
      ['sms', '+8613955550101', 'sent'],
    ]);
    // The email's case does not matter; the channel filter does.
    expect((await t.call('getCodeFromEMailV2', { email: 'ann.messages@EXAMPLE.org', type: 'resetPwd' })).code).toBe(0);
    expect((await t.call('messageList', undefined, { token: a.token })).result.total).toBe(2);
    expect((await t.call('messageList', undefined, { token: a.token, query: { channel: 'sms' } })).result.total).toBe(
      0,
    );
  });

  it('records a refused message as failed with the reason, and the operator sees it by status', async () => {
    const sent = await t.call('getCodeFromEMailV2', { email: 'fail@example.org', type: 'register' });
    expect(sent.code).not.toBe(0);
    const admin = await t.adminToken();
    const failed = await t.call('adminMessageList', undefined, { token: admin, query: { status: 'failed' } });
    expect(failed.result.list).toEqual([
      expect.objectContaining({ recipient: 'fail@example.org', status: 'failed', error: 'SMS provider answered 503' }),
    ]);
    expect(
      (await t.call('adminMessageList', undefined, { token: admin, query: { recipient: 'FAIL@example.org' } })).result
        .total,
    ).toBe(1);
    const user = await t.register({});
    expect((await t.call('adminMessageList', undefined, { token: user.token })).code).toBe(403);
  });
});

describe.skipIf(dbUnavailable())('messages without a provider', () => {
  it('are kept in the outbox and say so', async () => {
    const t = await createTestServer();
    try {
      const u = await t.register({ email: 'kept@example.org' });
      const r = await t.call('messageList', undefined, { token: u.token });
      expect(r.result.list.map((m) => m.status)).toEqual(['kept']);
    } finally {
      await t.close();
    }
  });
});
