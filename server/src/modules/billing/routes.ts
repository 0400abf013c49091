import { API_PREFIX, Code } from '@facet/shared';
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../../http/call-context.js';
import type { Services } from '../../services.js';
import { moneyOwner } from './service.js';

/** The money (docs/billing.md, Calls): HTTP in, service out. */
export const billingHandlers = {
  currencyList: async ({ services }) => {
    const { base, list } = await services.billing.catalog.currencyList();
    return { base, list };
  },
  getUsdRate: ({ services }) => services.billing.catalog.usdRate(),
  packageList: ({ services, user, body }) => services.billing.packages(user, body.currency),
  billingSummary: ({ services, user }) => services.billing.summary(user),
  orderPreview: ({ services, user, body }) => services.billing.orders.preview(moneyOwner(user), body),
  orderCreate: ({ services, user, body }) => services.billing.createOrder(user, body),
  retrieveUnpaidOrders: ({ services, user }) => services.billing.orders.unpaid(moneyOwner(user)),
  orderList: ({ services, user, body }) => services.billing.orders.list(moneyOwner(user), body),
  orderPay: ({ services, user, body }) => services.billing.payOrder(user, body),
  orderCancel: ({ services, user, body }) => services.billing.cancelOrder(user, body.id),
  sysPayChannelList: async ({ services }) =>
    (await services.billing.catalog.channels(true)).map(({ id, sort }) => ({ id, sort })),
  autoRenew: ({ services, user, body }) =>
    services.billing.subscriptions.setAutoRenew(moneyOwner(user), body.autoRenew),
  cancelScheduledChange: ({ services, user }) => services.billing.subscriptions.cancelScheduled(moneyOwner(user)),
  promotionCoupon: ({ services, user, body }) => services.billing.checkCoupon(user, body.code),
  sysPayRecordsList: ({ services, user, body }) => services.billing.bills.list(moneyOwner(user), body),
  payRecordDetail: ({ services, user, params }) => services.billing.bills.detail(moneyOwner(user), params.id),
  payRecordsMonths: ({ services, user, body }) => services.billing.bills.months(moneyOwner(user), body.year),
  payRecordsExport: ({ services, user, body }) => services.billing.bills.export(moneyOwner(user), body),
  balanceAlertGet: ({ services, user }) => services.billing.alerts.get(moneyOwner(user)),
  balanceAlertSave: ({ services, user, body }) => services.billing.alerts.save(moneyOwner(user), body),
  balanceAlertDismiss: ({ services, user }) => services.billing.alerts.dismiss(moneyOwner(user)),

  promotionSummary: async ({ services, user }) => {
    const main = await services.accounts.mainAccountOf(user);
    return services.billing.promotion.summary(main);
  },
  promotionRecords: ({ services, user, body }) => services.billing.promotion.records(moneyOwner(user), body),
  promotionCommissions: ({ services, user, body }) => services.billing.promotion.commissionList(moneyOwner(user), body),
  // The operator may keep withdrawals for verified accounts (docs/identity.md).
  promotionWithdrawToWallet: async ({ services, user, body }) => {
    await services.identity.requireVerified(moneyOwner(user), 'withdraw');
    return services.billing.promotion.withdrawToWallet(moneyOwner(user), body.amount);
  },
  promotionPayoutRequest: async ({ services, user, body }) => {
    await services.identity.requireVerified(moneyOwner(user), 'withdraw');
    return services.billing.promotion.requestPayout(moneyOwner(user), body);
  },
  promotionPayouts: ({ services, user, body }) => services.billing.promotion.payoutList(moneyOwner(user), body),

  adminPlans: ({ services }) => services.billing.catalog.adminPlans(),
  adminPlanSave: ({ services, user, body }) => services.billing.operator.savePlan(user, body),
  adminCoupons: ({ services, body }) => services.billing.operator.coupons(body),
  adminCouponSave: ({ services, user, body }) => services.billing.operator.saveCoupon(user, body),
  adminChannels: ({ services }) => services.billing.catalog.channels(false),
  adminChannelSave: ({ services, body }) => services.billing.catalog.saveChannel(body),
  adminCurrencies: ({ services }) => services.billing.catalog.adminCurrencies(),
  adminCurrencySave: ({ services, body }) => services.billing.catalog.saveCurrency(body),
  adminSettings: async ({ services }) =>
    services.billing.catalog.adminSettingsView(await services.billing.catalog.settings()),
  adminSettingsSave: ({ services, user, body }) => services.billing.operator.saveSettings(user, body),
  adminOrders: ({ services, body }) => services.billing.orders.list(null, body),
  adminOrderConfirm: ({ services, user, body }) => services.billing.operator.confirmTransfer(user, body.id),
  adminOrderCancel: ({ services, body }) => services.billing.cancelOrder(null, body.id),
  adminOrderRefund: ({ services, user, body }) => services.billing.operator.refundOrder(user, body.id, body.reason),
  adminPayouts: ({ services, body }) => services.billing.promotion.payoutList(null, body),
  adminPayoutDecide: ({ services, user, body }) => services.billing.operator.decidePayout(user, body),
  adminLedger: ({ services, body }) => services.billing.operator.ledgerOf(body),
  adminAdjust: ({ services, user, body }) => services.billing.operator.adjust(user, body),
} satisfies Partial<Handlers>;

const envelope = (code: number, message: string, result: unknown = null) => ({ code, message, result });

/** Stripe's webhook: not a console call, so outside the call table; the signature is checked on the raw bytes. */
export const STRIPE_WEBHOOK_PATH = `${API_PREFIX}/v1/payments/stripe/webhook`;

export async function registerStripeWebhook(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    // The body exactly as sent: the signature covers these bytes, not a re-serialised object.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, { schema: { hide: true } }, async (req, reply) => {
      const signature = req.headers['stripe-signature'];
      if (!services.billing.stripe) return reply.code(404).send(envelope(Code.NOT_FOUND, 'card payments are off'));
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body))
        return reply.code(400).send(envelope(Code.BAD_REQUEST, 'stripe-signature header and body required'));
      let outcome: string;
      try {
        outcome = await services.billing.stripeEvent(req.body, signature);
      } catch (e) {
        if ((e as { type?: string }).type === 'StripeSignatureVerificationError') {
          req.log.warn('stripe webhook with a bad signature refused');
          return reply.code(400).send(envelope(Code.BAD_REQUEST, 'signature does not verify'));
        }
        throw e;
      }
      return reply.send(envelope(Code.OK, outcome, { received: true }));
    });
  });
}
