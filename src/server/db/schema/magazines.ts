import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { skus } from './catalog'
import { magazineLayoutEnum, magazineStatusEnum } from './enums'
import { sellers } from './people'

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/**
 * A seller's magazine (issue #18): a catalogue of its own SKUs in pages. Public at
 * /magazine/{identify} while published and before its order cut-off.
 */
export const magazines = pgTable(
  'magazines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    identify: text('identify').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The cover image's url (the media pipeline's widest variant); null: no cover. */
    cover: text('cover'),
    season: text('season').notNull().default(''),
    /** After this moment the magazine shows as expired and its items cannot be added from it. */
    cutoffAt: timestamp('cutoff_at', { withTimezone: true }),
    status: magazineStatusEnum('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('magazines_identify_key').on(t.identify),
    index('magazines_seller_idx').on(t.sellerId, t.createdAt),
    index('magazines_published_idx').on(t.status, t.publishedAt),
  ],
)

export const magazinePages = pgTable(
  'magazine_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    magazineId: integer('magazine_id')
      .notNull()
      .references(() => magazines.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull().default(''),
    layout: magazineLayoutEnum('layout').notNull().default('4'),
    createdAt,
  },
  (t) => [index('magazine_pages_magazine_idx').on(t.magazineId, t.position)],
)

export const magazineItems = pgTable(
  'magazine_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pageId: integer('page_id')
      .notNull()
      .references(() => magazinePages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    createdAt,
  },
  (t) => [
    index('magazine_items_page_idx').on(t.pageId, t.position),
    index('magazine_items_sku_idx').on(t.skuId),
    check('magazine_items_note_length', sql`char_length(${t.note}) <= 200`),
  ],
)

/**
 * The cached PDF line sheets of a magazine, one per variant (the language and money unit it is
 * drawn in, e.g. `fa-rial`, `en-toman`), so readers of each are served from the cache side by
 * side: the bytes live in media storage under `mediaKey`; `fingerprint` hashes everything the
 * sheet prints (the magazine, its items, their prices, tiers and stock state, the seller's
 * contact, the variant), so a change to any of them makes it stale.
 */
export const magazineLineSheets = pgTable(
  'magazine_line_sheets',
  {
    magazineId: integer('magazine_id')
      .notNull()
      .references(() => magazines.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull().default('fa-rial'),
    fingerprint: text('fingerprint').notNull(),
    mediaKey: text('media_key').notNull(),
    bytes: integer('bytes').notNull(),
    renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.magazineId, t.variant] })],
)
