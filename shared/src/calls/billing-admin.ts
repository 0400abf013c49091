import { z } from 'zod';
import { idRule, intRule, textRule } from '../bounded.js';
import { type CallDef, call } from '../call-def.js';
import {
  amountRule,
  couponCodeRule,
  couponSchema,
  currencyCodeRule,
  idBody,
  orderSchema,
  orderStatuses,
  PERIODS,
  payChannelIds,
  payoutSchema,
  planIdRule,
} from '../schemas/billing.js';
import { cstTime, page, pagedBody, pagedList, pageSize } from './common.js';

/**
 * The operator's side of the money (docs/billing.md, The operator's side): plans and prices,
 * coupons, channels, rates and commission rules, bank transfers to confirm, payouts to decide, and
 * each user's ledger with manual adjustments. Only the admin holds `admin:billing`.
 */

const adminPlan = z.object({
  id: z.string(),
  name: z.string(),
  profileQuota: z.number(),
  seats: z.number(),
  seatPrice: z.string(),
  enabled: z.boolean(),
  sort: z.number(),
  subscribers: z.number(),
  /** Price per period per currency: { USD: { 1: "9.00", 3: "25.65", 12: "91.80" } }. */
  prices: z.record(z.string(), z.record(z.string(), z.string())),
});

const settings = z.object({
  baseCurrency: z.string(),
  commissionPercent: z.string(),
  commissionHoldDays: z.number(),
  payoutMinimum: z.string(),
  orderTtlMinutes: z.number(),
  promotionPolicy: z.string(),
  bankInstructions: z.string(),
  /** Card payments work only when the server has Stripe keys (docs/billing.md, Stripe). */
  stripeConfigured: z.boolean(),
});

const ledgerEntry = z.object({
  transactionId: z.number(),
  kind: z.string(),
  account: z.string(),
  amount: z.string(),
  memo: z.string(),
  orderNo: z.string().nullable(),
  actor: z.string().nullable(),
  createdTime: z.string().nullable(),
});

