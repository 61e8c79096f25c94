-- The provider's own company is never ended nor a branch (docs/rules.md, "Het bedrijf van de
-- aanbieder"): a database where it was, before the rule was enforced, gets its staff back.
UPDATE "companies" SET "end_time" = NULL, "parent_company_id" = NULL
  WHERE "is_provider" AND ("end_time" IS NOT NULL OR "parent_company_id" IS NOT NULL);
