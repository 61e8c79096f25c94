-- Search ignores accents ('zoe' finds 'Zoë') and people sort the Dutch way ('de Boer' under B).
-- unaccent is only STABLE (its dictionary could change), so an index cannot hold it; these
-- IMMUTABLE wrappers name the dictionary, as the unaccent documentation advises, and the search
-- indexes of 0001 are rebuilt on search_text. src/domain/names.ts does the same in TypeScript.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
-- A surname without its leading particles (SURNAME_PARTICLES of src/domain/names.ts), as
-- search_text: 'van der Berg' -> 'berg'. The particles are matched after search_text, which is
-- cheaper than a case-insensitive match (the usage report sorts thousands of rows by it).
CREATE OR REPLACE FUNCTION name_sort_key(lastname text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(
    nullif(regexp_replace(public.search_text(btrim(lastname)), '^((van|de|der|den|het|''t|’t|ter|ten|in|op) +)+', ''), ''),
    public.search_text(btrim(lastname))) $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "articles_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "end_users_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "service_field_inputs_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "services_free_fields_search_idx";
--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("company_id", (search_text("name" || ' ' || coalesce("sku", '') || ' ' || "description")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "end_users_search_idx" ON "end_users" USING gin ("company_id", (search_text("firstname" || ' ' || "lastname")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "service_field_inputs_search_idx" ON "service_field_inputs" USING gin ("company_id", (search_text("value")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "services_free_fields_search_idx" ON "services" USING gin ("company_id", (search_text(coalesce("input_field_1", '') || ' ' || coalesce("input_field_2", '') || ' ' || coalesce("input_field_3", '') || ' ' || coalesce("input_field_4", ''))) gin_trgm_ops);
--> statement-breakpoint
-- The company's end users in the order the screens page through them (routes/end-users).
CREATE INDEX "end_users_name_order_idx" ON "end_users" ("company_id", name_sort_key("lastname"), search_text("firstname"), "id");
