-- Imports as jobs (docs/usage.md, 'An import is a job'): an import's row is written when its file has
-- arrived, shows its progress while it runs, and ends done or failed. Earlier imports were all done.
ALTER TABLE "usage_imports" ADD COLUMN "ambiguous" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_imports" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_imports" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "usage_imports" ADD COLUMN "bytes_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_imports" ADD COLUMN "bytes_read" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_imports" ADD COLUMN "records_processed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_imports" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "usage_imports" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "usage_imports" ADD COLUMN "errors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_imports" ADD COLUMN "progress_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usage_imports" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usage_imports" ADD CONSTRAINT "usage_imports_status" CHECK ("usage_imports"."status" in ('running', 'done', 'failed'));--> statement-breakpoint
UPDATE "usage_imports" SET "finished_at" = "created_at", "records_processed" = "records", "message" = 'De data is succesvol geïmporteerd.';
