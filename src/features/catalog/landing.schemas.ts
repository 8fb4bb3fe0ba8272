import * as v from 'valibot'
import { productSearchSchema, SLUG_PATTERN } from './catalog.schemas'
import type { ProductCard } from './catalog.types'

/**
 * Landing page blocks as stored (JSON in landing_pages.blocks). Text is plain text: paragraphs
 * split on blank lines, rendered as text nodes, so an editor cannot inject markup.
 */
const slugList = v.pipe(v.array(v.pipe(v.string(), v.regex(SLUG_PATTERN))), v.maxLength(48))

export const landingBlockSchema = v.variant('type', [
  v.object({
    type: v.literal('text'),
    heading: v.optional(v.pipe(v.string(), v.maxLength(200))),
    body: v.pipe(v.string(), v.maxLength(10_000)),
  }),
  v.object({
    type: v.literal('products'),
    heading: v.pipe(v.string(), v.maxLength(200)),
    /** A listing search (e.g. a category, discounted only) ... */
    search: v.optional(productSearchSchema),
    /** ... or hand-picked products, in this order. */
    slugs: v.optional(slugList),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24)), 12),
  }),
  v.object({
    type: v.literal('categories'),
    heading: v.pipe(v.string(), v.maxLength(200)),
    slugs: slugList,
  }),
])
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
