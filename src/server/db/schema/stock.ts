import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { stockMovementKinds } from '~/lib/domain-enums'
import { skus } from './catalog'
import { stockImports } from './imports'
import { orders } from './orders'
import { sellers, users } from './people'

export const stockMovementKindEnum = pgEnum('stock_movement_kind', stockMovementKinds)

/**
 * The stock ledger: append-only, one row per change of a SKU's stock. A SKU's remaining_quantity
 * always equals the sum of its deltas (the writers in features/inventory/stock-ledger.server.ts
 * keep it so, and the tests sum it after every kind of movement).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    kind: stockMovementKindEnum('kind').notNull(),
    delta: integer('delta').notNull(),
    /** The SKU's stock right after this movement. */
    resultingQuantity: integer('resulting_quantity').notNull(),
    /** Who moved it; null for the system (an expired order, the seed). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A reason code (stockAdjustReasons for manual changes, e.g. `opening_stock` for the first row). */
    reason: text('reason'),
    note: text('note'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    importId: integer('import_id').references(() => stockImports.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_sku_idx').on(t.skuId, t.id),
    index('stock_movements_order_idx').on(t.orderId),
    index('stock_movements_import_idx').on(t.importId),
    check('stock_movements_delta_nonzero', sql`${t.delta} <> 0`),
    check('stock_movements_resulting_non_negative', sql`${t.resultingQuantity} >= 0`),
  ],
)

/**
 * A SKU's stock fell below its low-stock threshold: written once per fall (a movement from at or
 * above the threshold to below it), so the seller gets one SMS and one dashboard notice, not one per
 * order. The next fall after stock is back at or above the threshold writes a new row.
 */
export const lowStockAlerts = pgTable(
  'low_stock_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    /** The movement that took stock below the threshold. */
    movementId: bigint('movement_id', { mode: 'number' }).references(() => stockMovements.id, {
      onDelete: 'set null',
    }),
    quantity: integer('quantity').notNull(),
    threshold: integer('threshold').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('low_stock_alerts_seller_idx').on(t.sellerId, t.createdAt),
    index('low_stock_alerts_sku_idx').on(t.skuId),
  ],
)
