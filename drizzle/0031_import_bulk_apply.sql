-- Hand-written (issue #17, the 100,000-row import): the stored entry tier of SKUs as a query,
-- `skus_entry_of`, so that a bulk writer can fold it into its own update of the SKUs instead of
-- each of its price statements rewriting every SKU row again (a SKU row carries 15 indexes: each
-- rewrite costs them all). `skus_refresh_entry` keeps its meaning and now reads the same query.
CREATE FUNCTION "skus_entry_of"(ids integer[])
RETURNS TABLE ("id" integer, "entry_unit_price" bigint, "entry_offer_price" bigint, "active_tiers" integer,
  "entry_from" timestamp with time zone, "entry_until" timestamp with time zone)
LANGUAGE sql STABLE AS $$
  SELECT u.id, t."unit_price", t."offer_price",
    (SELECT count(*)::int FROM "prices" p WHERE p."sku_id" = u.id AND p."valid_from" <= now()
      AND (p."valid_to" IS NULL OR p."valid_to" > now())),
    (SELECT max(b.at) FROM "prices" p, LATERAL (VALUES (p."valid_from"), (p."valid_to")) b(at)
      WHERE p."sku_id" = u.id AND b.at <= now()),
    (SELECT min(b.at) FROM "prices" p, LATERAL (VALUES (p."valid_from"), (p."valid_to")) b(at)
      WHERE p."sku_id" = u.id AND b.at > now())
  FROM unnest(ids) u(id)
  LEFT JOIN LATERAL (SELECT p."unit_price", p."offer_price" FROM "prices" p
    WHERE p."sku_id" = u.id AND p."valid_from" <= now() AND (p."valid_to" IS NULL OR p."valid_to" > now())
    ORDER BY p."min_quantity" LIMIT 1) t ON true
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "skus_refresh_entry"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "skus" s SET
    "entry_unit_price" = e."entry_unit_price",
    "entry_offer_price" = e."entry_offer_price",
    "active_tiers" = e."active_tiers",
    "entry_from" = e."entry_from",
    "entry_until" = e."entry_until"
  FROM "skus_entry_of"(ids) e
  WHERE s."id" = e."id"
$$;--> statement-breakpoint
-- A transaction that sets `omdeh.sku_entry_deferred` to 'on' (set_config(..., true): it ends with
-- the transaction) takes over the refresh: it must write the SKUs' entry itself, from
-- `skus_entry_of`, before it resets the setting (the import does, in its one update of the SKUs).
CREATE OR REPLACE FUNCTION "prices_refresh_sku_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('omdeh.sku_entry_deferred', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "skus_refresh_entry"(ARRAY(SELECT DISTINCT "sku_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "skus_refresh_entry"(ARRAY(SELECT DISTINCT "sku_id" FROM old_rows));
  ELSE
    PERFORM "skus_refresh_entry"(ARRAY(SELECT "sku_id" FROM new_rows UNION SELECT "sku_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
