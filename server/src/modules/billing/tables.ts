import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * The money (docs/billing.md). Amounts are integers of minor units (cents) of the base currency;
 * the ledger's rules that the database itself enforces (entries immutable, a transaction sums to
 * zero, a user's account never below zero) are in the migration that creates these tables.
 */

const money = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A user's accounts; each has a balance kept by the database and never below zero. */
export const USER_ACCOUNT_KINDS = ['wallet', 'commission_pending', 'commission_available'] as const;
/** The system's accounts; their balances are the sums of their entries (no hot row to lock). */
export const SYSTEM_ACCOUNT_KINDS = [
  'payments',
  'revenue',
  'coupons',
  'commissions',
  'adjustments',
  'payouts',
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** Null for a system account. */
    ownerId: integer('owner_id'),
    kind: text('kind').notNull(),
    /** Kept by the entries' trigger for users' accounts; 0 on system accounts. */
    balance: money('balance').notNull().default(0),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_kind_uq').on(t.ownerId, t.kind).where(sql`${t.ownerId} is not null`),
    uniqueIndex('ledger_accounts_system_kind_uq').on(t.kind).where(sql`${t.ownerId} is null`),
    check('ledger_accounts_nonnegative', sql`${t.ownerId} is null or ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    /** Unique: the same movement asked twice is written once. */
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    /** The user the movement is about (for their bills). */
    userId: integer('user_id'),
    orderId: integer('order_id'),
    /** Set on a reversal: the transaction it undoes (once). */
    reversesId: integer('reverses_id'),
    memo: text('memo').notNull().default(''),
    /** Who made a manual adjustment. */
    actorId: integer('actor_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_key_uq').on(t.key),
    uniqueIndex('ledger_transactions_reverses_uq').on(t.reversesId),
    index('ledger_transactions_user_idx').on(t.userId, t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('ledger_entries_tx_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** Operator settings, one row (id 1). */
export const billingSettings = pgTable('billing_settings', {
  id: integer('id').primaryKey(),
  baseCurrency: text('base_currency').notNull().default('USD'),
  /** Percent of an invitee's payment credited to the inviter, e.g. '10.00'. */
  commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull().default('10'),
  commissionHoldDays: integer('commission_hold_days').notNull().default(7),
  payoutMinimum: money('payout_minimum').notNull().default(5000),
  /** Minutes an unpaid order stays open. */
  orderTtlMinutes: integer('order_ttl_minutes').notNull().default(1440),
  promotionPolicy: text('promotion_policy').notNull().default(''),
  bankInstructions: text('bank_instructions').notNull().default(''),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const currencies = pgTable('billing_currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  /** Units of this currency for one unit of the base currency. */
  rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const payChannels = pgTable('billing_pay_channels', {
  id: text('id', { enum: ['wallet', 'stripe', 'bank'] }).primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const plans = pgTable('billing_plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  profileQuota: integer('profile_quota').notNull(),
  /** Member seats (sub-accounts) included. */
  seats: integer('seats').notNull(),
  /** Price of one extra seat for a month, in base minor units. */
  seatPrice: money('seat_price').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const PLAN_PERIODS = [1, 3, 12] as const;

/** A plan's price for a period in a currency (minor units of that currency). The base currency's row is what is charged. */
export const planPrices = pgTable(
  'billing_plan_prices',
  {
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.months, t.currency] })],
);

/** A main account's plan. Every main account has one row once it has been read (p1 when new). */
export const subscriptions = pgTable('billing_subscriptions', {
  userId: integer('user_id').primaryKey(),
  planId: text('plan_id').notNull(),
  months: integer('months').notNull().default(1),
  /** Null on the free plan: it never ends. */
  expiresAt: at('expires_at'),
  autoRenew: boolean('auto_renew').notNull().default(false),
  extraSeats: integer('extra_seats').notNull().default(0),
  /** A downgrade waits for the period's end. */
  nextPlanId: text('next_plan_id'),
  nextMonths: integer('next_months'),
  /** The last automatic renewal that failed, so the user is told once per period. */
  renewFailedAt: at('renew_failed_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const ORDER_KINDS = ['recharge', 'plan', 'renew', 'seats', 'phone', 'phoneRenew'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_STATUSES = ['created', 'paid', 'expired', 'cancelled'] as const;
export const PAY_CHANNELS = ['wallet', 'stripe', 'bank'] as const;

export const orders = pgTable(
  'billing_orders',
  {
    id: serial('id').primaryKey(),
    /** Shown to the user and the operator, and the bank transfer's reference. */
    no: text('no').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    channel: text('channel', { enum: PAY_CHANNELS }).notNull(),
    /** What the user pays, in the currency they chose. */
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    /** The same in the base currency: what the ledger moves. */
    listBase: money('list_base').notNull(),
    discountBase: money('discount_base').notNull().default(0),
    totalBase: money('total_base').notNull(),
    couponId: integer('coupon_id'),
    /** planId, months, seats, what the purchase does once paid. */
    detail: jsonb('detail').$type<OrderDetail>().notNull(),
    /** The Stripe Checkout session. */
    externalRef: text('external_ref'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    /** The operator who confirmed a bank transfer. */
    confirmedBy: integer('confirmed_by'),
  },
  (t) => [
    uniqueIndex('billing_orders_no_uq').on(t.no),
    uniqueIndex('billing_orders_external_uq').on(t.externalRef),
    index('billing_orders_user_idx').on(t.userId, t.createdAt),
    index('billing_orders_status_idx').on(t.status, t.channel),
  ],
);
export type OrderRow = typeof orders.$inferSelect;
export interface OrderDetail {
  planId?: string;
  months?: number;
  seats?: number;
  /** On a plan change: the credit for the days left of the old plan, already in listBase. */
  prorationCredit?: number;
  /** Cloud phones (docs/phones.md): the package bought or renewed with, how many, which power. */
  phone?: {
    packageId?: number;
    quantity?: number;
    powerIds?: number[];
    name?: string;
    trial?: boolean;
    days?: number;
    by?: number;
  };
}

export const coupons = pgTable(
  'billing_coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['fixed', 'percent'] }).notNull(),
    /** fixed: base minor units; percent: 1–100. */
    value: integer('value').notNull(),
    minSpend: money('min_spend').notNull().default(0),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    totalLimit: integer('total_limit'),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    /** Empty: every plan. Recharges take no coupon. */
    planIds: text('plan_ids').array().notNull().default(sql`'{}'::text[]`),
    used: integer('used').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_coupons_code_uq').on(sql`upper(${t.code})`)],
);

export const couponRedemptions = pgTable(
  'billing_coupon_redemptions',
  {
    couponId: integer('coupon_id').notNull(),
    userId: integer('user_id').notNull(),
    orderId: integer('order_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId] }), index('billing_coupon_redemptions_user_idx').on(t.couponId, t.userId)],
);

export const commissions = pgTable(
  'billing_commissions',
  {
    id: serial('id').primaryKey(),
    inviterId: integer('inviter_id').notNull(),
    inviteeId: integer('invitee_id').notNull(),
    orderId: integer('order_id').notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['pending', 'available', 'reversed'] })
      .notNull()
      .default('pending'),
    availableAt: at('available_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_commissions_order_uq').on(t.orderId),
    index('billing_commissions_inviter_idx').on(t.inviterId, t.createdAt),
    index('billing_commissions_due_idx').on(t.status, t.availableAt),
  ],
);

export const payouts = pgTable(
  'billing_payouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    amount: money('amount').notNull(),
    method: text('method').notNull(),
    account: text('account').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
    decidedBy: integer('decided_by'),
  },
  (t) => [
    index('billing_payouts_user_idx').on(t.userId, t.createdAt),
    index('billing_payouts_status_idx').on(t.status),
  ],
);

export const balanceAlerts = pgTable('billing_balance_alerts', {
  userId: integer('user_id').primaryKey(),
  /** Base minor units; 0 = off. */
  threshold: money('threshold').notNull().default(0),
  email: boolean('email').notNull().default(false),
  sms: boolean('sms').notNull().default(false),
  notice: boolean('notice').notNull().default(true),
  /** True once the balance fell below the threshold and the user was told; re-armed when it rises above. */
  crossed: boolean('crossed').notNull().default(false),
  /** When the crossing was last told, for the console's notice. */
  crossedAt: at('crossed_at'),
});
