CREATE TABLE "third_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"provider_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"v_code_hash" text,
	"subject" text,
	"email" text,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"subject" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_enc" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "third_flows" ADD CONSTRAINT "third_flows_provider_id_third_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."third_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_identities" ADD CONSTRAINT "third_identities_provider_id_third_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."third_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_identities" ADD CONSTRAINT "third_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "third_flows_state_uq" ON "third_flows" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "third_flows_vcode_uq" ON "third_flows" USING btree ("v_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "third_identities_subject_uq" ON "third_identities" USING btree ("provider_id","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "third_identities_user_uq" ON "third_identities" USING btree ("provider_id","user_id");--> statement-breakpoint
CREATE INDEX "third_identities_user_idx" ON "third_identities" USING btree ("user_id");