CREATE TABLE "phone_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"env_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_reminders" (
	"env_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "phone_reminders_env_id_expires_at_pk" PRIMARY KEY("env_id","expires_at")
);
--> statement-breakpoint
CREATE INDEX "phone_notices_owner_idx" ON "phone_notices" USING btree ("owner_id","id");