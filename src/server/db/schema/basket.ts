import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { skus } from './catalog'
import { sellers, users } from './people'

const at = (name: string) => timestamp(name, { withTimezone: true })

/**
 * The signed-in basket (spec §3): one cart per buyer per seller. Prices are not stored: they are
 * computed from the applicable tier whenever the basket is read, so a cart never goes stale.
 */
export const carts = pgTable(
  'carts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carts_buyer_seller_key').on(t.buyerUserId, t.sellerId)],
)

/** A SKU in a cart, at most once per cart (adding it again adds to the quantity). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    // A SKU that is deleted outright leaves the basket too; the client reports it as a deleted item.
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_cart_sku_key').on(t.cartId, t.skuId),
    index('cart_items_sku_idx').on(t.skuId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
    check('cart_items_quantity_at_most_100000', sql`${t.quantity} <= 100000`),
  ],
)

/**
 * Idempotency keys of basket fills (the guest basket merged after sign-in). A fill retried with a
 * key already stored for the user changes nothing, so a lost response never doubles quantities.
 */
export const basketFillKeys = pgTable(
  'basket_fill_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('basket_fill_keys_created_idx').on(t.createdAt)],
)
