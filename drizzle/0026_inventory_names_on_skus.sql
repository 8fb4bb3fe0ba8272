ALTER TABLE "skus" ADD COLUMN "product_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "store_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "skus" SET "product_name" = p."name", "store_name" = st."name"
  FROM "products" p, "stores" st WHERE p."id" = "skus"."product_id" AND st."id" = "skus"."store_id";--> statement-breakpoint
-- skus.seller_id, store_name and product_name are always its store's seller and name and its
-- product's name: derived on insert and on any change of those columns (0024 did seller_id alone),
-- and followed when a store or product is renamed. Writers never send them.
CREATE OR REPLACE FUNCTION "skus_set_seller_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT st."seller_id", st."name" INTO NEW."seller_id", NEW."store_name" FROM "stores" st WHERE st."id" = NEW."store_id";
  SELECT p."name" INTO NEW."product_name" FROM "products" p WHERE p."id" = NEW."product_id";
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "skus_seller_id" ON "skus";--> statement-breakpoint
CREATE TRIGGER "skus_seller_id" BEFORE INSERT OR UPDATE OF "store_id", "seller_id", "product_id", "store_name", "product_name" ON "skus"
  FOR EACH ROW EXECUTE FUNCTION "skus_set_seller_id"();--> statement-breakpoint
CREATE FUNCTION "stores_follow_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "skus" SET "store_name" = NEW."name" WHERE "store_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stores_name" AFTER UPDATE OF "name" ON "stores"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "stores_follow_name"();--> statement-breakpoint
CREATE FUNCTION "products_follow_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "skus" SET "product_name" = NEW."name" WHERE "product_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_name" AFTER UPDATE OF "name" ON "products"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "products_follow_name"();--> statement-breakpoint
CREATE INDEX "skus_seller_product_name_idx" ON "skus" USING btree ("seller_id","product_name","id");--> statement-breakpoint
CREATE INDEX "skus_seller_store_name_idx" ON "skus" USING btree ("seller_id","store_name","id");--> statement-breakpoint
CREATE INDEX "skus_seller_status_idx" ON "skus" USING btree ("seller_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "skus_seller_low_stock_idx" ON "skus" USING btree ("seller_id","updated_at","id") WHERE not "skus"."always_available" and "skus"."remaining_quantity" < "skus"."low_stock_threshold";--> statement-breakpoint
CREATE INDEX "skus_product_name_trgm_idx" ON "skus" USING gin ("product_name" gin_trgm_ops);
