ALTER TABLE "skus" ADD COLUMN "seller_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "skus" SET "seller_id" = st."seller_id" FROM "stores" st WHERE st."id" = "skus"."store_id";--> statement-breakpoint
-- skus.seller_id is always its store's seller: derived on insert and on any change of store_id or
-- seller_id, and followed when a store changes hands. Writers never send it.
CREATE FUNCTION "skus_set_seller_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT st."seller_id" INTO NEW."seller_id" FROM "stores" st WHERE st."id" = NEW."store_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "skus_seller_id" BEFORE INSERT OR UPDATE OF "store_id", "seller_id" ON "skus"
  FOR EACH ROW EXECUTE FUNCTION "skus_set_seller_id"();--> statement-breakpoint
CREATE FUNCTION "stores_follow_seller_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "skus" SET "seller_id" = NEW."seller_id" WHERE "store_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stores_seller_id" AFTER UPDATE OF "seller_id" ON "stores"
  FOR EACH ROW WHEN (OLD."seller_id" IS DISTINCT FROM NEW."seller_id") EXECUTE FUNCTION "stores_follow_seller_id"();--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "entry_unit_price" bigint;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "entry_offer_price" bigint;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "active_tiers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "entry_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "entry_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skus_seller_updated_idx" ON "skus" USING btree ("seller_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "skus_seller_stock_idx" ON "skus" USING btree ("seller_id","remaining_quantity","id");--> statement-breakpoint
CREATE INDEX "skus_seller_sku_idx" ON "skus" USING btree ("seller_id","sku","id");--> statement-breakpoint
CREATE INDEX "skus_seller_store_idx" ON "skus" USING btree ("seller_id","store_id","id");--> statement-breakpoint
CREATE INDEX "skus_entry_until_idx" ON "skus" USING btree ("entry_until") WHERE "skus"."entry_until" is not null;--> statement-breakpoint
CREATE INDEX "skus_sku_trgm_idx" ON "skus" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
-- The stored entry tier of SKUs (skus.entry_*), recomputed from their tiers at the database's
-- now(), with the span over which it holds: from the latest tier boundary at or before now to the
-- earliest after it. Readers check the span against their own clock and look the tiers up outside it.
CREATE FUNCTION "skus_refresh_entry"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "skus" s SET
    "entry_unit_price" = e."unit_price",
    "entry_offer_price" = e."offer_price",
    "active_tiers" = (SELECT count(*) FROM "prices" p WHERE p."sku_id" = s."id" AND p."valid_from" <= now()
      AND (p."valid_to" IS NULL OR p."valid_to" > now())),
    "entry_from" = (SELECT max(b.at) FROM "prices" p, LATERAL (VALUES (p."valid_from"), (p."valid_to")) b(at)
      WHERE p."sku_id" = s."id" AND b.at <= now()),
    "entry_until" = (SELECT min(b.at) FROM "prices" p, LATERAL (VALUES (p."valid_from"), (p."valid_to")) b(at)
      WHERE p."sku_id" = s."id" AND b.at > now())
  FROM (SELECT u.id, t."unit_price", t."offer_price" FROM unnest(ids) u(id)
        LEFT JOIN LATERAL (SELECT p."unit_price", p."offer_price" FROM "prices" p
          WHERE p."sku_id" = u.id AND p."valid_from" <= now() AND (p."valid_to" IS NULL OR p."valid_to" > now())
          ORDER BY p."min_quantity" LIMIT 1) t ON true) e
  WHERE s."id" = e.id
$$;--> statement-breakpoint
CREATE FUNCTION "prices_refresh_sku_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "skus_refresh_entry"(ARRAY(SELECT DISTINCT "sku_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "skus_refresh_entry"(ARRAY(SELECT DISTINCT "sku_id" FROM old_rows));
  ELSE
    PERFORM "skus_refresh_entry"(ARRAY(SELECT "sku_id" FROM new_rows UNION SELECT "sku_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "prices_refresh_sku_entry_insert" AFTER INSERT ON "prices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "prices_refresh_sku_entry"();--> statement-breakpoint
CREATE TRIGGER "prices_refresh_sku_entry_update" AFTER UPDATE ON "prices" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "prices_refresh_sku_entry"();--> statement-breakpoint
CREATE TRIGGER "prices_refresh_sku_entry_delete" AFTER DELETE ON "prices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "prices_refresh_sku_entry"();--> statement-breakpoint
SELECT "skus_refresh_entry"(ARRAY(SELECT "id" FROM "skus"));
