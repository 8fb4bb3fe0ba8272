-- The listing's facet filter columns, copied onto its search document (see schema/listings.ts):
-- added empty, filled from product_listings, then made NOT NULL as the schema declares. The update
-- leaves a dead copy of every row; CLUSTER rewrites the table compactly (in product id order, the
-- order hits are looked up in), or a search would read twice the pages until a VACUUM FULL.
ALTER TABLE "product_search" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "price" bigint;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "moq" integer;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "in_stock" boolean;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "discount" boolean;--> statement-breakpoint
UPDATE "product_search" s SET "brand_id" = l."brand_id", "price" = l."price", "moq" = l."moq",
  "in_stock" = l."in_stock", "discount" = l."discount"
FROM "product_listings" l WHERE l."product_id" = s."product_id";--> statement-breakpoint
ALTER TABLE "product_search" ALTER COLUMN "price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ALTER COLUMN "moq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ALTER COLUMN "in_stock" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ALTER COLUMN "discount" SET NOT NULL;--> statement-breakpoint
CLUSTER "product_search" USING "product_search_pkey";
