CREATE TYPE "public"."billing_cycle" AS ENUM('monthly', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."plan_status" AS ENUM('active', 'retired');--> statement-breakpoint
CREATE TYPE "public"."purchase_kind" AS ENUM('plan', 'membership');--> statement-breakpoint
CREATE TYPE "public"."purchase_status" AS ENUM('pending', 'paid', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('scheduled', 'active', 'ended', 'replaced');--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"monthly_price" bigint DEFAULT 0 NOT NULL,
	"yearly_price" bigint DEFAULT 0 NOT NULL,
	"max_stores" integer,
	"max_active_skus" integer,
	"max_published_magazines" integer,
	"max_observers" integer,
	"max_import_rows" integer,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"status" "plan_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_prices_non_negative" CHECK ("plans"."monthly_price" >= 0 and "plans"."yearly_price" >= 0),
	CONSTRAINT "plans_limits_non_negative" CHECK (coalesce("plans"."max_stores", 0) >= 0 and coalesce("plans"."max_active_skus", 0) >= 0
        and coalesce("plans"."max_published_magazines", 0) >= 0 and coalesce("plans"."max_observers", 0) >= 0
        and coalesce("plans"."max_import_rows", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "platform_invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purchase_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seller_id" integer,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"customer" jsonb NOT NULL,
	"description" text NOT NULL,
	"list_price" bigint NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"vat_percent" integer NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"kind" "purchase_kind" NOT NULL,
	"user_id" integer NOT NULL,
	"seller_id" integer,
	"plan_slug" text,
	"billing_cycle" "billing_cycle",
	"list_price" bigint NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"replaces_subscription_id" integer,
	"status" "purchase_status" DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_purchases_amount_adds_up" CHECK ("platform_purchases"."amount" = "platform_purchases"."list_price" - "platform_purchases"."credit" and "platform_purchases"."credit" >= 0 and "platform_purchases"."amount" > 0),
	CONSTRAINT "platform_purchases_period" CHECK ("platform_purchases"."period_end" > "platform_purchases"."period_start")
);
--> statement-breakpoint
CREATE TABLE "seller_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"plan_slug" text NOT NULL,
	"billing_cycle" "billing_cycle" NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" "subscription_status" NOT NULL,
	"purchase_id" integer,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"ends_to_free" boolean DEFAULT false NOT NULL,
	"reminder_7_sent_at" timestamp with time zone,
	"reminder_1_sent_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_subscriptions_period" CHECK ("seller_subscriptions"."period_end" > "seller_subscriptions"."period_start")
);
--> statement-breakpoint
ALTER TABLE "payment_sessions" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "purchase_id" integer;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_purchase_id_platform_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."platform_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_purchases" ADD CONSTRAINT "platform_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_purchases" ADD CONSTRAINT "platform_purchases_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_subscriptions" ADD CONSTRAINT "seller_subscriptions_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_subscriptions" ADD CONSTRAINT "seller_subscriptions_purchase_id_platform_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."platform_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_slug_key" ON "plans" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_invoices_purchase_key" ON "platform_invoices" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_invoices_number_key" ON "platform_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_invoices_year_sequence_key" ON "platform_invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "platform_invoices_seller_idx" ON "platform_invoices" USING btree ("seller_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_purchases_number_key" ON "platform_purchases" USING btree ("number");--> statement-breakpoint
CREATE INDEX "platform_purchases_seller_idx" ON "platform_purchases" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_subscriptions_one_active" ON "seller_subscriptions" USING btree ("seller_id") WHERE "seller_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "seller_subscriptions_seller_idx" ON "seller_subscriptions" USING btree ("seller_id","period_start");--> statement-breakpoint
CREATE INDEX "seller_subscriptions_open_end_idx" ON "seller_subscriptions" USING btree ("period_end") WHERE "seller_subscriptions"."status" in ('active', 'scheduled');--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_purchase_id_platform_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."platform_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_one_success_per_purchase" ON "payment_sessions" USING btree ("purchase_id") WHERE "payment_sessions"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "payment_sessions_purchase_idx" ON "payment_sessions" USING btree ("purchase_id","created_at");--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_pays_one_thing" CHECK (("payment_sessions"."order_id" is null) <> ("payment_sessions"."purchase_id" is null));--> statement-breakpoint
INSERT INTO "plans" ("slug", "name", "description", "monthly_price", "yearly_price", "max_stores", "max_active_skus", "max_published_magazines", "max_observers", "max_import_rows", "features", "position") VALUES
  ('free', 'Free', 'Start selling: one store and a small range.', 0, 0, 1, 50, 1, 1, 500, '[]'::jsonb, 0),
  ('pro', 'Pro', 'For a growing wholesaler: more stores, a full range and a team.', 29000000, 290000000, 5, 1000, 10, 5, 10000, '["magazine_pdf"]'::jsonb, 1),
  ('business', 'Business', 'For distributors: many stores, an unlimited range and catalogues.', 79000000, 790000000, NULL, NULL, NULL, 10, 100000, '["magazine_pdf","home_featured"]'::jsonb, 2)
ON CONFLICT ("slug") DO NOTHING;--> statement-breakpoint
UPDATE "sellers" SET "plan_code" = 'free' WHERE "plan_code" NOT IN (SELECT "slug" FROM "plans");--> statement-breakpoint
INSERT INTO "seller_subscriptions" ("seller_id", "plan_slug", "billing_cycle", "period_start", "period_end", "status", "amount_paid")
  SELECT "id", "plan_code", 'monthly', now(), now() + interval '1 month', 'active', 0 FROM "sellers" WHERE "plan_code" <> 'free';
