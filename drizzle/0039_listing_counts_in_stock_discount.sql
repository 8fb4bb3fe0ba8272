-- Issue #21: the facets of a listing filtered by "in stock" or by "discounted" alone (a category or
-- the whole catalogue) become maintained counts like the unfiltered ones, instead of a sample of
-- the listings counted on every request. Writers wait while the keys change and the new ones are
-- counted, so no listing change is counted under the old keys after the backfill has read it.
-- Safe to run again (a database that ran it under an earlier number): the indexes and the function
-- are left as they are, and the backfill only runs when no such key is counted yet.
LOCK TABLE "product_listings" IN SHARE MODE;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_listings_in_stock_price_idx" ON "product_listings" USING btree ("category_id","price") WHERE "product_listings"."in_stock";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_listings_discount_price_idx" ON "product_listings" USING btree ("category_id","price") WHERE "product_listings"."discount";--> statement-breakpoint
-- Hand-added: the keys a listing counts under, now also among the listings in stock and among the
-- discounted ones (see schema/listings.ts, listingCounts). Same signature: the triggers use it as is.
CREATE OR REPLACE FUNCTION "listing_count_keys"("category_path" integer[], "brand_id" integer, "store_ids" integer[], "in_stock" boolean, "discount" boolean, "moq" integer)
RETURNS TABLE ("scope" integer, "facet" text, "value" integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT s, f.facet, f.value
  FROM unnest(array[0] || "category_path") AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text, 0
    UNION ALL SELECT 'brand', "brand_id" WHERE "brand_id" IS NOT NULL
    UNION ALL SELECT 'in_stock', 0 WHERE "in_stock"
    UNION ALL SELECT 'discount', 0 WHERE "discount"
    UNION ALL SELECT 'moq', "moq"
    UNION ALL SELECT 'in_stock:brand', "brand_id" WHERE "in_stock" AND "brand_id" IS NOT NULL
    UNION ALL SELECT 'in_stock:moq', "moq" WHERE "in_stock"
    UNION ALL SELECT 'in_stock:discount', 0 WHERE "in_stock" AND "discount"
    UNION ALL SELECT 'discount:brand', "brand_id" WHERE "discount" AND "brand_id" IS NOT NULL
    UNION ALL SELECT 'discount:moq', "moq" WHERE "discount"
  ) AS f(facet, value)
  UNION ALL
  SELECT 0, 'store', st FROM unnest("store_ids") AS st
$$;
--> statement-breakpoint
-- Hand-added: the new keys' counts of the rows listed before this migration.
INSERT INTO "listing_counts" ("scope", "facet", "value", "n")
SELECT k."scope", k."facet", k."value", count(*)::int FROM "product_listings" r,
  "listing_count_keys"(r."category_path", r."brand_id", r."store_ids", r."in_stock", r."discount", r."moq") k
WHERE k."facet" LIKE '%:%'
  AND NOT EXISTS (SELECT 1 FROM "listing_counts" c WHERE c."facet" LIKE '%:%')
GROUP BY 1, 2, 3;
