CREATE TYPE "public"."brand_status" AS ENUM('approved', 'pending');--> statement-breakpoint
CREATE TYPE "public"."product_review_state" AS ENUM('pending', 'approved', 'hidden');--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "status" "brand_status" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "requested_by_seller_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_state" "product_review_state" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_requested_by_seller_id_sellers_id_fk" FOREIGN KEY ("requested_by_seller_id") REFERENCES "public"."sellers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_key" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "brands_requested_idx" ON "brands" USING btree ("requested_by_seller_id","status");--> statement-breakpoint
CREATE INDEX "products_review_idx" ON "products" USING btree ("review_state","submitted_at");