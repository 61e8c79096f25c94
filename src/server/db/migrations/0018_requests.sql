-- Requests (docs/requests.md). A database made before gets the three new permissions: REQUEST_CHANGES
-- and APPROVE_REQUESTS for roles 1 to 3, HANDLE_REQUESTS for provider staff (roles 1 and 2). On a
-- fresh database the tables are still empty here; the reference seed then grants the defaults.
CREATE TABLE "puk_codes" (
	"sim_number" text PRIMARY KEY NOT NULL,
	"puk" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"state" text,
	"text" text,
	"user_id" integer,
	"user_name" text NOT NULL,
	"by_provider" boolean DEFAULT false NOT NULL,
	"impersonation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"service_id" integer,
	"article_group_id" integer,
	"details" jsonb NOT NULL,
	"requested_by" integer,
	"requested_by_name" text NOT NULL,
	"handler_id" integer,
	"handler_name" text,
	"outcome" jsonb,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "requests_need_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approves_requests" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "block_state" text;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_article_group_id_article_groups_id_fk" FOREIGN KEY ("article_group_id") REFERENCES "public"."article_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_events_request_idx" ON "request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_idempotency_key" ON "requests" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "requests_company_idx" ON "requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_service_idx" ON "requests" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "requests_queue_idx" ON "requests" USING btree (("kind" <> 'block'),"created_at","id") WHERE "requests"."state" in ('submitted', 'in_progress');--> statement-breakpoint
CREATE INDEX "requests_state_idx" ON "requests" USING btree ("state","created_at");--> statement-breakpoint
INSERT INTO "permissions" ("name") VALUES ('REQUEST_CHANGES'), ('APPROVE_REQUESTS'), ('HANDLE_REQUESTS') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_name")
  SELECT "roles"."id", p."permission" FROM "roles", (VALUES ('REQUEST_CHANGES'), ('APPROVE_REQUESTS')) AS p("permission") WHERE "roles"."id" IN (1, 2, 3)
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_name")
  SELECT "id", 'HANDLE_REQUESTS' FROM "roles" WHERE "id" IN (1, 2)
  ON CONFLICT DO NOTHING;
