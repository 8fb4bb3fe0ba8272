CREATE TABLE "membership_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"yearly_price" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_offers_price_positive" CHECK ("membership_offers"."yearly_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "plus_memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plus_memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" "subscription_status" NOT NULL,
	"purchase_id" integer NOT NULL,
	"amount_paid" bigint NOT NULL,
	"reminder_7_sent_at" timestamp with time zone,
	"reminder_1_sent_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plus_memberships_period" CHECK ("plus_memberships"."period_end" > "plus_memberships"."period_start")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_non_negative";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_paid_by_platform" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plus_memberships" ADD CONSTRAINT "plus_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plus_memberships" ADD CONSTRAINT "plus_memberships_purchase_id_platform_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."platform_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_offers_slug_key" ON "membership_offers" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "plus_memberships_purchase_key" ON "plus_memberships" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "plus_memberships_user_idx" ON "plus_memberships" USING btree ("user_id","period_end");--> statement-breakpoint
CREATE INDEX "plus_memberships_open_end_idx" ON "plus_memberships" USING btree ("period_end") WHERE "plus_memberships"."status" in ('active', 'scheduled');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_non_negative" CHECK ("orders"."subtotal" >= 0 and "orders"."discount" >= 0 and "orders"."delivery_fee" >= 0 and "orders"."vat" >= 0
        and "orders"."delivery_paid_by_platform" >= 0);--> statement-breakpoint
INSERT INTO "membership_offers" ("slug", "yearly_price") VALUES ('plus', 19000000) ON CONFLICT ("slug") DO NOTHING;
