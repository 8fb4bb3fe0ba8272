CREATE TABLE "credit_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"buyer_user_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"business_name" text NOT NULL,
	"economic_code" text NOT NULL,
	"national_id" text NOT NULL,
	"expected_monthly_volume" bigint NOT NULL,
	"trade_references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_applications_status" CHECK ("credit_applications"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "credit_applications_economic_code_shape" CHECK ("credit_applications"."economic_code" ~ '^[0-9]{10,14}$'),
	CONSTRAINT "credit_applications_national_id_shape" CHECK ("credit_applications"."national_id" ~ '^[0-9]{10,11}$'),
	CONSTRAINT "credit_applications_volume" CHECK ("credit_applications"."expected_monthly_volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"buyer_user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"due_day" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"reminded_days_before" integer,
	CONSTRAINT "credit_invoices_amount" CHECK ("credit_invoices"."amount" > 0),
	CONSTRAINT "credit_invoices_paid" CHECK ("credit_invoices"."paid_amount" >= 0 and "credit_invoices"."paid_amount" <= "credit_invoices"."amount"),
	CONSTRAINT "credit_invoices_due_day_shape" CHECK ("credit_invoices"."due_day" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "credit_invoices_status" CHECK ("credit_invoices"."status" in ('open', 'paid', 'overdue', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "credit_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"buyer_user_id" integer NOT NULL,
	"limit_rials" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"cheques_allowed" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_terms_limit" CHECK ("credit_terms"."limit_rials" > 0),
	CONSTRAINT "credit_terms_days" CHECK ("credit_terms"."term_days" between 1 and 365),
	CONSTRAINT "credit_terms_cheques" CHECK ("credit_terms"."cheques_allowed" in (0, 1)),
	CONSTRAINT "credit_terms_status" CHECK ("credit_terms"."status" in ('active', 'frozen', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_invoices" ADD CONSTRAINT "credit_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_invoices" ADD CONSTRAINT "credit_invoices_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_invoices" ADD CONSTRAINT "credit_invoices_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_terms" ADD CONSTRAINT "credit_terms_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_terms" ADD CONSTRAINT "credit_terms_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_applications_seller_idx" ON "credit_applications" USING btree ("seller_id","status","created_at");--> statement-breakpoint
CREATE INDEX "credit_applications_buyer_idx" ON "credit_applications" USING btree ("buyer_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_applications_one_pending" ON "credit_applications" USING btree ("buyer_user_id","seller_id") WHERE "credit_applications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_invoices_order_key" ON "credit_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "credit_invoices_seller_buyer_idx" ON "credit_invoices" USING btree ("seller_id","buyer_user_id","status");--> statement-breakpoint
CREATE INDEX "credit_invoices_buyer_idx" ON "credit_invoices" USING btree ("buyer_user_id","status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_terms_seller_buyer_key" ON "credit_terms" USING btree ("seller_id","buyer_user_id");--> statement-breakpoint
CREATE INDEX "credit_terms_buyer_idx" ON "credit_terms" USING btree ("buyer_user_id");