ALTER TABLE "brands" ADD COLUMN "name_fa" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_fa" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_fa" text;--> statement-breakpoint
-- Hand-written (keep when regenerating): the search folding of src/lib/search-fold.ts, for the
-- documents and the vocabulary the words a buyer types are matched against. Persian and Arabic
-- letter forms to one, Persian and Arabic digits to ASCII, vowel marks, tatweel and the joiner
-- removed, the non-joiner a word break. A test compares it with foldSearchText.
CREATE OR REPLACE FUNCTION search_normalize(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT regexp_replace(
      translate(t, 'يىئكةۀھأإآؤ۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩' || U&'\200C',
        'یییکهههاااو01234567890123456789 '),
      U&'[\064B-\065F\0670\0640\200D]', '', 'g')
  $$;
