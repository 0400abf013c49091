CREATE TABLE "phone_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_envs" ADD COLUMN "group_id" integer;--> statement-breakpoint
CREATE INDEX "phone_groups_owner_idx" ON "phone_groups" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "phone_envs" ADD CONSTRAINT "phone_envs_group_id_phone_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."phone_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_envs_group_idx" ON "phone_envs" USING btree ("group_id");