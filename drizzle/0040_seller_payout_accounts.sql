ALTER TYPE "public"."one_time_code_purpose" ADD VALUE 'payout_account';--> statement-breakpoint
CREATE TABLE "seller_payout_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_payout_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"sheba" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by_user_id" integer,
	"payouts_held_until" timestamp with time zone,
	CONSTRAINT "seller_payout_accounts_sheba_shape" CHECK ("seller_payout_accounts"."sheba" ~ '^IR[0-9]{24}$'),
	CONSTRAINT "seller_payout_accounts_bank_code_shape" CHECK ("seller_payout_accounts"."bank_code" ~ '^[0-9]{3}$'),
	CONSTRAINT "seller_payout_accounts_holder_name_length" CHECK (char_length("seller_payout_accounts"."holder_name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "seller_payout_accounts" ADD CONSTRAINT "seller_payout_accounts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_payout_accounts" ADD CONSTRAINT "seller_payout_accounts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_payout_accounts_seller_idx" ON "seller_payout_accounts" USING btree ("seller_id","created_at","id");--> statement-breakpoint
-- Hand-added: the payout account history is written once per registration and never rewritten (a
-- change is a new row), so a redirected payout always leaves its trace. Only the account's author
-- may be cleared (ON DELETE SET NULL of a deleted user); rows go with their seller (cascade).
CREATE FUNCTION "seller_payout_accounts_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'seller_payout_accounts is append-only: register a new account instead';
END $$;--> statement-breakpoint
CREATE TRIGGER "seller_payout_accounts_append_only"
  BEFORE UPDATE OF "seller_id", "sheba", "holder_name", "bank_code", "created_at", "payouts_held_until"
  ON "seller_payout_accounts" FOR EACH ROW EXECUTE FUNCTION "seller_payout_accounts_refuse_update"();
