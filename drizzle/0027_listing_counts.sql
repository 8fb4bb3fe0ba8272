CREATE TABLE "listing_counts" (
	"scope" integer NOT NULL,
	"facet" text NOT NULL,
	"value" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_counts_key_idx" ON "listing_counts" USING btree ("scope","facet","value");--> statement-breakpoint
CREATE INDEX "product_listings_category_price_idx" ON "product_listings" USING btree ("category_id","price");--> statement-breakpoint
-- Hand-added: the keys a listing counts under (see schema/listings.ts, listingCounts).
CREATE FUNCTION "listing_count_keys"("category_path" integer[], "brand_id" integer, "store_ids" integer[], "in_stock" boolean, "discount" boolean, "moq" integer)
RETURNS TABLE ("scope" integer, "facet" text, "value" integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT s, f.facet, f.value
  FROM unnest(array[0] || "category_path") AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text, 0
    UNION ALL SELECT 'brand', "brand_id" WHERE "brand_id" IS NOT NULL
    UNION ALL SELECT 'in_stock', 0 WHERE "in_stock"
    UNION ALL SELECT 'discount', 0 WHERE "discount"
    UNION ALL SELECT 'moq', "moq"
  ) AS f(facet, value)
  UNION ALL
  SELECT 0, 'store', st FROM unnest("store_ids") AS st
$$;
--> statement-breakpoint
-- Hand-added: one row per changed key and statement, with the difference; keys whose count did not
-- change (a price or popularity update) add nothing.
CREATE FUNCTION "product_listings_count_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "listing_counts" ("scope", "facet", "value", "n")
    SELECT k."scope", k."facet", k."value", count(*)::int FROM "new_rows" r,
      "listing_count_keys"(r."category_path", r."brand_id", r."store_ids", r."in_stock", r."discount", r."moq") k
    GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "listing_counts" ("scope", "facet", "value", "n")
    SELECT k."scope", k."facet", k."value", -count(*)::int FROM "old_rows" r,
      "listing_count_keys"(r."category_path", r."brand_id", r."store_ids", r."in_stock", r."discount", r."moq") k
    GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO "listing_counts" ("scope", "facet", "value", "n")
    SELECT d."scope", d."facet", d."value", sum(d."n")::int FROM (
      SELECT k.*, 1 AS "n" FROM "new_rows" r,
        "listing_count_keys"(r."category_path", r."brand_id", r."store_ids", r."in_stock", r."discount", r."moq") k
      UNION ALL
      SELECT k.*, -1 FROM "old_rows" r,
        "listing_count_keys"(r."category_path", r."brand_id", r."store_ids", r."in_stock", r."discount", r."moq") k
    ) d
    GROUP BY 1, 2, 3 HAVING sum(d."n") <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_listings_count_inserts" AFTER INSERT ON "product_listings"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_listings_count_changes"();
--> statement-breakpoint
CREATE TRIGGER "product_listings_count_updates" AFTER UPDATE ON "product_listings"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_listings_count_changes"();
--> statement-breakpoint
CREATE TRIGGER "product_listings_count_deletes" AFTER DELETE ON "product_listings"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_listings_count_changes"();
--> statement-breakpoint
-- Hand-added: the counts of rows listed before this migration.
INSERT INTO "listing_counts" ("scope", "facet", "value", "n")
SELECT k."scope", k."facet", k."value", count(*)::int FROM "product_listings" r,
  "listing_count_keys"(r."category_path", r."brand_id", r."store_ids", r."in_stock", r."discount", r."moq") k
GROUP BY 1, 2, 3;
