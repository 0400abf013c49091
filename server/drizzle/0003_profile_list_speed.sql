CREATE INDEX "browser_profiles_name_sort_idx" ON "browser_profiles" USING btree ("main_account_id","name","id") WHERE "browser_profiles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "browser_profiles_created_sort_idx" ON "browser_profiles" USING btree ("main_account_id","created_at","id") WHERE "browser_profiles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "browser_profiles_updated_sort_idx" ON "browser_profiles" USING btree ("main_account_id","updated_at","id") WHERE "browser_profiles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "browser_profiles_opened_sort_idx" ON "browser_profiles" USING btree ("main_account_id","last_open_at","id") WHERE "browser_profiles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "browser_profiles_open_idx" ON "browser_profiles" USING btree ("main_account_id","open_status") WHERE "browser_profiles"."open_status" <> 0;--> statement-breakpoint
-- Keep list scans small: a profile's fingerprint (and cookies) move out of the main row into
-- TOAST storage, so filters and counts read ~300-byte rows instead of ~2 KB ones.
ALTER TABLE "browser_profiles" SET (toast_tuple_target = 128);
