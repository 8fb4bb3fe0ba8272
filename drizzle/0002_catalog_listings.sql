CREATE TYPE "public"."landing_page_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"visit_id" text NOT NULL,
	"path" text NOT NULL,
	"props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "listing_refresh_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"refreshed_through" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_listings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"brand_id" integer,
	"brand_name" text,
	"category_id" integer NOT NULL,
	"category_path" integer[] NOT NULL,
	"store_ids" integer[] NOT NULL,
	"image" text,
	"price" bigint NOT NULL,
	"list_price" bigint,
	"moq" integer NOT NULL,
	"in_stock" boolean NOT NULL,
	"discount" boolean NOT NULL,
	"store_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search" "tsvector" NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landing_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"hero_image" text,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "landing_page_status" DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_listings" ADD CONSTRAINT "product_listings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_name_time_idx" ON "analytics_events" USING btree ("name","received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_visit_idx" ON "analytics_events" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "product_listings_category_path_idx" ON "product_listings" USING gin ("category_path");--> statement-breakpoint
CREATE INDEX "product_listings_store_ids_idx" ON "product_listings" USING gin ("store_ids");--> statement-breakpoint
CREATE INDEX "product_listings_search_idx" ON "product_listings" USING gin ("search");--> statement-breakpoint
CREATE INDEX "product_listings_brand_idx" ON "product_listings" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "product_listings_newest_idx" ON "product_listings" USING btree ("created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_listings_price_idx" ON "product_listings" USING btree ("price","product_id");--> statement-breakpoint
CREATE INDEX "product_listings_popular_idx" ON "product_listings" USING btree ("store_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_slug_key" ON "landing_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "prices_valid_from_idx" ON "prices" USING btree ("valid_from");--> statement-breakpoint
CREATE INDEX "prices_valid_to_idx" ON "prices" USING btree ("valid_to");