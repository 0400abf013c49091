CREATE TABLE "browser_extensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"main_account_id" integer NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"manifest_version" integer NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"package_zip" "bytea" NOT NULL,
	"created_by" integer NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "browser_profiles" ADD COLUMN "extend_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "browser_extensions_main_idx" ON "browser_extensions" USING btree ("main_account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "browser_extensions_package_uq" ON "browser_extensions" USING btree ("main_account_id","sha256");--> statement-breakpoint
CREATE INDEX "browser_profiles_extend_idx" ON "browser_profiles" USING gin ("extend_ids");