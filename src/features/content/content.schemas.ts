import * as v from 'valibot'
import { idSchema, textSchema, trimUserText } from '~/lib/schema-pieces'
import { stripBidiControls } from '~/lib/bidi-controls'
import type { ContentKind } from '~/lib/ticket-enums'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

const REQUIRED = () => m.content_field_required()

/** Help pages, guides and the FAQ: inputs shared by the admin editor and the server. */

/** `label` is a message, called when a value is checked (the request's or page's locale). */
const text = (label: () => string, min: number, max: number) =>
  v.pipe(
    v.string(REQUIRED),
    trimUserText(),
    v.nonEmpty(REQUIRED),
    v.minLength(min, () => m.content_field_min_length({ label: label(), min: formatNumber(min) })),
    v.maxLength(max, () => m.content_field_max_length({ label: label(), max: formatNumber(max) })),
  )

/**
 * A Persian text beside an English one. Empty (or null) clears it, and the English shows in its
 * place; left out, the stored one stays as it is (a client that only knows the English fields does
 * not wipe the Persian). Bounded like the English one when given.
 */
const persianText = (label: () => string, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((value) => stripBidiControls(value ?? '').trim()),
      v.check(
        (value) => value === '' || value.length >= min,
        () => m.content_field_min_length({ label: label(), min: formatNumber(min) }),
      ),
      v.maxLength(max, () => m.content_field_max_length({ label: label(), max: formatNumber(max) })),
      v.transform((value) => value || null),
    ),
  )

export const slugSchema = v.pipe(
  v.string(REQUIRED),
  v.regex(/^[a-z0-9-]{1,80}$/, () => m.content_error_unknown_page()),
)

export const pageSlugInput = v.object({ slug: slugSchema })

export const updatePageInput = v.object({
  slug: slugSchema,
  title: text(m.content_page_title, 2, 120),
  description: text(m.content_page_meta_description, 20, 300),
  body: text(m.content_field_content, 20, 60_000),
  title_fa: persianText(m.content_page_title_fa, 2, 120),
  description_fa: persianText(m.content_page_meta_description_fa, 20, 300),
  body_fa: persianText(m.content_field_content_fa, 20, 60_000),
})

export const faqEntryInput = v.object({
  id: v.optional(idSchema),
  group: text(m.content_faq_group, 2, 60),
  question: text(m.content_faq_question, 5, 300),
  answer: text(m.content_field_answer, 5, 5000),
  group_fa: persianText(m.content_faq_group_fa, 2, 60),
  question_fa: persianText(m.content_faq_question_fa, 5, 300),
  answer_fa: persianText(m.content_field_answer_fa, 5, 5000),
  position: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000)), 0),
})

export const faqDeleteInput = v.object({ id: idSchema })

export const helpSearchInput = v.object({
  q: v.pipe(
    textSchema(200),
    v.maxLength(100, () => m.content_search_max_length({ max: formatNumber(100) })),
  ),
})

export type UpdatePageInput = v.InferOutput<typeof updatePageInput>
export type FaqEntryInput = v.InferOutput<typeof faqEntryInput>

/** A page or guide in the reader's locale (Persian in fa when it has one, else the English). */
export interface ContentPage {
  slug: string
  kind: ContentKind
  audience: string | null
  title: string
  description: string
  body: string
  updated_at: string
}

/** `/admin/content`: a page as shown in the admin's locale plus both texts, for the editor. */
export interface EditableContentPage extends ContentPage {
  title_en: string
  description_en: string
  body_en: string
  title_fa: string | null
  description_fa: string | null
  body_fa: string | null
}

/** A FAQ entry in the reader's locale (Persian in fa when it has one, else the English). */
export interface FaqEntry {
  id: number
  group: string
  question: string
  answer: string
  position: number
  updated_at: string
}

/** `/admin/content/questions`: an entry as shown plus both texts, for the editor. */
export interface EditableFaqEntry extends FaqEntry {
  group_en: string
  question_en: string
  answer_en: string
  group_fa: string | null
  question_fa: string | null
  answer_fa: string | null
}

export interface HelpSearchHit {
  kind: 'faq' | 'guide'
  title: string
  snippet: string
  href: string
}

/** The pages with their own route; guides are sections of /guides. */
export const pageRoutes = {
  about: '/about',
  'privacy-policy': '/privacy-policy',
  'terms-and-conditions': '/terms-and-conditions',
  faq: '/faq',
  guides: '/guides',
  'help-center': '/help-center',
  contact: '/contact',
} as const
export type PageSlug = keyof typeof pageRoutes
