import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from './people'

/**
 * A buyer's saved lists (issue #41): named lists of SKUs with default quantities ("Weekly kitchen"),
 * private to their owner. A line keeps the SKU's code, not its id, so a SKU that is retired stays
 * on the list (shown as no longer on offer) instead of vanishing.
 */
export const buyerLists = pgTable(
  'buyer_lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('buyer_lists_owner_idx').on(t.ownerUserId, t.id),
    check('buyer_lists_name_length', sql`char_length(${t.name}) between 1 and 80`),
  ],
)

export const buyerListLines = pgTable(
  'buyer_list_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listId: integer('list_id')
      .notNull()
      .references(() => buyerLists.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    /** The line's place in the list (0 first); the buyer reorders lines. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('buyer_list_lines_list_sku_key').on(t.listId, t.sku),
    index('buyer_list_lines_list_position_idx').on(t.listId, t.position, t.id),
    check('buyer_list_lines_quantity_range', sql`${t.quantity} between 1 and 100000`),
    check('buyer_list_lines_sku_length', sql`char_length(${t.sku}) between 1 and 64`),
  ],
)
