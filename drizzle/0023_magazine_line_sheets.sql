CREATE TABLE "magazine_line_sheets" (
	"magazine_id" integer PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"media_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"rendered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "magazine_line_sheets" ADD CONSTRAINT "magazine_line_sheets_magazine_id_magazines_id_fk" FOREIGN KEY ("magazine_id") REFERENCES "public"."magazines"("id") ON DELETE cascade ON UPDATE no action;