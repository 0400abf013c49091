CREATE TABLE "browser_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"main_account_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_error_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"code" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"main_account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "browser_profile_shares" (
	"profile_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "browser_profile_shares_profile_id_user_id_pk" PRIMARY KEY("profile_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "browser_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"main_account_id" integer NOT NULL,
	"serial_number" integer NOT NULL,
	"name" text NOT NULL,
	"group_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"site_url" text DEFAULT '' NOT NULL,
	"account_username" text DEFAULT '' NOT NULL,
	"account_password_enc" text DEFAULT '' NOT NULL,
	"two_factor_secret_enc" text DEFAULT '' NOT NULL,
	"proxy_method" integer DEFAULT 1 NOT NULL,
	"proxy_type" text DEFAULT 'noproxy' NOT NULL,
	"proxy_agreement_type" text DEFAULT 'http' NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"port" integer,
	"proxy_user_name" text DEFAULT '' NOT NULL,
	"proxy_password_enc" text DEFAULT '' NOT NULL,
	"is_global_proxy_info" boolean DEFAULT false NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"agent_ip_id" integer,
	"fingerprint" jsonb NOT NULL,
	"startup_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"cookies_enc" text DEFAULT '' NOT NULL,
	"cookie_count" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_most_common" boolean DEFAULT false NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"last_ip" text DEFAULT '' NOT NULL,
	"last_country" text DEFAULT '' NOT NULL,
	"open_status" integer DEFAULT 0 NOT NULL,
	"open_user_id" integer,
	"open_device" text DEFAULT '' NOT NULL,
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_open_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"oper_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "browser_cookie_backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"main_account_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"cookies_enc" text NOT NULL,
	"cookie_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_proxy_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"main_account_id" integer NOT NULL,
	"proxy_type" text NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"port" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"password_enc" text DEFAULT '' NOT NULL,
	"proxy_agreement_type" text DEFAULT 'http' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_proxies" (
	"id" serial PRIMARY KEY NOT NULL,
	"main_account_id" integer NOT NULL,
	"proxy_agreement_type" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"proxy_user_name" text DEFAULT '' NOT NULL,
	"proxy_password_enc" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"exit_ip" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_whitelists" (
	"main_account_id" integer PRIMARY KEY NOT NULL,
	"entries" text[] NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"login_name" text NOT NULL,
	"device_id" text,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "totp_factors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text,
	"pending_secret" text,
	"last_time_step" bigint DEFAULT 0 NOT NULL,
	"bound_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_set_by_other" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pwd_reminder_viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "browser_profile_shares" ADD CONSTRAINT "browser_profile_shares_profile_id_browser_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."browser_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "browser_cookie_backups" ADD CONSTRAINT "browser_cookie_backups_profile_id_browser_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."browser_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "browser_groups_main_idx" ON "browser_groups" USING btree ("main_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "browser_groups_default_uq" ON "browser_groups" USING btree ("main_account_id") WHERE "browser_groups"."is_default";--> statement-breakpoint
CREATE INDEX "api_error_logs_user_time_idx" ON "api_error_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_main_time_idx" ON "operation_logs" USING btree ("main_account_id","created_at");--> statement-breakpoint
CREATE INDEX "browser_profile_shares_user_idx" ON "browser_profile_shares" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "browser_profiles_serial_uq" ON "browser_profiles" USING btree ("main_account_id","serial_number");--> statement-breakpoint
CREATE INDEX "browser_profiles_list_idx" ON "browser_profiles" USING btree ("main_account_id","sort","id") WHERE "browser_profiles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "browser_profiles_created_idx" ON "browser_profiles" USING btree ("main_account_id","created_at");--> statement-breakpoint
CREATE INDEX "browser_profiles_group_idx" ON "browser_profiles" USING btree ("main_account_id","group_id");--> statement-breakpoint
CREATE INDEX "browser_profiles_deleted_idx" ON "browser_profiles" USING btree ("main_account_id","deleted_at") WHERE "browser_profiles"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "browser_profiles_agent_idx" ON "browser_profiles" USING btree ("agent_ip_id");--> statement-breakpoint
CREATE INDEX "browser_profiles_tags_idx" ON "browser_profiles" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "browser_cookie_backups_profile_idx" ON "browser_cookie_backups" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "global_proxy_settings_uq" ON "global_proxy_settings" USING btree ("main_account_id","proxy_type");--> statement-breakpoint
CREATE INDEX "saved_proxies_main_idx" ON "saved_proxies" USING btree ("main_account_id","id");--> statement-breakpoint
CREATE INDEX "saved_proxies_host_idx" ON "saved_proxies" USING btree ("main_account_id","host");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_uq" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "login_tickets_hash_uq" ON "login_tickets" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "login_tickets_user_idx" ON "login_tickets" USING btree ("user_id");