-- Line sheets are cached per variant (language and money unit), side by side (issue #22).
ALTER TABLE "magazine_line_sheets" ADD COLUMN "variant" text DEFAULT 'fa-rial' NOT NULL;--> statement-breakpoint
ALTER TABLE "magazine_line_sheets" DROP CONSTRAINT "magazine_line_sheets_pkey";--> statement-breakpoint
ALTER TABLE "magazine_line_sheets" ADD CONSTRAINT "magazine_line_sheets_magazine_id_variant_pk" PRIMARY KEY("magazine_id","variant");
