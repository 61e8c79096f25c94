-- Search (GET /search) is a case-insensitive substring match scoped to one company:
-- trigram GIN indexes with the company id in front (btree_gin) serve ILIKE '%term%'.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("company_id", (lower("name" || ' ' || coalesce("sku", '') || ' ' || "description")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "end_users_search_idx" ON "end_users" USING gin ("company_id", (lower("firstname" || ' ' || "lastname")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "service_field_inputs_search_idx" ON "service_field_inputs" USING gin ("company_id", (lower("value")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "services_free_fields_search_idx" ON "services" USING gin ("company_id", (lower(coalesce("input_field_1", '') || ' ' || coalesce("input_field_2", '') || ' ' || coalesce("input_field_3", '') || ' ' || coalesce("input_field_4", ''))) gin_trgm_ops);
