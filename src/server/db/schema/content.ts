import { jsonb, pgEnum, pgTable, text, timestamp, integer, uniqueIndex } from 'drizzle-orm/pg-core'
import { landingPageStatuses } from '~/lib/domain-enums'

export const landingPageStatusEnum = pgEnum('landing_page_status', landingPageStatuses)

/**
 * Marketing pages at /landing/{slug}, edited by admins: a hero and an ordered list of blocks
 * (text, product lists, category lists). The block JSON is validated when read
 * (`landingBlockSchema` in the catalogue feature), so a bad block is skipped, never rendered raw.
 */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** The meta description and the hero's subheading. */
    summary: text('summary').notNull().default(''),
    heroImage: text('hero_image'),
    blocks: jsonb('blocks').$type<unknown[]>().notNull().default([]),
    status: landingPageStatusEnum('status').notNull().default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('landing_pages_slug_key').on(t.slug)],
)
