ALTER TABLE "products" ADD COLUMN "created_by_seller_id" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "pickup_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "pickup_hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_seller_id_sellers_id_fk" FOREIGN KEY ("created_by_seller_id") REFERENCES "public"."sellers"("id") ON DELETE set null ON UPDATE no action;