CREATE TYPE "public"."quote_delivery_mode" AS ENUM('delivery', 'pickup');--> statement-breakpoint
CREATE TYPE "public"."quote_message_side" AS ENUM('buyer', 'seller');--> statement-breakpoint
CREATE TYPE "public"."quote_payment_preference" AS ENUM('pay_now', 'credit_terms');--> statement-breakpoint
CREATE TYPE "public"."quote_request_status" AS ENUM('open', 'closed', 'awarded', 'expired');--> statement-breakpoint
CREATE TYPE "public"."quote_status" AS ENUM('submitted', 'accepted', 'lost', 'expired');--> statement-breakpoint
CREATE TABLE "quote_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"author_side" "quote_message_side" NOT NULL,
	"author_user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_request_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_request_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"target_unit_price" bigint,
	CONSTRAINT "quote_request_lines_quantity_positive" CHECK ("quote_request_lines"."quantity" > 0 and "quote_request_lines"."quantity" <= 100000),
	CONSTRAINT "quote_request_lines_product_or_text" CHECK ("quote_request_lines"."product_id" is not null or length("quote_request_lines"."description") > 0),
	CONSTRAINT "quote_request_lines_target_positive" CHECK ("quote_request_lines"."target_unit_price" is null or "quote_request_lines"."target_unit_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote_request_recipients" (
	"request_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_request_recipients_request_id_seller_id_pk" PRIMARY KEY("request_id","seller_id")
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"buyer_user_id" integer NOT NULL,
	"needed_by" text NOT NULL,
	"delivery_mode" "quote_delivery_mode" NOT NULL,
	"delivery_city" text,
	"payment_preference" "quote_payment_preference" DEFAULT 'pay_now' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" "quote_request_status" DEFAULT 'open' NOT NULL,
	"closed_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_requests_city_when_delivered" CHECK (("quote_requests"."delivery_mode" = 'pickup') = ("quote_requests"."delivery_city" is null))
);
--> statement-breakpoint
CREATE TABLE "quote_revision_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_revision_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"revision_id" integer NOT NULL,
	"request_line_id" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"sku_id" integer,
	"lead_time_days" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "quote_revision_lines_unit_price_positive" CHECK ("quote_revision_lines"."unit_price" > 0),
	CONSTRAINT "quote_revision_lines_lead_time" CHECK ("quote_revision_lines"."lead_time_days" >= 0 and "quote_revision_lines"."lead_time_days" <= 365)
);
--> statement-breakpoint
CREATE TABLE "quote_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"delivery_fee" bigint DEFAULT 0 NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"author_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_revisions_delivery_fee_non_negative" CHECK ("quote_revisions"."delivery_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quoted_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quoted_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"buyer_user_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quoted_prices_unit_price_positive" CHECK ("quoted_prices"."unit_price" > 0),
	CONSTRAINT "quoted_prices_quantity_positive" CHECK ("quoted_prices"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"current_revision" integer DEFAULT 1 NOT NULL,
	"status" "quote_status" DEFAULT 'submitted' NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"buyer_read_message_id" integer DEFAULT 0 NOT NULL,
	"seller_read_message_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_recipients" ADD CONSTRAINT "quote_request_recipients_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_recipients" ADD CONSTRAINT "quote_request_recipients_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revision_lines" ADD CONSTRAINT "quote_revision_lines_revision_id_quote_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."quote_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revision_lines" ADD CONSTRAINT "quote_revision_lines_request_line_id_quote_request_lines_id_fk" FOREIGN KEY ("request_line_id") REFERENCES "public"."quote_request_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revision_lines" ADD CONSTRAINT "quote_revision_lines_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quoted_prices" ADD CONSTRAINT "quoted_prices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quoted_prices" ADD CONSTRAINT "quoted_prices_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quoted_prices" ADD CONSTRAINT "quoted_prices_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_messages_quote_idx" ON "quote_messages" USING btree ("quote_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_request_lines_position_key" ON "quote_request_lines" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "quote_request_recipients_seller_idx" ON "quote_request_recipients" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_requests_buyer_idx" ON "quote_requests" USING btree ("buyer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_requests_status_idx" ON "quote_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_revision_lines_line_key" ON "quote_revision_lines" USING btree ("revision_id","request_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_revisions_quote_revision_key" ON "quote_revisions" USING btree ("quote_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "quoted_prices_quote_sku_key" ON "quoted_prices" USING btree ("quote_id","sku_id");--> statement-breakpoint
CREATE INDEX "quoted_prices_buyer_sku_idx" ON "quoted_prices" USING btree ("buyer_user_id","sku_id","valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_request_seller_key" ON "quotes" USING btree ("request_id","seller_id");--> statement-breakpoint
CREATE INDEX "quotes_seller_idx" ON "quotes" USING btree ("seller_id","updated_at");--> statement-breakpoint
CREATE INDEX "quotes_submitted_valid_idx" ON "quotes" USING btree ("valid_until") WHERE "quotes"."status" = 'submitted';--> statement-breakpoint
-- Hand-added: a quote's revisions and their lines are its history; they are never changed (a
-- revised quote adds a revision). Deletes cascade from the quote only.
CREATE FUNCTION "quote_revisions_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: row % cannot be changed', TG_TABLE_NAME, OLD."id"
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quote_revisions_unchanged" BEFORE UPDATE ON "quote_revisions"
  FOR EACH ROW EXECUTE FUNCTION "quote_revisions_unchanged"();
--> statement-breakpoint
CREATE TRIGGER "quote_revision_lines_unchanged" BEFORE UPDATE ON "quote_revision_lines"
  FOR EACH ROW EXECUTE FUNCTION "quote_revisions_unchanged"();
