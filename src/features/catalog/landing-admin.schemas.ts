import * as v from 'valibot'
import { INT4_MAX } from '~/lib/schema-pieces'
import { landingPageStatuses, type LandingPageStatus } from '~/lib/domain-enums'
import { SLUG_PATTERN } from './catalog.schemas'
import { landingBlockSchema, type LandingBlock } from './landing.schemas'

/**
 * /admin/landing: what an admin may save. Blocks are checked with the public page's own
 * `landingBlockSchema`, so nothing the page cannot render gets stored; on top of it come the
 * editorial rules the renderer does not need (a heading on list blocks, something to list).
 */

export const LANDING_SLUG_MAX = 100
export const LANDING_TITLE = { min: 3, max: 120 } as const
export const LANDING_SUMMARY = { min: 20, max: 300 } as const
export const LANDING_MAX_BLOCKS = 30
export const SLUG_TAKEN = 'This slug is taken'
export const STALE_EDIT =
  'Someone else saved this landing page after you opened it. Reload the page to see their version.'

const text = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(`Enter the ${label.toLowerCase()}`),
    v.trim(),
    v.nonEmpty(`Enter the ${label.toLowerCase()}`),
    v.minLength(min, `${label} must be at least ${min} characters`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  )

export const landingSlugSchema = v.pipe(
  v.string('Enter a slug'),
  v.trim(),
  v.nonEmpty('Enter a slug'),
  v.maxLength(LANDING_SLUG_MAX, `The slug must be at most ${LANDING_SLUG_MAX} characters`),
  v.regex(SLUG_PATTERN, 'Use lowercase letters, digits and single hyphens, e.g. spring-sale'),
)

/** A path on this site (/media/..., /images/...) or an https address the image endpoint may fetch. */
const heroImageSchema = v.nullable(
  v.pipe(
    v.string('The hero image must be text'),
    v.trim(),
    v.maxLength(500, 'The image address must be at most 500 characters'),
    v.regex(
      /^(?:\/(?!\/)\S*|https:\/\/\S+)$/,
      'Use a path on this site (starting with /) or an https:// address',
    ),
  ),
)

const hasText = (value: string | undefined) => !!value && value.trim().length > 0

/** The render schema plus the editorial rules; issues point at the field to fix. */
const editableBlockSchema = v.pipe(
  landingBlockSchema,
  v.forward(
    v.check((b) => b.type === 'text' || hasText(b.heading), 'Give this block a heading'),
    ['heading'],
  ),
  v.forward(
    v.check((b) => b.type !== 'text' || hasText(b.body), 'Write the text of this block'),
    ['body'],
  ),
  v.forward(
    v.check(
      (b) =>
        b.type === 'text' || (b.type === 'categories' ? b.slugs.length > 0 : !b.slugs || b.slugs.length > 0),
      'List at least one slug',
    ),
    ['slugs'],
  ),
)

export const landingPageInput = v.object({
  slug: landingSlugSchema,
  title: text('Title', LANDING_TITLE.min, LANDING_TITLE.max),
  summary: text('Summary', LANDING_SUMMARY.min, LANDING_SUMMARY.max),
  hero_image: v.optional(heroImageSchema, null),
  status: v.picklist(landingPageStatuses, 'Choose draft or published'),
  blocks: v.pipe(
    v.array(editableBlockSchema, 'Blocks must be a list'),
    v.maxLength(LANDING_MAX_BLOCKS, `At most ${LANDING_MAX_BLOCKS} blocks on one page`),
  ),
})

const idSchema = v.pipe(
  v.number('Unknown landing page'),
  v.integer('Unknown landing page'),
  v.minValue(1, 'Unknown landing page'),
  v.maxValue(INT4_MAX, 'Unknown landing page'),
)

export const landingIdInput = v.object({ id: idSchema })

export const updateLandingInput = v.object({
  id: idSchema,
  ...landingPageInput.entries,
  /** When the editor loaded the page: a later save by someone else is a 409, not a silent overwrite. */
  expected_updated_at: v.optional(v.pipe(v.string(), v.isoTimestamp('Unknown version'))),
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
