CREATE TABLE "phone_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"region" text NOT NULL,
	"android_version" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_env_shares" (
	"env_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "phone_env_shares_env_id_user_id_pk" PRIMARY KEY("env_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "phone_envs" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"power_id" integer NOT NULL,
	"device_id" integer,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'creating' NOT NULL,
	"state_reason" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"most_common" boolean DEFAULT false NOT NULL,
	"proxy_type" text DEFAULT 'noproxy' NOT NULL,
	"proxy_host" text DEFAULT '' NOT NULL,
	"proxy_port" integer,
	"locale" text DEFAULT 'en-US' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"android_id" text DEFAULT '' NOT NULL,
	"restriction" text DEFAULT 'everyone' NOT NULL,
	"restriction_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"adb_enabled" boolean DEFAULT false NOT NULL,
	"opened_by" integer,
	"last_opened_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"android_version" text NOT NULL,
	"days" integer NOT NULL,
	"price" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_power" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"region" text NOT NULL,
	"android_version" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"env_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "phone_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"retention_days" integer DEFAULT 7 NOT NULL,
	"remind_days" integer DEFAULT 3 NOT NULL,
	"trial_enabled" boolean DEFAULT false NOT NULL,
	"trial_fee" bigint DEFAULT 0 NOT NULL,
	"trial_days" integer DEFAULT 1 NOT NULL,
	"trial_package_id" integer,
	"adb_key" text
);
--> statement-breakpoint
CREATE TABLE "phone_trials" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"power_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_env_shares" ADD CONSTRAINT "phone_env_shares_env_id_phone_envs_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."phone_envs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_devices_endpoint_uq" ON "phone_devices" USING btree ("host","port");--> statement-breakpoint
CREATE INDEX "phone_env_shares_user_idx" ON "phone_env_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "phone_envs_owner_idx" ON "phone_envs" USING btree ("owner_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_envs_power_uq" ON "phone_envs" USING btree ("power_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_envs_device_uq" ON "phone_envs" USING btree ("device_id") WHERE "phone_envs"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "phone_power_owner_idx" ON "phone_power" USING btree ("owner_id","expires_at");--> statement-breakpoint
CREATE INDEX "phone_sessions_env_idx" ON "phone_sessions" USING btree ("env_id","started_at");