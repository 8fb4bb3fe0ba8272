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
ALTER TABLE "skus" ADD CONSTRAINT "skus_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skus_seller_updated_idx" ON "skus" USING btree ("seller_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "skus_seller_stock_idx" ON "skus" USING btree ("seller_id","remaining_quantity","id");--> statement-breakpoint
CREATE INDEX "skus_seller_sku_idx" ON "skus" USING btree ("seller_id","sku","id");--> statement-breakpoint
CREATE INDEX "skus_seller_store_idx" ON "skus" USING btree ("seller_id","store_id","id");--> statement-breakpoint
CREATE INDEX "skus_sku_trgm_idx" ON "skus" USING gin ("sku" gin_trgm_ops);