CREATE TYPE "public"."ledger_account_kind" AS ENUM('gateway_clearing', 'seller_pending', 'seller_available', 'payouts_in_transit', 'commission_revenue', 'vat_payable', 'delivery_subsidy', 'platform_sales', 'refunds_payable', 'buyer_receivable', 'cheques_in_hand');--> statement-breakpoint
CREATE TABLE "commission_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commission_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer,
	"rate_bp" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "commission_rates_rate_range" CHECK ("commission_rates"."rate_bp" >= 0 and "commission_rates"."rate_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "ledger_account_kind" NOT NULL,
	"seller_id" integer,
	"buyer_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"memo" text,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"seller_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_lines_amount_nonzero" CHECK ("ledger_lines"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "commission_discount_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "commission_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "commission_amount" bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "commission_vat" bigint;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rates_category_key" ON "commission_rates" USING btree (coalesce("category_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_kind_owner_key" ON "ledger_accounts" USING btree ("kind",coalesce("seller_id", 0),coalesce("buyer_user_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_reference_idx" ON "ledger_entries" USING btree ("reference_type","reference_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_seller_statement_idx" ON "ledger_lines" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ledger_lines"."seller_id" is not null;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_commission_discount_range" CHECK ("plans"."commission_discount_bp" >= 0 and "plans"."commission_discount_bp" <= 10000);--> statement-breakpoint
-- Hand-added: the default commission rate (5 %), which the admin can change later.
INSERT INTO "commission_rates" ("category_id", "rate_bp") VALUES (NULL, 500);
--> statement-breakpoint
-- Hand-added: the ledger is append-only (issue #38, like the stock ledger): entries and lines are
-- never changed, deleted or truncated; a correction is a new entry. The one exception is the entry's
-- actor_user_id, cleared by its foreign key when that user is deleted.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'ledger_entries is append-only: it cannot be truncated'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger_entries is append-only: entry % cannot be deleted', OLD."id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW."id", NEW."kind", NEW."reference_type", NEW."reference_id", NEW."idempotency_key", NEW."memo", NEW."created_at")
       IS NOT DISTINCT FROM (OLD."id", OLD."kind", OLD."reference_type", OLD."reference_id", OLD."idempotency_key", OLD."memo", OLD."created_at")
     AND (NEW."actor_user_id" IS NOT DISTINCT FROM OLD."actor_user_id"
          OR (NEW."actor_user_id" IS NULL AND NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."actor_user_id")))
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger_entries is append-only: entry % cannot be changed', OLD."id"
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE FUNCTION "ledger_lines_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'ledger_lines is append-only: it cannot be truncated'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RAISE EXCEPTION 'ledger_lines is append-only: line % cannot be %', OLD."id", lower(TG_OP)
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_lines_append_only" BEFORE UPDATE OR DELETE ON "ledger_lines"
  FOR EACH ROW EXECUTE FUNCTION "ledger_lines_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_lines_no_truncate" BEFORE TRUNCATE ON "ledger_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_lines_append_only"();
--> statement-breakpoint
-- Hand-added: every entry balances. Checked at commit (deferred), once all of an entry's lines are
-- in: its lines sum to zero and there are at least two. An entry written without lines fails too.
CREATE FUNCTION "ledger_entry_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The entry's id: the column named by the trigger's argument (entry_id on a line, id on an entry).
  entry bigint := (to_jsonb(NEW) ->> TG_ARGV[0])::bigint;
  total numeric;
  lines integer;
BEGIN
  SELECT coalesce(sum("amount"), 0), count(*) INTO total, lines FROM "ledger_lines" WHERE "entry_id" = entry;
  IF lines < 2 THEN
    RAISE EXCEPTION 'ledger entry % has % line(s); an entry needs at least two', entry, lines
      USING ERRCODE = 'check_violation';
  END IF;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance: its lines sum to %', entry, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_lines_balanced" AFTER INSERT ON "ledger_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_entry_balanced"('entry_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_entry_balanced"('id');
