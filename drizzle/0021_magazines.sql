CREATE TYPE "public"."magazine_layout" AS ENUM('2', '4', '6', 'hero');--> statement-breakpoint
CREATE TYPE "public"."magazine_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TABLE "magazine_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "magazine_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page_id" integer NOT NULL,
	"position" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "magazine_items_note_length" CHECK (char_length("magazine_items"."note") <= 200)
);
--> statement-breakpoint
CREATE TABLE "magazine_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "magazine_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"magazine_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"layout" "magazine_layout" DEFAULT '4' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magazines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "magazines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"identify" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text,
	"season" text DEFAULT '' NOT NULL,
	"cutoff_at" timestamp with time zone,
	"status" "magazine_status" DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "magazine_items" ADD CONSTRAINT "magazine_items_page_id_magazine_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."magazine_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_items" ADD CONSTRAINT "magazine_items_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_pages" ADD CONSTRAINT "magazine_pages_magazine_id_magazines_id_fk" FOREIGN KEY ("magazine_id") REFERENCES "public"."magazines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazines" ADD CONSTRAINT "magazines_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "magazine_items_page_idx" ON "magazine_items" USING btree ("page_id","position");--> statement-breakpoint
CREATE INDEX "magazine_items_sku_idx" ON "magazine_items" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "magazine_pages_magazine_idx" ON "magazine_pages" USING btree ("magazine_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "magazines_identify_key" ON "magazines" USING btree ("identify");--> statement-breakpoint
CREATE INDEX "magazines_seller_idx" ON "magazines" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "magazines_published_idx" ON "magazines" USING btree ("status","published_at");