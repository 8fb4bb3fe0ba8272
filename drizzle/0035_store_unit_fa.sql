ALTER TABLE "products" ADD COLUMN "unit_fa" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "name_fa" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_fa" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "store_name_fa" text;