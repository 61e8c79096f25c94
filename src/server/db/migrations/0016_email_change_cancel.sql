ALTER TABLE "auth_tokens" ADD COLUMN "previous_email" text;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "change_token_id" integer;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_change_token_id_auth_tokens_id_fk" FOREIGN KEY ("change_token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE cascade ON UPDATE no action;
