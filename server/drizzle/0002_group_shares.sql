CREATE TABLE "browser_group_shares" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "browser_group_shares_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "browser_group_shares" ADD CONSTRAINT "browser_group_shares_group_id_browser_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."browser_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "browser_group_shares_user_idx" ON "browser_group_shares" USING btree ("user_id");