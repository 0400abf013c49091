ALTER TABLE "browser_extensions" ADD COLUMN "requested" jsonb;--> statement-breakpoint
ALTER TABLE "browser_extensions" ADD COLUMN "members_may_assign" boolean DEFAULT false NOT NULL;