export const billingAdminCalls = {
  adminPlans: call({
    method: 'POST',
    path: '/v1/admin/plans/list',
    summary: 'Every plan with its prices and how many accounts are on it',
    auth: 'user',
    permissions: ['admin:billing'],
    result: z.array(adminPlan),
  }),
  adminPlanSave: call({
    method: 'POST',
    path: '/v1/admin/plans',
    summary: 'Create or change a plan: quotas, seat price, prices per period and currency',
    auth: 'user',
    permissions: ['admin:billing'],
    body: z.object({
      id: planIdRule,
      name: textRule(40).trim().min(1, 'nameRequired'),
      profileQuota: intRule(0, 1_000_000),
      seats: intRule(0, 10_000),
      seatPrice: amountRule,
      enabled: z.boolean(),
      sort: intRule(0, 10_000),
      prices: z
        .array(
          z.object({
            currency: currencyCodeRule,
            months: z.union(PERIODS.map((p) => z.literal(p))),
            amount: amountRule,
          }),
        )
        .max(100),
    }),
    result: adminPlan,
  }),
  adminCoupons: call({
    method: 'POST',
    path: '/v1/admin/coupons/list',
    summary: 'Every coupon with its use',
    auth: 'user',
    permissions: ['admin:billing'],
    body: pagedBody({ code: textRule(32).optional() }),
    result: pagedList(couponSchema),
  }),
  adminCouponSave: call({
    method: 'POST',
    path: '/v1/admin/coupons',
    summary: 'Create or change a coupon (by code)',
    auth: 'user',
    permissions: ['admin:billing'],
    body: z.object({
      id: idRule.optional(),
      code: couponCodeRule,
      kind: z.enum(['fixed', 'percent']),
      /** fixed: an amount; percent: 1–100. */
      value: amountRule,
      minSpend: amountRule,
      startsAt: cstTime.optional(),
      endsAt: cstTime.optional(),
      totalLimit: intRule(1, 1_000_000).optional(),
      perUserLimit: intRule(1, 1000),
      planIds: z.array(planIdRule).max(50),
      enabled: z.boolean(),
    }),
    result: couponSchema,
  }),
  adminChannels: call({
    method: 'POST',
    path: '/v1/admin/payChannels/list',
    summary: 'The payment channels and whether each is on',
    auth: 'user',
    permissions: ['admin:billing'],
    result: z.array(
      z.object({ id: z.enum(payChannelIds), enabled: z.boolean(), sort: z.number(), ready: z.boolean() }),
    ),
  }),
  adminChannelSave: call({
    method: 'POST',
    path: '/v1/admin/payChannels',
    summary: 'Switch a payment channel on or off, and set its place',
    auth: 'user',
    permissions: ['admin:billing'],
    body: z.object({ id: z.enum(payChannelIds), enabled: z.boolean(), sort: intRule(0, 100) }),
    result: z.object({ id: z.enum(payChannelIds), enabled: z.boolean(), sort: z.number(), ready: z.boolean() }),
  }),
  adminCurrencies: call({
    method: 'POST',
    path: '/v1/admin/currencies/list',
    summary: 'The currencies with their symbols and rates',
    auth: 'user',
    permissions: ['admin:billing'],
    result: z.array(
      z.object({ code: z.string(), symbol: z.string(), rate: z.string(), enabled: z.boolean(), sort: z.number() }),
    ),
  }),
  adminCurrencySave: call({
    method: 'POST',
    path: '/v1/admin/currencies',
    summary: 'Add or change a currency: symbol, rate (units per base unit), on or off',
    auth: 'user',
    permissions: ['admin:billing'],
    body: z.object({
      code: currencyCodeRule,
      symbol: textRule(5).trim().min(1, 'required'),
      rate: textRule(20).regex(/^(0|[1-9]\d{0,11})(\.\d{1,8})?$/, 'rateInvalid'),
      enabled: z.boolean(),
      sort: intRule(0, 1000),
    }),
    result: z.object({
      code: z.string(),
      symbol: z.string(),
      rate: z.string(),
      enabled: z.boolean(),
      sort: z.number(),
    }),
  }),
  adminSettings: call({
    method: 'GET',
    path: '/v1/admin/billing/settings',
    summary: 'Base currency, commission rules, order lifetime, texts',
    auth: 'user',
    permissions: ['admin:billing'],
    result: settings,
  }),
  adminSettingsSave: call({
    method: 'POST',
    path: '/v1/admin/billing/settings',
    summary: 'Change the commission rules, order lifetime and texts (the base currency is fixed once money moved)',
    auth: 'user',
    permissions: ['admin:billing'],
    body: z.object({
      baseCurrency: currencyCodeRule,
      commissionPercent: textRule(6).regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, 'percentInvalid'),
      commissionHoldDays: intRule(0, 365),
      payoutMinimum: amountRule,
      orderTtlMinutes: intRule(5, 43_200),
      promotionPolicy: textRule(20_000),
      bankInstructions: textRule(2000),
    }),
    result: settings,
  }),
  adminOrders: call({
    method: 'POST',
    path: '/v1/admin/orders/list',
    summary: 'Orders of every user, filtered: bank transfers waiting for confirmation first',
    auth: 'user',
    permissions: ['admin:billing'],
    body: pagedBody({
      status: z.enum(orderStatuses).optional(),
      channel: z.enum(payChannelIds).optional(),
      q: textRule(60).optional(),
    }),
    result: pagedList(orderSchema),
  }),
  adminOrderConfirm: call({
    method: 'POST',
    path: '/v1/admin/orders/confirm',
    summary: 'The bank transfer for this order arrived: mark it paid (once) and deliver what it bought',
    auth: 'user',
    permissions: ['admin:billing'],
    body: idBody,
    result: orderSchema,
  }),
  adminOrderCancel: call({
    method: 'POST',
    path: '/v1/admin/orders/cancel',
    summary: 'No transfer came: cancel the unpaid order',
    auth: 'user',
    permissions: ['admin:billing'],
    body: idBody,
    result: orderSchema,
  }),
  adminOrderRefund: call({
    method: 'POST',
    path: '/v1/admin/orders/refund',
    summary: 'Refund a paid order to the wallet; the commission it earned is reversed',
    auth: 'user',
    permissions: ['admin:billing'],
    body: z.object({ id: idRule, reason: textRule(200).trim().min(1, 'required') }),
    result: orderSchema,
  }),
  adminPayouts: call({
    method: 'POST',
    path: '/v1/admin/payouts/list',
    summary: 'Payout requests, pending first',
    auth: 'user',
    permissions: ['admin:billing'],
    body: pagedBody({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
    result: pagedList(payoutSchema),
  }),
  adminPayoutDecide: call({
    method: 'POST',
    path: '/v1/admin/payouts/decide',
    summary: 'Approve a payout (paid outside Facet) or reject it with a reason (the money returns)',
    auth: 'user',
    permissions: ['admin:billing'],
    body: z.object({
      id: idRule,
      approve: z.boolean(),
      reason: textRule(200).trim().default(''),
    }),
    result: payoutSchema,
  }),
  adminLedger: call({
    method: 'POST',
    path: '/v1/admin/ledger',
    summary: 'A user’s balances and ledger entries, newest first',
    auth: 'user',
    permissions: ['admin:billing'],
    body: z.object({ page, pageSize, username: textRule(60).trim().min(1, 'required') }),
    result: z.object({
      userId: z.number(),
      username: z.string(),
      wallet: z.string(),
      commissionPending: z.string(),
      commissionAvailable: z.string(),
      total: z.number(),
      list: z.array(ledgerEntry),
    }),
  }),
  adminAdjust: call({
    method: 'POST',
    path: '/v1/admin/ledger/adjust',
    summary: 'Credit or debit a user’s wallet by hand, with a reason (in the operation log)',
    auth: 'user',
    permissions: ['admin:billing'],
    body: z.object({
      userId: idRule,
      /** Signed: "-5.00" debits. */
      amount: textRule(13).regex(/^-?(0|[1-9]\d{0,8})(\.\d{1,2})?$/, 'moneyInvalid'),
      reason: textRule(200).trim().min(1, 'required'),
      /**
       * The form's own id for this adjustment (the console makes one each time the dialog opens):
       * the same id again from the same operator is the same adjustment, made once.
       */
      requestId: textRule(64)
        .regex(/^[A-Za-z0-9-]{8,64}$/, 'requestIdInvalid')
        .optional(),
    }),
    result: z.object({ wallet: z.string(), created: z.boolean() }),
  }),
} satisfies Record<string, CallDef>;
