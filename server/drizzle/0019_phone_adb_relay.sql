ALTER TABLE "phone_envs" ADD COLUMN "adb_port" integer;--> statement-breakpoint
ALTER TABLE "phone_envs" ADD COLUMN "adb_keys" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_envs_adb_port_uq" ON "phone_envs" USING btree ("adb_port") WHERE "phone_envs"."adb_port" is not null;