CREATE TYPE "public"."settlement_mode" AS ENUM('collect', 'split');--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"settlement_mode" "settlement_mode" DEFAULT 'collect' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "platform_settings_one_row" CHECK ("platform_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "split_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "split_iban" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_split_within_amount" CHECK ("payment_sessions"."split_amount" >= 0 and "payment_sessions"."split_amount" < "payment_sessions"."amount");--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_split_has_sheba" CHECK (("payment_sessions"."split_amount" = 0) = ("payment_sessions"."split_iban" is null));