-- usage_number_months keeps copies of its service's article and end user, so the whole-month
-- report joins articles and end users (current names) without reading services. Two triggers
-- keep the copies equal to the service's whoever writes: on insert they are taken from the
-- service, and a change of a service's article or end user (an end user's deletion sets it to
-- null through the foreign key) is copied to its rows.
ALTER TABLE "usage_number_months" ADD COLUMN "article_id" integer;--> statement-breakpoint
ALTER TABLE "usage_number_months" ADD COLUMN "end_user_id" integer;--> statement-breakpoint
-- Rows of a service that no longer exists: the report never showed them (it joined services).
DELETE FROM "usage_number_months" u WHERE NOT EXISTS (SELECT 1 FROM "services" s WHERE s."id" = u."service_id");--> statement-breakpoint
UPDATE "usage_number_months" u SET "article_id" = s."article_id", "end_user_id" = s."end_user_id" FROM "services" s WHERE s."id" = u."service_id";--> statement-breakpoint
ALTER TABLE "usage_number_months" ALTER COLUMN "article_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "usage_number_months_service_idx" ON "usage_number_months" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "usage_number_months_shared_idx" ON "usage_number_months" USING btree ("company_id","month") WHERE shared;--> statement-breakpoint
CREATE FUNCTION "usage_number_months_service_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s."article_id", s."end_user_id" INTO NEW."article_id", NEW."end_user_id" FROM "services" s WHERE s."id" = NEW."service_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "usage_number_months_service_columns" BEFORE INSERT OR UPDATE OF "service_id", "article_id", "end_user_id" ON "usage_number_months"
  FOR EACH ROW EXECUTE FUNCTION "usage_number_months_service_columns"();--> statement-breakpoint
CREATE FUNCTION "services_usage_number_months"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "usage_number_months" SET "article_id" = NEW."article_id", "end_user_id" = NEW."end_user_id" WHERE "service_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "services_usage_number_months" AFTER UPDATE OF "article_id", "end_user_id" ON "services"
  FOR EACH ROW WHEN (OLD."article_id" IS DISTINCT FROM NEW."article_id" OR OLD."end_user_id" IS DISTINCT FROM NEW."end_user_id")
  EXECUTE FUNCTION "services_usage_number_months"();
