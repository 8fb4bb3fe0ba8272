CREATE TYPE "public"."payout_batch_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."payout_line_status" AS ENUM('in_transit', 'paid', 'failed');--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"period" text NOT NULL,
	"status" "payout_batch_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	CONSTRAINT "payout_batches_period_shape" CHECK ("payout_batches"."period" ~ '^[0-9]{4}-W[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"sheba" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"reference" text GENERATED ALWAYS AS ('OMD-P' || id::text) STORED NOT NULL,
	"status" "payout_line_status" DEFAULT 'in_transit' NOT NULL,
	"bank_tracking" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" integer,
	CONSTRAINT "payout_lines_amount_positive" CHECK ("payout_lines"."amount" > 0),
	CONSTRAINT "payout_lines_sheba_shape" CHECK ("payout_lines"."sheba" ~ '^IR[0-9]{24}$'),
	CONSTRAINT "payout_lines_settled_shape" CHECK (("payout_lines"."status" = 'in_transit' and "payout_lines"."settled_at" is null)
        or ("payout_lines"."status" = 'paid' and "payout_lines"."settled_at" is not null and "payout_lines"."bank_tracking" is not null)
        or ("payout_lines"."status" = 'failed' and "payout_lines"."settled_at" is not null and "payout_lines"."failure_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_period_key" ON "payout_batches" USING btree ("period");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_batch_seller_key" ON "payout_lines" USING btree ("batch_id","seller_id");--> statement-breakpoint
CREATE INDEX "payout_lines_seller_idx" ON "payout_lines" USING btree ("seller_id","id" DESC NULLS LAST);