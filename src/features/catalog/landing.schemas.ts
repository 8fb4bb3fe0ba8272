import * as v from 'valibot'
import { productSearchSchema, SLUG_PATTERN } from './catalog.schemas'
import type { ProductCard } from './catalog.types'

/**
 * Landing page blocks as stored (JSON in landing_pages.blocks). Text is plain text: paragraphs
 * split on blank lines, rendered as text nodes, so an editor cannot inject markup.
 */
const slugList = v.pipe(
  v.array(
    v.pipe(
      v.string('Each slug must be text'),
      v.regex(SLUG_PATTERN, 'Slugs use lowercase letters, digits and single hyphens, e.g. "paper"'),
    ),
    'Give a list of slugs',
  ),
  v.maxLength(48, 'At most 48 slugs in one block'),
)
const heading = v.pipe(
  v.string('The heading must be text'),
  v.maxLength(200, 'Headings are at most 200 characters'),
)

// The messages are for the admin editor (which validates with this same schema); what passes is
// exactly what the public page can render.
export const landingBlockSchema = v.variant(
  'type',
  [
    v.object({
      type: v.literal('text'),
      heading: v.optional(heading),
      body: v.pipe(
        v.string('The body must be text'),
        v.maxLength(10_000, 'Text is at most 10,000 characters'),
      ),
    }),
    v.object({
      type: v.literal('products'),
      heading,
      /** A listing search (e.g. a category, discounted only) ... */
      search: v.optional(productSearchSchema),
      /** ... or hand-picked products, in this order. */
      slugs: v.optional(slugList),
      limit: v.optional(
        v.pipe(
          v.number('Show a whole number of products, 1 to 24'),
          v.integer('Show a whole number of products, 1 to 24'),
          v.minValue(1, 'Show at least 1 product'),
          v.maxValue(24, 'Show at most 24 products'),
        ),
        12,
      ),
    }),
    v.object({
      type: v.literal('categories'),
      heading,
      slugs: slugList,
    }),
  ],
  'A block is text, products or categories',
)
export type LandingBlockInput = v.InferInput<typeof landingBlockSchema>
export type LandingBlock = v.InferOutput<typeof landingBlockSchema>

export interface LandingCategory {
  slug: string
  name: string
  image: string | null
  productCount: number
}

/** A block ready to render: product and category lists resolved to cards. */
export type ResolvedLandingBlock =
  | { type: 'text'; heading: string | null; paragraphs: string[] }
  | { type: 'products'; heading: string; products: ProductCard[]; moreHref: string | null }
  | { type: 'categories'; heading: string; categories: LandingCategory[] }

export interface LandingPage {
  slug: string
  title: string
  summary: string
  heroImage: string | null
  blocks: ResolvedLandingBlock[]
  updatedAt: string
}
