CREATE TABLE "global_values" (
	"owner_id" integer NOT NULL,
	"value_type" text NOT NULL,
	"value" text NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "global_values_owner_id_value_type_pk" PRIMARY KEY("owner_id","value_type")
);
