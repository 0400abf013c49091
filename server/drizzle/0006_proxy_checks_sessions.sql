ALTER TABLE "browser_profiles" ADD COLUMN "proxy_session" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "browser_profiles" ADD COLUMN "proxy_session_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_proxies" ADD COLUMN "latency_ms" integer;--> statement-breakpoint
ALTER TABLE "saved_proxies" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_proxies" ADD COLUMN "check_error" text DEFAULT '' NOT NULL;