-- Usage records get an id of their own, not derived from their content (docs/security.md, "Masked
-- numbers stay masked"): the record key, a hash of every field including the other party's whole
-- number, no longer leaves the server. Existing rows are numbered as the column is added.
CREATE SEQUENCE "usage_records_id_seq" AS bigint;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "id" bigint DEFAULT nextval('usage_records_id_seq') NOT NULL;--> statement-breakpoint
-- Phone numbers in their one canonical form (docs/rules.md, "Phone numbers are global"): the
-- rule of src/domain/phoneNumbers.ts written once more in SQL, for the values stored before it.
-- A value with a character other than digits, spaces, + (in front), -, ., ( and ) is no number
-- and stays as it is.
CREATE FUNCTION "canonical_number_0014"(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN NOT (v ~ '^\+?[0-9 ().-]*$' AND v ~ '[0-9]') THEN v
    WHEN intl IS NULL THEN digits
    WHEN intl LIKE '31%' THEN '0' || regexp_replace(substr(intl, 3), '^0', '')
    ELSE '00' || intl
  END
  FROM (
    SELECT digits,
      CASE WHEN left(v, 1) = '+' THEN regexp_replace(replace(v, '(0)', ''), '[^0-9]', '', 'g')
        WHEN digits LIKE '00%' THEN substr(regexp_replace(replace(v, '(0)', ''), '[^0-9]', '', 'g'), 3) END AS intl
    FROM (SELECT regexp_replace(v, '[^0-9]', '', 'g') AS digits) d
  ) n
$$;--> statement-breakpoint
-- A record's key as the import computes it (docs/usage.md, "Idempotent"), for the records whose
-- numbers change: a re-import of their file finds them under their new key.
CREATE FUNCTION "usage_key_0014"(t timestamptz, sender text, receiver text, direction text, type text, length bigint, bundle text, price text)
RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT substr(sha256(convert_to(concat_ws(E'\x1f', to_char(t AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD'),
    to_char(t AT TIME ZONE 'Europe/Amsterdam', 'HH24:MI:SS'), sender, receiver, direction, type, length::text, bundle, price), 'UTF8')), 1, 16)
$$;--> statement-breakpoint
UPDATE "service_field_inputs" i SET "value" = canonical_number_0014(btrim(i."value"))
  FROM "article_group_fields" f
  WHERE f."id" = i."article_group_field_id" AND f."used_for_cdr" AND i."value" <> canonical_number_0014(btrim(i."value"));--> statement-breakpoint
-- A record kept aside twice, in two notations, is one record: kept once (its key is unique).
DELETE FROM "usage_unmatched" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY usage_key_0014("record_time", canonical_number_0014("sender"), canonical_number_0014("receiver"),
      "direction", "type", "length", "bundle", coalesce("price"::text, '')) ORDER BY "id") AS n
    FROM "usage_unmatched"
  ) k WHERE n > 1
);--> statement-breakpoint
UPDATE "usage_unmatched" SET
    "record_key" = usage_key_0014("record_time", canonical_number_0014("sender"), canonical_number_0014("receiver"), "direction", "type", "length", "bundle", coalesce("price"::text, '')),
    "sender" = canonical_number_0014("sender"), "receiver" = canonical_number_0014("receiver")
  WHERE "sender" <> canonical_number_0014("sender") OR "receiver" <> canonical_number_0014("receiver");--> statement-breakpoint
-- A stored record's price is the file's or, without one in the file, the computed one; its key
-- had the file's: the key it was stored under says which.
UPDATE "usage_records" SET
    "record_key" = usage_key_0014("record_time", canonical_number_0014("sender"), canonical_number_0014("receiver"), "direction", "type", "length", "bundle",
      CASE WHEN "record_key" = usage_key_0014("record_time", "sender", "receiver", "direction", "type", "length", "bundle", '') THEN '' ELSE "price"::text END),
    "sender" = canonical_number_0014("sender"), "receiver" = canonical_number_0014("receiver"), "number" = canonical_number_0014("number")
  WHERE ("sender" ~ '[^0-9]' OR "receiver" ~ '[^0-9]' OR "sender" LIKE '00%' OR "receiver" LIKE '00%')
    AND ("sender" <> canonical_number_0014("sender") OR "receiver" <> canonical_number_0014("receiver"));--> statement-breakpoint
UPDATE "usage_monthly" SET "number" = canonical_number_0014("number") WHERE "number" <> canonical_number_0014("number");--> statement-breakpoint
UPDATE "usage_number_days" SET "number" = canonical_number_0014("number") WHERE "number" <> canonical_number_0014("number");--> statement-breakpoint
UPDATE "usage_number_months" SET "number" = canonical_number_0014("number") WHERE "number" <> canonical_number_0014("number");--> statement-breakpoint
-- Two services of a company whose numbers are one number now: the report sums their rows.
UPDATE "usage_number_months" u SET "shared" = true
  FROM (SELECT "company_id", "month", "number" FROM "usage_number_months" GROUP BY 1, 2, 3 HAVING count(*) > 1) d
  WHERE u."company_id" = d."company_id" AND u."month" = d."month" AND u."number" = d."number" AND NOT u."shared";--> statement-breakpoint
DROP FUNCTION "usage_key_0014";--> statement-breakpoint
DROP FUNCTION "canonical_number_0014";
