-- Decisions section 2: prices belong to the provider. A database made before this change gets the
-- new permission for provider staff (roles 1 and 2), and customers (role 3) lose CREATE_ARTICLE.
-- On a fresh database the tables are still empty here; the reference seed then grants the defaults.
INSERT INTO "permissions" ("name") VALUES ('EDIT_PRICES') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_name")
  SELECT "id", 'EDIT_PRICES' FROM "roles" WHERE "id" IN (1, 2)
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "role_permissions" WHERE "role_id" = 3 AND "permission_name" = 'CREATE_ARTICLE';
