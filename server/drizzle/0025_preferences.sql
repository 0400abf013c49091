CREATE TABLE "user_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
