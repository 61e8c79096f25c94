-- The refresh secret rotates on every refresh (services/auth/sessions.ts): the session keeps the
-- secret it replaced, and when, for the short grace window in which a second tab's refresh may
-- still present it. Sessions made before this change simply have no previous secret.
ALTER TABLE "sessions" ADD COLUMN "previous_refresh_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotated_at" timestamp with time zone;
