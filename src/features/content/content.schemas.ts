import * as v from 'valibot'
import { idSchema, textSchema } from '~/lib/schema-pieces'
import { REQUIRED } from '~/features/auth/auth.schemas'
import type { ContentKind } from '~/lib/ticket-enums'

/** Help pages, guides and the FAQ: inputs shared by the admin editor and the server. */

const text = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(REQUIRED),
    v.trim(),
    v.nonEmpty(REQUIRED),
    v.minLength(min, `${label} must be at least ${min} characters`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  )

export const slugSchema = v.pipe(v.string(REQUIRED), v.regex(/^[a-z0-9-]{1,80}$/, 'Unknown page'))

export const pageSlugInput = v.object({ slug: slugSchema })

export const updatePageInput = v.object({
  slug: slugSchema,
  title: text('Title', 2, 120),
  description: text('Meta description', 20, 300),
  body: text('Content', 20, 60_000),
})

export const faqEntryInput = v.object({
  id: v.optional(idSchema),
  group: text('Group', 2, 60),
  question: text('Question', 5, 300),
  answer: text('Answer', 5, 5000),
  position: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000)), 0),
})

export const faqDeleteInput = v.object({ id: idSchema })

export const helpSearchInput = v.object({
  q: v.pipe(textSchema(200), v.maxLength(100, 'Search must be at most 100 characters')),
})

export type UpdatePageInput = v.InferOutput<typeof updatePageInput>
export type FaqEntryInput = v.InferOutput<typeof faqEntryInput>

export interface ContentPage {
  slug: string
  kind: ContentKind
  audience: string | null
  title: string
  description: string
  body: string
  updated_at: string
}

export interface FaqEntry {
  id: number
  group: string
  question: string
  answer: string
  position: number
  updated_at: string
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
