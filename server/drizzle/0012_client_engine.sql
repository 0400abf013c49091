ALTER TABLE "client_identities" ADD COLUMN "engine_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_identities" ADD COLUMN "platform" text DEFAULT '' NOT NULL;