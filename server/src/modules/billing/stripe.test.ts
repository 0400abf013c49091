import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable, type TestServer } from '../../test/harness.js';
import { STRIPE_WEBHOOK_PATH } from './routes.js';

const WEBHOOK_SECRET = 'whsec_test_facet';

/**
 * Stripe's API as far as Checkout goes, on 127.0.0.1: the SDK's outgoing calls come here. It
 * records what it was asked and answers sessions the way Stripe does.
 */
function fakeStripeApi() {
  const seen: Array<{ method: string; path: string; body: string; idempotencyKey: string | undefined }> = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      });
      res.setHeader('content-type', 'application/json');
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(req.url ?? '');
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${++n}`;
        const form = new URLSearchParams(body);
        res.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.test/c/pay/${id}`,
            client_reference_id: form.get('client_reference_id'),
            payment_status: 'unpaid',
          }),
        );
      } else if (req.method === 'POST' && expire) {
        res.end(JSON.stringify({ id: expire[1], object: 'checkout.session', status: 'expired' }));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
      }
    });
  });
  return { server, seen };
}

describe.skipIf(dbUnavailable())('card payments through Stripe Checkout', () => {
  let t: TestServer;
  let api: ReturnType<typeof fakeStripeApi>;
  const sdk = new Stripe('sk_test_local');
  beforeAll(async () => {
    api = fakeStripeApi();
    await new Promise<void>((r) => api.server.listen(0, '127.0.0.1', r));
    const port = (api.server.address() as AddressInfo).port;
    t = await createTestServer({
      stripe: { secretKey: 'sk_test_local', webhookSecret: WEBHOOK_SECRET, apiUrl: `http://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    await t?.close();
    api?.server.close();
  });

  const event = (id: string, type: string, session: { id: string; no: string }) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      data: {
        object: { id: session.id, object: 'checkout.session', client_reference_id: session.no, payment_status: 'paid' },
      },
    });
  const deliver = (payload: string, secret = WEBHOOK_SECRET, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature ?? sdk.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });

  async function rechargeByCard(token: string, amount: string) {
    const res = await t.call(
      'orderCreate',
      { kind: 'recharge', amount, channel: 'stripe', returnUrl: 'http://127.0.0.1:7700/cost' },
      { token },
    );
    expect(res.code).toBe(0);
    const sessionId = /cs_test_\d+/.exec(res.result.checkoutUrl ?? '')?.[0];
    expect(sessionId).toBeTruthy();
    return { id: sessionId!, no: res.result.order!.no, orderId: res.result.order!.id };
  }
  const balance = async (token: string) => (await t.call('currentUser', undefined, { token })).result.balance;

  it('creates a Checkout session for the order and sends the user there', async () => {
    const u = await t.register();
    const s = await rechargeByCard(u.token, '20');
    const created = api.seen.find((r) => r.path === '/v1/checkout/sessions' && r.body.includes(s.no));
    expect(created?.idempotencyKey).toBe(`checkout-${s.no}`);
    const form = new URLSearchParams(created!.body);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('2000');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('success_url')).toBe(`http://127.0.0.1:7700/cost?order=${s.no}`);
    expect(await balance(u.token)).toBe('0.00');
  });

  it('the same signed event five times, and two events racing for one order, credit it once', async () => {
    const u = await t.register();
    const s = await rechargeByCard(u.token, '20');
    const payload = event('evt_1', 'checkout.session.completed', s);
    for (let i = 0; i < 5; i++) expect((await deliver(payload)).statusCode).toBe(200);
    expect(await balance(u.token)).toBe('20.00');

    const s2 = await rechargeByCard(u.token, '7.50');
    const answers = await Promise.all([
      deliver(event('evt_2', 'checkout.session.completed', s2)),
      deliver(event('evt_3', 'checkout.session.async_payment_succeeded', s2)),
      deliver(event('evt_2', 'checkout.session.completed', s2)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await balance(u.token)).toBe('27.50');
    const bills = (await t.call('sysPayRecordsList', {}, { token: u.token })).result.list;
    expect(bills.map((b) => [b.type, b.amount])).toEqual([
      ['recharge', '7.50'],
      ['recharge', '20.00'],
    ]);
    expect(await t.services.billing.ledger.audit()).toEqual({ unbalanced: [], drifted: [], negative: [] });
  });

  it('a bad signature, a foreign secret or an altered body is refused and credits nothing', async () => {
    const u = await t.register();
    const s = await rechargeByCard(u.token, '50');
    const payload = event('evt_9', 'checkout.session.completed', s);
    expect((await deliver(payload, 'whsec_someone_else')).statusCode).toBe(400);
    expect((await deliver(payload, WEBHOOK_SECRET, 't=1,v1=deadbeef')).statusCode).toBe(400);
    const signed = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const altered = payload.replace('"paid"', '"paid" ');
    expect((await deliver(altered, WEBHOOK_SECRET, signed)).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await balance(u.token)).toBe('0.00');
  });

  it('a card purchase credits and charges in one go; its plan is delivered; a cancelled order’s session is expired', async () => {
    const u = await t.register();
    const res = await t.call(
      'orderCreate',
      { kind: 'plan', planId: 'basic', months: 3, channel: 'stripe', returnUrl: 'http://127.0.0.1:7700/cost' },
      { token: u.token },
    );
    const s = { id: /cs_test_\d+/.exec(res.result.checkoutUrl ?? '')![0], no: res.result.order!.no };
    await deliver(event('evt_p', 'checkout.session.completed', s));
    const me = (await t.call('currentUser', undefined, { token: u.token })).result;
    expect(me).toMatchObject({ packageId: 'basic', balance: '0.00' });
    const bills = (await t.call('sysPayRecordsList', {}, { token: u.token })).result.list;
    expect(bills.map((b) => [b.type, b.amount])).toEqual([
      ['purchase', '-25.65'],
      ['recharge', '25.65'],
    ]);
    const other = await rechargeByCard(u.token, '5');
    expect((await t.call('orderCancel', { id: other.orderId }, { token: u.token })).code).toBe(0);
    expect(api.seen.some((r) => r.path === `/v1/checkout/sessions/${other.id}/expire`)).toBe(true);
  });
});
