DROP INDEX "sent_alerts_once_idx";--> statement-breakpoint
ALTER TABLE "sent_alerts" ADD COLUMN "numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_alerts" ADD COLUMN "number_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "sent_alerts" SET "numbers" = ARRAY["number"], "number_values" = ARRAY["value"] WHERE "number" <> '';--> statement-breakpoint
CREATE INDEX "sent_alerts_month_idx" ON "sent_alerts" USING btree ("company_id","month","kind","threshold");--> statement-breakpoint
CREATE UNIQUE INDEX "sent_alerts_once_idx" ON "sent_alerts" USING btree ("company_id","month","kind","threshold") WHERE numbers = '{}';--> statement-breakpoint
ALTER TABLE "sent_alerts" DROP COLUMN "number";
