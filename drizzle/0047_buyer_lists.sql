CREATE TABLE "buyer_list_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyer_list_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"list_id" integer NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_list_lines_quantity_range" CHECK ("buyer_list_lines"."quantity" between 1 and 100000),
	CONSTRAINT "buyer_list_lines_sku_length" CHECK (char_length("buyer_list_lines"."sku") between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "buyer_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buyer_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_lists_name_length" CHECK (char_length("buyer_lists"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "buyer_list_lines" ADD CONSTRAINT "buyer_list_lines_list_id_buyer_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."buyer_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_lists" ADD CONSTRAINT "buyer_lists_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_list_lines_list_sku_key" ON "buyer_list_lines" USING btree ("list_id","sku");--> statement-breakpoint
CREATE INDEX "buyer_list_lines_list_position_idx" ON "buyer_list_lines" USING btree ("list_id","position","id");--> statement-breakpoint
CREATE INDEX "buyer_lists_owner_idx" ON "buyer_lists" USING btree ("owner_user_id","id");