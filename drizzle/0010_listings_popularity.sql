DROP INDEX "product_listings_popular_idx";--> statement-breakpoint
ALTER TABLE "product_listings" ADD COLUMN "ordered_units_30d" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_listings" ADD COLUMN "ordered_units_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "product_listings_ordered_units_due_idx" ON "product_listings" USING btree ("ordered_units_due_at") WHERE "product_listings"."ordered_units_due_at" is not null;--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_listings_popular_idx" ON "product_listings" USING btree ("ordered_units_30d" DESC NULLS LAST,"store_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);--> statement-breakpoint
-- Hand-added: the popularity of rows listed before this migration (the refresh keeps it from now on).
UPDATE "product_listings" l SET "ordered_units_30d" = o."units", "ordered_units_due_at" = o."due_at"
FROM (
  SELECT ol."product_id", sum(ol."quantity")::int AS "units", min(od."paid_at") + interval '720 hours' AS "due_at"
  FROM "order_lines" ol JOIN "orders" od ON od."id" = ol."order_id"
  WHERE od."status" IN ('paid', 'accepted', 'shipped', 'delivered', 'completed')
    AND od."paid_at" > now() - interval '720 hours'
  GROUP BY ol."product_id"
) o
WHERE o."product_id" = l."product_id";
