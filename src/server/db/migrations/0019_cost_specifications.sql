-- Cost specifications (docs/cost-specification.md): the stored, final PDF of a company's or a group's
-- month and its corrections; the contact person's mark 'Ontvangt kostenspecificatie'; the field a
-- company allocates its costs by ('Per kostenplaats').
CREATE TABLE "cost_specifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"parent_company_id" integer,
	"month" date NOT NULL,
	"version" integer NOT NULL,
	"reason" text,
	"created_by" integer,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"totals" jsonb NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_specifications_one_subject" CHECK (("cost_specifications"."company_id" is null) <> ("cost_specifications"."parent_company_id" is null)),
	CONSTRAINT "cost_specifications_version_positive" CHECK ("cost_specifications"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cost_allocation_field" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "receives_cost_specification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cost_specifications" ADD CONSTRAINT "cost_specifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_specifications" ADD CONSTRAINT "cost_specifications_parent_company_id_parent_companies_id_fk" FOREIGN KEY ("parent_company_id") REFERENCES "public"."parent_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_specifications" ADD CONSTRAINT "cost_specifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_specifications_company_version_key" ON "cost_specifications" USING btree ("company_id","month","version") WHERE "cost_specifications"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_specifications_group_version_key" ON "cost_specifications" USING btree ("parent_company_id","month","version") WHERE "cost_specifications"."parent_company_id" is not null