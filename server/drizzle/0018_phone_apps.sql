CREATE TABLE "phone_app_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"kind_id" integer,
	"package_name" text NOT NULL,
	"version_name" text DEFAULT '' NOT NULL,
	"version_code" integer DEFAULT 0 NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_env_apps" (
	"env_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_env_apps_env_id_app_id_pk" PRIMARY KEY("env_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "phone_file_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"env_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_preinstalls" (
	"owner_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_preinstalls_owner_id_app_id_pk" PRIMARY KEY("owner_id","app_id")
);
--> statement-breakpoint
ALTER TABLE "phone_env_apps" ADD CONSTRAINT "phone_env_apps_env_id_phone_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."phone_envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_env_apps" ADD CONSTRAINT "phone_env_apps_app_id_phone_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."phone_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_file_uploads" ADD CONSTRAINT "phone_file_uploads_env_id_phone_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."phone_envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_preinstalls" ADD CONSTRAINT "phone_preinstalls_app_id_phone_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."phone_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_apps_owner_sha_uq" ON "phone_apps" USING btree ("owner_id","sha256");--> statement-breakpoint
CREATE INDEX "phone_apps_kind_idx" ON "phone_apps" USING btree ("kind_id");--> statement-breakpoint
CREATE INDEX "phone_env_apps_app_idx" ON "phone_env_apps" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "phone_file_uploads_owner_idx" ON "phone_file_uploads" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "phone_file_uploads_env_idx" ON "phone_file_uploads" USING btree ("env_id");--> statement-breakpoint
CREATE INDEX "phone_file_uploads_sha_idx" ON "phone_file_uploads" USING btree ("sha256");