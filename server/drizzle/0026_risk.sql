CREATE TABLE "profile_windows" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
