CREATE TABLE "observer_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "observer_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"cellphone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "observer_invitations" ADD CONSTRAINT "observer_invitations_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observer_invitations" ADD CONSTRAINT "observer_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "observer_invitations_seller_idx" ON "observer_invitations" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "observer_invitations_one_pending_per_cellphone" ON "observer_invitations" USING btree ("cellphone") WHERE "observer_invitations"."accepted_at" is null;