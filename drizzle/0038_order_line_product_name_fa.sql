ALTER TABLE "order_lines" ADD COLUMN "product_name_fa" text;--> statement-breakpoint
-- Lines ordered before this column existed: the product's Persian name, where the product still has
-- the English name the line was ordered under (a renamed product keeps the line in English).
UPDATE "order_lines" SET "product_name_fa" = p."name_fa"
FROM "products" p
WHERE p."id" = "order_lines"."product_id" AND p."name" = "order_lines"."product_name" AND p."name_fa" IS NOT NULL;
