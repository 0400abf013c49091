-- "Contains" filters of the profile list (name, remark, proxy host / exit IP) are ILIKE '%text%':
-- a B-tree cannot serve them, a trigram index can. pg_trgm ships with Postgres (trusted since 13)
-- and with PGlite (loaded by db/connection.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "browser_profiles_name_trgm_idx" ON "browser_profiles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "browser_profiles_remark_trgm_idx" ON "browser_profiles" USING gin ("remark" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "browser_profiles_host_trgm_idx" ON "browser_profiles" USING gin ("host" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "browser_profiles_ip_trgm_idx" ON "browser_profiles" USING gin ("ip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "browser_profiles_last_ip_trgm_idx" ON "browser_profiles" USING gin ("last_ip" gin_trgm_ops);
