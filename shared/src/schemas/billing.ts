import { z } from 'zod';
import { idRule, intRule, textRule } from '../bounded.js';
import { moneyRule } from '../validation.js';

/*
 * The money's shapes (docs/billing.md). Amounts travel as 2-decimal strings ("12.50"); the server
 * keeps integers of minor units. Prices come in the user's currency and in the base currency the
 * ledger keeps.
 */

/** An amount a caller types: up to 2 decimals, at most 999,999,999.99. */
export const amountRule = moneyRule.refine((v) => v.length <= 12, 'moneyInvalid');
export const currencyCodeRule = textRule(3).regex(/^[A-Z]{3}$/, 'currencyInvalid');
export const planIdRule = textRule(20).regex(/^[a-z0-9][a-z0-9_-]{0,19}$/, 'planIdInvalid');
export const couponCodeRule = textRule(32)
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, 'couponCodeInvalid');
export const PERIODS = [1, 3, 12] as const;
export const periodRule = z.union([z.literal(1), z.literal(3), z.literal(12)], { error: 'periodInvalid' });
export const payChannelIds = ['wallet', 'stripe', 'bank'] as const;
export const payChannelRule = z.enum(payChannelIds, { error: 'channelInvalid' });
/** What the order screens sell; cloud phones are sold by their own calls (docs/phones.md) and listed with these. */
export const draftKinds = ['recharge', 'plan', 'renew', 'seats'] as const;
export const orderKinds = [...draftKinds, 'phone', 'phoneRenew'] as const;
export const orderStatuses = ['created', 'paid', 'expired', 'cancelled'] as const;
export const RECORD_TYPES = [
  'recharge',
  'purchase',
  'refund',
  'commission',
  'commissionRelease',
  'commissionReversal',
  'withdraw',
  'payout',
  'payoutReturn',
  'adjustment',
  'reversal',
] as const;

const money = z.string();

export const priceSchema = z.object({
  months: z.number(),
  /** In the user's currency. */
  amount: money,
  /** What the ledger charges, in the base currency. */
  baseAmount: money,
  /** Off the monthly price times the months, in percent (0 when none). */
  discountPercent: z.number(),
});

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  profileQuota: z.number(),
  seats: z.number(),
  /** One extra seat for a month, in the user's currency. */
  seatPrice: money,
  free: z.boolean(),
  prices: z.array(priceSchema),
});

export const subscriptionSchema = z.object({
  planId: z.string(),
  planName: z.string(),
  months: z.number(),
  /** CST time; null on the free plan. */
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
  autoRenew: z.boolean(),
  extraSeats: z.number(),
  nextPlanId: z.string().nullable(),
  nextMonths: z.number().nullable(),
  /** When the last automatic renewal failed (the wallet did not cover it), for this period; else null. */
  renewFailedTime: z.string().nullable(),
  /** What the account may hold now (the free plan's once a paid one expired), and what it holds. */
  profileQuota: z.number(),
  seatQuota: z.number(),
  profilesUsed: z.number(),
  seatsUsed: z.number(),
});

export const currencySchema = z.object({ code: z.string(), symbol: z.string(), rate: z.string() });

export const orderDraftBody = z.object({
  kind: z.enum(draftKinds),
  planId: planIdRule.optional(),
  months: periodRule.optional(),
  /** Extra seats to buy (kind seats). */
  seats: intRule(1, 1000).optional(),
  /** A recharge's amount, in `currency`. */
  amount: amountRule.optional(),
  couponCode: couponCodeRule.optional(),
  /** The currency the user pays in; the base currency when absent. */
  currency: currencyCodeRule.optional(),
});

export const previewSchema = z.object({
  currency: z.string(),
  symbol: z.string(),
  list: money,
  discount: money,
  total: money,
  baseCurrency: z.string(),
  listBase: money,
  discountBase: money,
  totalBase: money,
  /** A plan change: the unused part of the current plan, already taken off `list`. */
  prorationCredit: money,
  /** A downgrade waits for the current period's end. */
  scheduled: z.boolean(),
  couponApplied: z.boolean(),
  /** Why the coupon does not apply (a validation key); empty when it does or none was given. */
  couponProblem: z.string(),
  /** The wallet, base currency. */
  balance: money,
});

export const orderSchema = z.object({
  id: z.number(),
  no: z.string(),
  kind: z.enum(orderKinds),
  status: z.enum(orderStatuses),
  channel: z.enum(payChannelIds),
  currency: z.string(),
  amount: money,
  totalBase: money,
  discountBase: money,
  planId: z.string().nullable(),
  months: z.number().nullable(),
  seats: z.number().nullable(),
  createdTime: z.string().nullable(),
  expiresTime: z.string().nullable(),
  paidTime: z.string().nullable(),
  username: z.string().optional(),
});

export const orderCreatedSchema = z.object({
  /** Null when a downgrade was scheduled rather than sold. */
  order: orderSchema.nullable(),
  /** Stripe: where the browser goes to pay. */
  checkoutUrl: z.string().nullable(),
  /** Bank transfer: what to send, where, and the reference (the order number). */
  bankInstructions: z.string().nullable(),
  /** A downgrade was scheduled instead of charged. */
  scheduled: z.boolean(),
});

export const payRecordSchema = z.object({
  id: z.number(),
  type: z.enum(RECORD_TYPES),
  /** Signed change of the wallet (base currency); 0.00 for commission-only movements. */
  amount: money,
  /** Signed change of the commission accounts. */
  commission: money,
  balanceAfter: money.nullable(),
  orderNo: z.string().nullable(),
  memo: z.string(),
  createdTime: z.string().nullable(),
});

export const payRecordFilter = {
  type: z.enum(RECORD_TYPES).optional(),
  /** YYYY-MM-DD, in the user's zone, inclusive. */
  from: textRule(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateInvalid')
    .optional(),
  to: textRule(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateInvalid')
    .optional(),
};

export const monthStatementSchema = z.object({
  month: z.string(),
  opening: money,
  credits: money,
  debits: money,
  closing: money,
  count: z.number(),
});

export const balanceAlertSchema = z.object({
  threshold: money,
  email: z.boolean(),
  sms: z.boolean(),
  notice: z.boolean(),
  /** The balance is under the threshold and the user has been told. */
  crossed: z.boolean(),
  crossedTime: z.string().nullable(),
});

export const balanceAlertBody = z.object({
  threshold: amountRule,
  email: z.boolean(),
  sms: z.boolean(),
  notice: z.boolean(),
});

export const couponSchema = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(['fixed', 'percent']),
  /** fixed: money in the base currency; percent: "10". */
  value: z.string(),
  minSpend: money,
  startsTime: z.string().nullable(),
  endsTime: z.string().nullable(),
  totalLimit: z.number().nullable(),
  perUserLimit: z.number(),
  planIds: z.array(z.string()),
  used: z.number(),
  enabled: z.boolean(),
});

export const commissionSchema = z.object({
  id: z.number(),
  invitee: z.string(),
  orderNo: z.string(),
  amount: money,
  status: z.enum(['pending', 'available', 'reversed']),
  availableTime: z.string().nullable(),
  createdTime: z.string().nullable(),
});

export const payoutSchema = z.object({
  id: z.number(),
  amount: money,
  method: z.string(),
  account: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string(),
  createdTime: z.string().nullable(),
  decidedTime: z.string().nullable(),
  username: z.string().optional(),
});

export const payoutMethods = ['bank', 'paypal', 'usdt', 'alipay'] as const;

export const idBody = z.object({ id: idRule });
