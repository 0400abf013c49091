import Stripe from 'stripe';
import type { OrderRow } from './tables.js';

/** The server's Stripe keys (docs/billing.md, Stripe); card payments are off without them. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls; Stripe's own API when absent (tests point it at a local server). */
  apiUrl?: string | undefined;
}

/** Order events that mean the money arrived. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * Card payments through Stripe Checkout with the `stripe` SDK: a session per order, and the signed
 * webhook read with the SDK's own `webhooks.constructEvent`, so an unsigned or altered event is
 * refused before anything is read from it.
 */
export class StripeGateway {
  private readonly client: Stripe;

  constructor(private readonly cfg: StripeConfig) {
    const url = cfg.apiUrl ? new URL(cfg.apiUrl) : undefined;
    this.client = new Stripe(cfg.secretKey, {
      maxNetworkRetries: 1,
      telemetry: false,
      ...(url
        ? {
            host: url.hostname,
            port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
            protocol: url.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  async checkout(order: OrderRow, title: string, returnUrl: string): Promise<{ id: string; url: string }> {
    const back = new URL(returnUrl);
    back.searchParams.set('order', order.no);
    const session = await this.client.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: order.no,
        metadata: { orderId: String(order.id), orderNo: order.no },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: order.currency.toLowerCase(),
              unit_amount: order.amount,
              product_data: { name: title },
            },
          },
        ],
        success_url: back.toString(),
        cancel_url: back.toString(),
        expires_at: Math.max(Math.floor(order.expiresAt.getTime() / 1000), Math.floor(Date.now() / 1000) + 1800),
      },
      // The SDK's own idempotency: a retried create makes no second session.
      { idempotencyKey: `checkout-${order.no}` },
    );
    if (!session.url) throw new Error('Stripe returned a session without a URL');
    return { id: session.id, url: session.url };
  }

  /** Best effort: a cancelled order's session stops taking payments. */
  async expire(sessionId: string): Promise<void> {
    await this.client.checkout.sessions.expire(sessionId).catch(() => undefined);
  }

  /**
   * The order a signed event pays, or null for an event that pays nothing. Throws on a bad
   * signature (the SDK's check: the secret, the body as sent, the timestamp's tolerance).
   */
  paidOrderOf(rawBody: Buffer, signature: string): { sessionId: string; orderNo: string | null } | null {
    const event = this.client.webhooks.constructEvent(rawBody, signature, this.cfg.webhookSecret);
    if (!PAID_EVENTS.has(event.type)) return null;
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.payment_status !== 'paid') return null;
    return { sessionId: session.id, orderNo: session.client_reference_id ?? null };
  }
}
