CREATE TABLE "commission_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commission_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"month" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"customer" jsonb NOT NULL,
	"commission" bigint NOT NULL,
	"vat_percent" integer NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_invoices_total_adds_up" CHECK ("commission_invoices"."total" = "commission_invoices"."commission" + "commission_invoices"."vat"),
	CONSTRAINT "commission_invoices_commission_positive" CHECK ("commission_invoices"."commission" > 0 and "commission_invoices"."vat" >= 0),
	CONSTRAINT "commission_invoices_month_format" CHECK ("commission_invoices"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "commission_invoices" ADD CONSTRAINT "commission_invoices_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_invoices_seller_month_key" ON "commission_invoices" USING btree ("seller_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_invoices_number_key" ON "commission_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_invoices_year_sequence_key" ON "commission_invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "commission_invoices_seller_idx" ON "commission_invoices" USING btree ("seller_id","issued_at");--> statement-breakpoint
-- Hand-added: an issued commission invoice is a record, never changed or removed (a correction is a
-- later invoice), like the ledger it is drawn from.
CREATE FUNCTION "commission_invoices_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'commission_invoices is append-only: invoice % cannot be %', OLD."number", lower(TG_OP)
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "commission_invoices_append_only" BEFORE UPDATE OR DELETE ON "commission_invoices"
  FOR EACH ROW EXECUTE FUNCTION "commission_invoices_append_only"();
