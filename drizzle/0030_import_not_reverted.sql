ALTER TYPE "public"."import_row_result" ADD VALUE 'not_reverted';--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "not_reverted_reason" text;