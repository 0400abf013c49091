CREATE TABLE "billing_balance_alerts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"threshold" bigint DEFAULT 0 NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"notice" boolean DEFAULT true NOT NULL,
	"crossed" boolean DEFAULT false NOT NULL,
	"crossed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"base_currency" text DEFAULT 'USD' NOT NULL,
	"commission_percent" numeric(5, 2) DEFAULT '10' NOT NULL,
	"commission_hold_days" integer DEFAULT 7 NOT NULL,
	"payout_minimum" bigint DEFAULT 5000 NOT NULL,
	"order_ttl_minutes" integer DEFAULT 1440 NOT NULL,
	"promotion_policy" text DEFAULT '' NOT NULL,
	"bank_instructions" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_coupon_redemptions" (
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_coupon_redemptions_order_id_pk" PRIMARY KEY("order_id")
);
--> statement-breakpoint
CREATE TABLE "billing_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_spend" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"total_limit" integer,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"plan_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"rate" numeric(20, 8) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"kind" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_accounts_nonnegative" CHECK ("ledger_accounts"."owner_id" is null or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_entries_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"order_id" integer,
	"reverses_id" integer,
	"memo" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"channel" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"list_base" bigint NOT NULL,
	"discount_base" bigint DEFAULT 0 NOT NULL,
	"total_base" bigint NOT NULL,
	"coupon_id" integer,
	"detail" jsonb NOT NULL,
	"external_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"confirmed_by" integer
);
--> statement-breakpoint
CREATE TABLE "billing_pay_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"account" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "billing_plan_prices" (
	"plan_id" text NOT NULL,
	"months" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "billing_plan_prices_plan_id_months_currency_pk" PRIMARY KEY("plan_id","months","currency")
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"profile_quota" integer NOT NULL,
	"seats" integer NOT NULL,
	"seat_price" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"months" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"extra_seats" integer DEFAULT 0 NOT NULL,
	"next_plan_id" text,
	"next_months" integer,
	"renew_failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_plan_prices" ADD CONSTRAINT "billing_plan_prices_plan_id_billing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_commissions_order_uq" ON "billing_commissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "billing_commissions_inviter_idx" ON "billing_commissions" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_commissions_due_idx" ON "billing_commissions" USING btree ("status","available_at");--> statement-breakpoint
CREATE INDEX "billing_coupon_redemptions_user_idx" ON "billing_coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_coupons_code_uq" ON "billing_coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_kind_uq" ON "ledger_accounts" USING btree ("owner_id","kind") WHERE "ledger_accounts"."owner_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_kind_uq" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."owner_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key_uq" ON "ledger_transactions" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reverses_uq" ON "ledger_transactions" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_user_idx" ON "ledger_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_orders_no_uq" ON "billing_orders" USING btree ("no");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_orders_external_uq" ON "billing_orders" USING btree ("external_ref");--> statement-breakpoint
CREATE INDEX "billing_orders_user_idx" ON "billing_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_orders_status_idx" ON "billing_orders" USING btree ("status","channel");--> statement-breakpoint
CREATE INDEX "billing_payouts_user_idx" ON "billing_payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_payouts_status_idx" ON "billing_payouts" USING btree ("status");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "balance";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "package_id";--> statement-breakpoint
-- The ledger's rules, kept by the database whatever code writes (docs/billing.md, The ledger).
-- Entries and transactions are never changed or removed: a correction is a reversal.
CREATE FUNCTION "ledger_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable (%)', TG_TABLE_NAME USING ERRCODE = '55000';
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_immutable"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_immutable" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_immutable"();
--> statement-breakpoint
-- A user's account balance follows its entries; the check constraint refuses one below zero, so two
-- debits racing for the last cent cannot both commit (the row lock orders them).
CREATE FUNCTION "ledger_apply_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledger_accounts" SET "balance" = "balance" + NEW."amount"
    WHERE "id" = NEW."account_id" AND "owner_id" IS NOT NULL;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_apply" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_apply_entry"();
--> statement-breakpoint
-- Every transaction sums to zero, checked at commit once all its entries are in.
CREATE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  SELECT coalesce(sum("amount"), 0) INTO total FROM "ledger_entries" WHERE "transaction_id" = NEW."transaction_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero (%)', NEW."transaction_id", total
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();
