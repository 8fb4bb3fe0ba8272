import * as v from 'valibot'
import { INT4_MAX, trimUserText } from '~/lib/schema-pieces'
import { landingPageStatuses, type LandingPageStatus } from '~/lib/domain-enums'
import { type LandingBlock, SLUG_PATTERN, landingBlockSchema } from '~/features/catalog'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/**
 * /admin/landing: what an admin may save. Blocks are checked with the public page's own
 * `landingBlockSchema`, so nothing the page cannot render gets stored; on top of it come the
 * editorial rules the renderer does not need (a heading on list blocks, something to list).
 */

export const LANDING_SLUG_MAX = 100
export const LANDING_TITLE = { min: 3, max: 120 } as const
export const LANDING_SUMMARY = { min: 20, max: 300 } as const
export const LANDING_MAX_BLOCKS = 30
/** Messages are called when a value is checked, so they are in the request's (or page's) language. */
export const SLUG_TAKEN = () => m.magazines_landing_err_slug_taken()
export const STALE_EDIT = () => m.magazines_landing_err_stale()

const text = (
  messages: {
    missing: () => string
    min: (inputs: { min: string }) => string
    max: (inputs: { max: string }) => string
  },
  min: number,
  max: number,
) =>
  v.pipe(
    v.string(messages.missing),
    trimUserText(),
    v.nonEmpty(messages.missing),
    v.minLength(min, () => messages.min({ min: formatNumber(min) })),
    v.maxLength(max, () => messages.max({ max: formatNumber(max) })),
  )

export const landingSlugSchema = v.pipe(
  v.string(() => m.magazines_landing_err_slug_missing()),
  v.trim(),
  v.nonEmpty(() => m.magazines_landing_err_slug_missing()),
  v.maxLength(LANDING_SLUG_MAX, () =>
    m.magazines_landing_err_slug_max({ max: formatNumber(LANDING_SLUG_MAX) }),
  ),
  v.regex(SLUG_PATTERN, () => m.magazines_landing_err_slug_pattern()),
)

/** A path on this site (/media/..., /images/...) or an https address the image endpoint may fetch. */
const heroImageSchema = v.nullable(
  v.pipe(
    v.string(() => m.magazines_landing_err_hero_text()),
    v.trim(),
    v.maxLength(500, () => m.magazines_landing_err_hero_max({ max: formatNumber(500) })),
    v.regex(/^(?:\/(?!\/)\S*|https:\/\/\S+)$/, () => m.magazines_landing_err_hero_address()),
  ),
)

const hasText = (value: string | undefined) => !!value && value.trim().length > 0

/** The render schema plus the editorial rules; issues point at the field to fix. */
const editableBlockSchema = v.pipe(
  landingBlockSchema,
  v.forward(
    v.check(
      (b) => b.type === 'text' || hasText(b.heading),
      () => m.magazines_landing_err_block_heading(),
    ),
    ['heading'],
  ),
  v.forward(
    v.check(
      (b) => b.type !== 'text' || hasText(b.body),
      () => m.magazines_landing_err_block_body(),
    ),
    ['body'],
  ),
  v.forward(
    v.check(
      (b) =>
        b.type === 'text' || (b.type === 'categories' ? b.slugs.length > 0 : !b.slugs || b.slugs.length > 0),
      () => m.magazines_landing_err_block_slugs(),
    ),
    ['slugs'],
  ),
)

export const landingPageInput = v.object({
  slug: landingSlugSchema,
  title: text(
    {
      missing: m.magazines_landing_err_title_missing,
      min: m.magazines_landing_err_title_min,
      max: m.magazines_landing_err_title_max,
    },
    LANDING_TITLE.min,
    LANDING_TITLE.max,
  ),
  summary: text(
    {
      missing: m.magazines_landing_err_summary_missing,
      min: m.magazines_landing_err_summary_min,
      max: m.magazines_landing_err_summary_max,
    },
    LANDING_SUMMARY.min,
    LANDING_SUMMARY.max,
  ),
  hero_image: v.optional(heroImageSchema, null),
  status: v.picklist(landingPageStatuses, () => m.magazines_landing_err_status()),
  blocks: v.pipe(
    v.array(editableBlockSchema, () => m.magazines_landing_err_blocks_list()),
    v.maxLength(LANDING_MAX_BLOCKS, () =>
      m.magazines_landing_err_blocks_max({ max: formatNumber(LANDING_MAX_BLOCKS) }),
    ),
  ),
})

const UNKNOWN_PAGE = () => m.magazines_landing_err_unknown_page()
const idSchema = v.pipe(
  v.number(UNKNOWN_PAGE),
  v.integer(UNKNOWN_PAGE),
  v.minValue(1, UNKNOWN_PAGE),
  v.maxValue(INT4_MAX, UNKNOWN_PAGE),
)

export const landingIdInput = v.object({ id: idSchema })

export const updateLandingInput = v.object({
  id: idSchema,
  ...landingPageInput.entries,
  /** When the editor loaded the page: a later save by someone else is a 409, not a silent overwrite. */
  expected_updated_at: v.optional(
    v.pipe(
      v.string(),
      v.isoTimestamp(() => m.magazines_landing_err_unknown_version()),
    ),
  ),
})

export type LandingPageInput = v.InferOutput<typeof landingPageInput>
export type LandingPageRawInput = v.InferInput<typeof landingPageInput>
export type UpdateLandingInput = v.InferOutput<typeof updateLandingInput>

/** A row of the /admin/landing list. */
export interface AdminLandingSummary {
  id: number
  slug: string
  title: string
  status: LandingPageStatus
  updated_at: string
}

/** A landing page as the editor loads it. */
export interface AdminLandingPage extends AdminLandingSummary {
  summary: string
  hero_image: string | null
  /** The stored blocks the public page renders. */
  blocks: LandingBlock[]
  /** Stored blocks the public page skips (written before validation, or by hand): saving drops them. */
  unreadable_blocks: number
  created_at: string
}
