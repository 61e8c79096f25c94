CREATE TABLE "usage_company_months" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"type" text NOT NULL,
	"bundle" text NOT NULL,
	"price" numeric(18, 6) NOT NULL,
	CONSTRAINT "usage_company_months_company_id_month_type_bundle_pk" PRIMARY KEY("company_id","month","type","bundle")
);
--> statement-breakpoint
CREATE TABLE "usage_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" integer,
	"records" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"unmatched" integer DEFAULT 0 NOT NULL,
	"months" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_monthly" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"service_id" integer NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"direction" text NOT NULL,
	"bundle" text NOT NULL,
	"records" integer NOT NULL,
	"length" bigint NOT NULL,
	"price" numeric(18, 6) NOT NULL,
	CONSTRAINT "usage_monthly_company_id_month_service_id_type_direction_bundle_pk" PRIMARY KEY("company_id","month","service_id","type","direction","bundle")
);
--> statement-breakpoint
CREATE TABLE "usage_number_months" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"service_id" integer NOT NULL,
	"number" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"data_ink_in_records" integer DEFAULT 0 NOT NULL,
	"data_ink_in_length" bigint DEFAULT 0 NOT NULL,
	"data_ink_in_price_micros" bigint DEFAULT 0 NOT NULL,
	"data_ink_out_records" integer DEFAULT 0 NOT NULL,
	"data_ink_out_length" bigint DEFAULT 0 NOT NULL,
	"data_ink_out_price_micros" bigint DEFAULT 0 NOT NULL,
	"data_uit_in_records" integer DEFAULT 0 NOT NULL,
	"data_uit_in_length" bigint DEFAULT 0 NOT NULL,
	"data_uit_in_price_micros" bigint DEFAULT 0 NOT NULL,
	"data_uit_out_records" integer DEFAULT 0 NOT NULL,
	"data_uit_out_length" bigint DEFAULT 0 NOT NULL,
	"data_uit_out_price_micros" bigint DEFAULT 0 NOT NULL,
	"voice_ink_in_records" integer DEFAULT 0 NOT NULL,
	"voice_ink_in_length" bigint DEFAULT 0 NOT NULL,
	"voice_ink_in_price_micros" bigint DEFAULT 0 NOT NULL,
	"voice_ink_out_records" integer DEFAULT 0 NOT NULL,
	"voice_ink_out_length" bigint DEFAULT 0 NOT NULL,
	"voice_ink_out_price_micros" bigint DEFAULT 0 NOT NULL,
	"voice_uit_in_records" integer DEFAULT 0 NOT NULL,
	"voice_uit_in_length" bigint DEFAULT 0 NOT NULL,
	"voice_uit_in_price_micros" bigint DEFAULT 0 NOT NULL,
	"voice_uit_out_records" integer DEFAULT 0 NOT NULL,
	"voice_uit_out_length" bigint DEFAULT 0 NOT NULL,
	"voice_uit_out_price_micros" bigint DEFAULT 0 NOT NULL,
	"sms_ink_in_records" integer DEFAULT 0 NOT NULL,
	"sms_ink_in_length" bigint DEFAULT 0 NOT NULL,
	"sms_ink_in_price_micros" bigint DEFAULT 0 NOT NULL,
	"sms_ink_out_records" integer DEFAULT 0 NOT NULL,
	"sms_ink_out_length" bigint DEFAULT 0 NOT NULL,
	"sms_ink_out_price_micros" bigint DEFAULT 0 NOT NULL,
	"sms_uit_in_records" integer DEFAULT 0 NOT NULL,
	"sms_uit_in_length" bigint DEFAULT 0 NOT NULL,
	"sms_uit_in_price_micros" bigint DEFAULT 0 NOT NULL,
	"sms_uit_out_records" integer DEFAULT 0 NOT NULL,
	"sms_uit_out_length" bigint DEFAULT 0 NOT NULL,
	"sms_uit_out_price_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_number_months_company_id_month_service_id_pk" PRIMARY KEY("company_id","month","service_id")
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"company_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"number" text NOT NULL,
	"record_time" timestamp with time zone NOT NULL,
	"sender" text NOT NULL,
	"receiver" text NOT NULL,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"length" bigint NOT NULL,
	"bundle" text NOT NULL,
	"price" numeric(18, 6) NOT NULL,
	"import_id" integer,
	"record_key" "bytea" NOT NULL
) PARTITION BY RANGE ("record_time");
--> statement-breakpoint
CREATE TABLE "usage_records_default" PARTITION OF "usage_records" DEFAULT;
--> statement-breakpoint
CREATE TABLE "usage_unmatched" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer,
	"line" integer NOT NULL,
	"record_time" timestamp with time zone NOT NULL,
	"sender" text NOT NULL,
	"receiver" text NOT NULL,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"length" bigint NOT NULL,
	"bundle" text NOT NULL,
	"price" numeric(18, 6),
	"record_key" "bytea" NOT NULL
);
--> statement-breakpoint
-- The article page pages through an article's services oldest start first, then id
-- (GET /articles/{id}?services_offset&services_limit): the index gives that order without a sort.
-- It replaces the index on article_id alone, which it also serves.
DROP INDEX "services_article_idx";--> statement-breakpoint
ALTER TABLE "usage_imports" ADD CONSTRAINT "usage_imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_unmatched" ADD CONSTRAINT "usage_unmatched_import_id_usage_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."usage_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_records_key_idx" ON "usage_records" USING btree ("record_key");--> statement-breakpoint
CREATE INDEX "usage_records_service_time_idx" ON "usage_records" USING btree ("company_id","service_id","record_time");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_unmatched_key_idx" ON "usage_unmatched" USING btree ("record_key");--> statement-breakpoint
CREATE INDEX "services_article_start_idx" ON "services" USING btree ("article_id","start_time","id");