CREATE TABLE "alert_recipients" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "alert_recipients_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"bundle_alerts" boolean DEFAULT true NOT NULL,
	"out_of_bundle_costs" numeric(18, 6),
	"number_data_gb" numeric(12, 3),
	"number_usage_costs" numeric(18, 6),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"threshold" text NOT NULL,
	"value" text NOT NULL,
	"recipients" text[] DEFAULT '{}' NOT NULL,
	"import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_recipients" ADD CONSTRAINT "alert_recipients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_recipients" ADD CONSTRAINT "alert_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_alerts" ADD CONSTRAINT "sent_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_alerts" ADD CONSTRAINT "sent_alerts_import_id_usage_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."usage_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sent_alerts_once_idx" ON "sent_alerts" USING btree ("company_id","month","kind","number","threshold");--> statement-breakpoint
CREATE INDEX "sent_alerts_company_idx" ON "sent_alerts" USING btree ("company_id","created_at");--> statement-breakpoint
-- The group view's figures of a branch and month (services/costs/group.ts), kept until what they
-- come from changes. Every statement that changes a company's services, bulk entries, articles,
-- prices, usage totals or stored group bundle figures (or its price per MB) adds a row to
-- company_changes; the company's version is the number of changes (the sum of `changes`), and a
-- stored row counts only at the version it was computed at. Only inserts, so a change never waits
-- for another transaction's change of the same company (a counter row would be locked until the
-- commit of, say, a usage import). Not in the drizzle schema: only that file reads these tables.
CREATE TABLE "company_changes" (
	"company_id" integer NOT NULL,
	"changes" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "company_changes_company_idx" ON "company_changes" USING btree ("company_id", "changes");
--> statement-breakpoint
CREATE TABLE "company_month_figures" (
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"month" date NOT NULL,
	"version" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"figures" jsonb NOT NULL,
	CONSTRAINT "company_month_figures_pk" PRIMARY KEY ("company_id", "month")
);
--> statement-breakpoint
CREATE FUNCTION "note_company_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_changes (company_id) SELECT DISTINCT company_id FROM changed_rows WHERE company_id IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "note_company_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_changes (company_id) VALUES (NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['services', 'bulk_services', 'articles', 'article_price_history', 'usage_monthly', 'usage_company_months', 'group_bundle_months'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_company_changes()', t || '_changes_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_company_changes()', t || '_changes_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_company_changes()', t || '_changes_delete', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_price_mb_changes" AFTER UPDATE OF "price_mb" ON "companies" FOR EACH ROW
  WHEN (OLD.price_mb IS DISTINCT FROM NEW.price_mb) EXECUTE FUNCTION note_company_change();
