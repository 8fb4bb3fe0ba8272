-- Persian text beside the English for help pages, guides, the FAQ and plans (issue #22): shown in
-- the fa locale, the English is the fallback while a Persian column is empty.
ALTER TABLE "plans" ADD COLUMN "name_fa" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "description_fa" text;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "title_fa" text;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "description_fa" text;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "body_fa" text;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "group_name_fa" text;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "question_fa" text;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "answer_fa" text;--> statement-breakpoint
-- Hand-written (keep when regenerating): the Persian names of the plans 0022 seeded, only where an
-- admin has not renamed or redescribed them since (then the English they wrote stays the fallback).
UPDATE "plans" SET "name_fa" = CASE "slug" WHEN 'free' THEN 'رایگان' WHEN 'pro' THEN 'حرفه‌ای' ELSE 'تجاری' END
  WHERE "name_fa" IS NULL AND ("slug", "name") IN (('free', 'Free'), ('pro', 'Pro'), ('business', 'Business'));--> statement-breakpoint
UPDATE "plans" SET "description_fa" = CASE "slug"
    WHEN 'free' THEN 'شروع فروش: یک فروشگاه و سبدی کوچک از کالاها.'
    WHEN 'pro' THEN 'برای عمده‌فروشی که رو به رشد است: فروشگاه‌های بیشتر، سبد کامل کالا و کار تیمی.'
    ELSE 'برای پخش‌کنندگان: فروشگاه‌های متعدد، سبد کالای نامحدود و کاتالوگ.' END
  WHERE "description_fa" IS NULL AND ("slug", "description") IN (
    ('free', 'Start selling: one store and a small range.'),
    ('pro', 'For a growing wholesaler: more stores, a full range and a team.'),
    ('business', 'For distributors: many stores, an unlimited range and catalogues.'));
