import '@tanstack/react-start/server-only'
import { and, asc, count, eq, gte, inArray, isNotNull, lte, notInArray, sql } from 'drizzle-orm'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { DbOrTx } from '~/server/db/client.server'
import { orders, products, skus, stores } from '~/server/db/schema'
import { LOW_STOCK_THRESHOLD, type SellerDashboard } from './orders.schemas'

/** How many low-stock SKUs the dashboard lists (the count says how many there are in all). */
const LOW_STOCK_SHOWN = 8

/** Monday 00:00 UTC of the week `at` falls in (ISO weeks start on Monday). */
export function utcWeekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  const sinceMonday = (day.getUTCDay() + 6) % 7
  return new Date(day.getTime() - sinceMonday * 86_400_000)
}

export const utcMonthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1))

/**
 * /seller: what waits for the seller, what it sold, what runs out. Revenue is the sum of order
 * totals (goods, delivery and VAT) of orders paid since the start of the UTC week / month, minus
 * those later rejected or cancelled (their money goes back to the buyer).
 */
export async function getSellerDashboard(db: DbOrTx, auth: AuthContext | null): Promise<SellerDashboard> {
  const { sellerId } = requireApprovedSeller(auth)
  const at = now()
  const weekStart = utcWeekStart(at)
  const monthStart = utcMonthStart(at)
  const since = weekStart < monthStart ? weekStart : monthStart
  const currency = serverConfig().money.currency
  const lowStockWhere = and(
    eq(stores.sellerId, sellerId),
    eq(skus.alwaysAvailable, false),
    eq(skus.status, 'active'),
    lte(skus.remainingQuantity, LOW_STOCK_THRESHOLD),
  )
  const [open, [revenue], lowStock, [lowStockTotal]] = await Promise.all([
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(and(eq(orders.sellerId, sellerId), inArray(orders.status, ['paid', 'accepted', 'shipped'])))
      .groupBy(orders.status),
    db
      .select({
        week: sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.paidAt} >= ${weekStart.toISOString()}::timestamptz), 0)`,
        month: sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.paidAt} >= ${monthStart.toISOString()}::timestamptz), 0)`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.sellerId, sellerId),
          eq(orders.currency, currency),
          isNotNull(orders.paidAt),
          gte(orders.paidAt, since),
          notInArray(orders.status, ['rejected', 'cancelled']),
        ),
      ),
    db
      .select({
        sku: skus.sku,
        productName: products.name,
        storeName: stores.name,
        remaining: skus.remainingQuantity,
      })
      .from(skus)
      .innerJoin(stores, eq(stores.id, skus.storeId))
      .innerJoin(products, eq(products.id, skus.productId))
      .where(lowStockWhere)
      .orderBy(asc(skus.remainingQuantity), asc(skus.sku))
      .limit(LOW_STOCK_SHOWN),
    db.select({ n: count() }).from(skus).innerJoin(stores, eq(stores.id, skus.storeId)).where(lowStockWhere),
  ])
  const waiting = (status: 'paid' | 'accepted' | 'shipped') =>
    open.find((row) => row.status === status)?.n ?? 0
  return {
    to_act: { accept: waiting('paid'), ship: waiting('accepted'), deliver: waiting('shipped') },
    revenue: {
      week: Number(revenue?.week ?? 0),
      month: Number(revenue?.month ?? 0),
      currency,
      week_start: weekStart.toISOString(),
      month_start: monthStart.toISOString(),
    },
    low_stock: lowStock.map((row) => ({
      sku: row.sku,
      product_name: row.productName,
      store_name: row.storeName,
      remaining_quantity: row.remaining,
    })),
    low_stock_total: lowStockTotal?.n ?? 0,
  }
}
