CREATE TABLE "rpa_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"main_id" integer NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"flow" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rpa_run_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "rpa_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"main_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"fire_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"client_id" text,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text DEFAULT '' NOT NULL,
	"result" jsonb,
	"screenshot" text,
	"has_screenshot" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rpa_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"main_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"name" text NOT NULL,
	"flow_id" integer,
	"flow_name" text NOT NULL,
	"flow" jsonb NOT NULL,
	"profile_ids" jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"strategy" jsonb NOT NULL,
	"concurrency" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"next_fire_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rpa_run_logs" ADD CONSTRAINT "rpa_run_logs_run_id_rpa_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."rpa_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rpa_runs" ADD CONSTRAINT "rpa_runs_task_id_rpa_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."rpa_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rpa_tasks" ADD CONSTRAINT "rpa_tasks_flow_id_rpa_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."rpa_flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rpa_flows_main_idx" ON "rpa_flows" USING btree ("main_id","id");--> statement-breakpoint
CREATE INDEX "rpa_run_logs_run_idx" ON "rpa_run_logs" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "rpa_runs_task_idx" ON "rpa_runs" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "rpa_runs_queue_idx" ON "rpa_runs" USING btree ("main_id","id") WHERE "rpa_runs"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "rpa_runs_lease_idx" ON "rpa_runs" USING btree ("lease_until") WHERE "rpa_runs"."finished_at" is null and "rpa_runs"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "rpa_runs_finished_idx" ON "rpa_runs" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "rpa_tasks_main_idx" ON "rpa_tasks" USING btree ("main_id","id");--> statement-breakpoint
CREATE INDEX "rpa_tasks_fire_idx" ON "rpa_tasks" USING btree ("next_fire_at") WHERE "rpa_tasks"."next_fire_at" is not null;