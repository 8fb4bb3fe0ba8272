import * as v from 'valibot'
import { productSearchSchema, SLUG_PATTERN } from './catalog.schemas'
import type { ProductCard } from './catalog.types'
import { m } from '~/lib/messages'
import { stripBidiControls } from '~/lib/bidi-controls'
import { formatNumber } from '~/lib/money'

/**
 * Landing page blocks as stored (JSON in landing_pages.blocks). Text is plain text: paragraphs
 * split on blank lines, rendered as text nodes, so an editor cannot inject markup.
 */
const slugList = v.pipe(
  v.array(
    v.pipe(
      v.string(() => m.magazines_landing_err_slug_text()),
      v.regex(SLUG_PATTERN, () => m.magazines_landing_err_slugs_pattern()),
    ),
    () => m.magazines_landing_err_slugs_list(),
  ),
  v.maxLength(48, () => m.magazines_landing_err_slugs_max({ max: formatNumber(48) })),
)
const heading = v.pipe(
  v.string(() => m.magazines_landing_err_heading_text()),
  v.transform(stripBidiControls),
  v.maxLength(200, () => m.magazines_landing_err_heading_max({ max: formatNumber(200) })),
)
const LIMIT_WHOLE = () => m.magazines_landing_err_limit_whole({ min: formatNumber(1), max: formatNumber(24) })

// The messages are for the admin editor (which validates with this same schema); what passes is
// exactly what the public page can render.
export const landingBlockSchema = v.variant(
  'type',
  [
    v.object({
      type: v.literal('text'),
      heading: v.optional(heading),
      body: v.pipe(
        v.string(() => m.magazines_landing_err_body_text()),
        v.transform(stripBidiControls),
        v.maxLength(10_000, () => m.magazines_landing_err_body_max({ max: formatNumber(10_000) })),
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
          v.number(LIMIT_WHOLE),
          v.integer(LIMIT_WHOLE),
          v.minValue(1, () => m.magazines_landing_err_limit_min({ min: formatNumber(1) })),
          v.maxValue(24, () => m.magazines_landing_err_limit_max({ max: formatNumber(24) })),
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
  () => m.magazines_landing_err_block_type(),
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
