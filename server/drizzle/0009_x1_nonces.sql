CREATE TABLE "x1_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "x1_nonces_expires_idx" ON "x1_nonces" USING btree ("expires_at");