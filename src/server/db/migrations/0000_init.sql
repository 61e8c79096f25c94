CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"aliases" text,
	"customer_number" text,
	"zipcode" text,
	"address" text,
	"city" text,
	"sap_number" text,
	"price_mb" numeric(18, 6) DEFAULT '0' NOT NULL,
	"input_label_1" text,
	"input_label_2" text,
	"input_label_3" text,
	"input_label_4" text,
	"parent_company_id" integer,
	"is_provider" boolean DEFAULT false NOT NULL,
	"end_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parent_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sap_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_name" text NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_name_pk" PRIMARY KEY("role_id","permission_name")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"refresh_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_refresh_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"phonenumber" text,
	"company_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"password_hash" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_group_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_group_id" integer NOT NULL,
	"name" text NOT NULL,
	"used_for_cdr" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT 'services' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"from_time" timestamp with time zone NOT NULL,
	"price" numeric(18, 6) NOT NULL,
	"setup_price" numeric(18, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"article_group_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sku" text,
	"price" numeric(18, 6) DEFAULT '0' NOT NULL,
	"setup_price" numeric(18, 6) DEFAULT '0' NOT NULL,
	"billing_cycle_id" integer DEFAULT 1 NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"gigabyte" numeric(18, 6),
	"from_group_bundle" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_cycles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"months" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_article_groups" (
	"company_id" integer NOT NULL,
	"article_group_id" integer NOT NULL,
	CONSTRAINT "company_article_groups_company_id_article_group_id_pk" PRIMARY KEY("company_id","article_group_id")
);
--> statement-breakpoint
CREATE TABLE "end_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_field_inputs" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"article_group_field_id" integer NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"end_user_id" integer,
	"price" numeric(18, 6),
	"setup_price" numeric(18, 6),
	"order_reference" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"contract_period" text DEFAULT 'Maandelijks' NOT NULL,
	"input_field_1" text,
	"input_field_2" text,
	"input_field_3" text,
	"input_field_4" text,
	"spie_field_1" text,
	"spie_field_2" text,
	"spie_field_3" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_bundle_months" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"total_gb" numeric(18, 6) NOT NULL,
	"gb_used" numeric(18, 6) NOT NULL,
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_bundle_months_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"impersonating_from" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_parent_company_id_parent_companies_id_fk" FOREIGN KEY ("parent_company_id") REFERENCES "public"."parent_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_name_permissions_name_fk" FOREIGN KEY ("permission_name") REFERENCES "public"."permissions"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_group_fields" ADD CONSTRAINT "article_group_fields_article_group_id_article_groups_id_fk" FOREIGN KEY ("article_group_id") REFERENCES "public"."article_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_price_history" ADD CONSTRAINT "article_price_history_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_article_group_id_article_groups_id_fk" FOREIGN KEY ("article_group_id") REFERENCES "public"."article_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_billing_cycle_id_billing_cycles_id_fk" FOREIGN KEY ("billing_cycle_id") REFERENCES "public"."billing_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_services" ADD CONSTRAINT "bulk_services_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_article_groups" ADD CONSTRAINT "company_article_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_article_groups" ADD CONSTRAINT "company_article_groups_article_group_id_article_groups_id_fk" FOREIGN KEY ("article_group_id") REFERENCES "public"."article_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_users" ADD CONSTRAINT "end_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_field_inputs" ADD CONSTRAINT "service_field_inputs_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_field_inputs" ADD CONSTRAINT "service_field_inputs_article_group_field_id_article_group_fields_id_fk" FOREIGN KEY ("article_group_field_id") REFERENCES "public"."article_group_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_customer_number_key" ON "companies" USING btree ("customer_number");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_sap_number_key" ON "companies" USING btree ("sap_number");--> statement-breakpoint
CREATE INDEX "companies_parent_company_idx" ON "companies" USING btree ("parent_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_key" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "article_group_fields_group_idx" ON "article_group_fields" USING btree ("article_group_id");--> statement-breakpoint
CREATE INDEX "article_price_history_article_idx" ON "article_price_history" USING btree ("article_id","from_time");--> statement-breakpoint
CREATE INDEX "articles_company_group_idx" ON "articles" USING btree ("company_id","article_group_id");--> statement-breakpoint
CREATE INDEX "bulk_services_article_idx" ON "bulk_services" USING btree ("article_id","time");--> statement-breakpoint
CREATE INDEX "company_article_groups_group_idx" ON "company_article_groups" USING btree ("article_group_id");--> statement-breakpoint
CREATE INDEX "end_users_company_idx" ON "end_users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "service_field_inputs_service_idx" ON "service_field_inputs" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_field_inputs_company_value_idx" ON "service_field_inputs" USING btree ("company_id","article_group_field_id","value");--> statement-breakpoint
CREATE INDEX "services_article_idx" ON "services" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "services_company_idx" ON "services" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "services_end_user_idx" ON "services" USING btree ("end_user_id");--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","created_at");