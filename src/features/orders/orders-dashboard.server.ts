import '@tanstack/react-start/server-only'
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { textInLocale } from '~/lib/i18n'
import { now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { DbOrTx } from '~/server/db/client.server'
import { lowStockAlerts, orders, products, skus, stores } from '~/server/db/schema'
import type { SellerDashboard } from './orders.schemas'
import { tehranMonthStart, tehranWeekStart } from '~/lib/tehran-time'

/** How many low-stock SKUs the dashboard lists (the count says how many there are in all). */
const LOW_STOCK_SHOWN = 8
/** Low-stock alerts of the last days the dashboard shows as notices (newest first). */
const ALERT_DAYS = 7
const ALERTS_SHOWN = 5

/**
 * /seller: what waits for the seller, what it sold, what runs out. Revenue is the sum of order
 * totals (goods, delivery and VAT) of orders paid since the start of the week (from Saturday) / month in Tehran, minus
 * those later rejected or cancelled (their money goes back to the buyer).
 */
export async function getSellerDashboard(db: DbOrTx, auth: AuthContext | null): Promise<SellerDashboard> {
  const { sellerId } = requireApprovedSeller(auth)
  const at = now()
  const weekStart = tehranWeekStart(at)
  const monthStart = tehranMonthStart(at)
  const since = weekStart < monthStart ? weekStart : monthStart
  const currency = serverConfig().money.currency
  const lowStockWhere = and(
    eq(stores.sellerId, sellerId),
    eq(skus.alwaysAvailable, false),
    eq(skus.status, 'active'),
    lt(skus.remainingQuantity, skus.lowStockThreshold),
  )
  const [open, [revenue], lowStock, [lowStockTotal], alerts] = await Promise.all([
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(and(eq(orders.sellerId, sellerId), inArray(orders.status, ['paid', 'accepted', 'shipped'])))
      .groupBy(orders.status),
    db
      .select({
        week: sql<string>`coalesce(sum(${orders.total} + ${orders.deliveryPaidByPlatform}) filter (where ${orders.paidAt} >= ${weekStart.toISOString()}::timestamptz), 0)`,
        month: sql<string>`coalesce(sum(${orders.total} + ${orders.deliveryPaidByPlatform}) filter (where ${orders.paidAt} >= ${monthStart.toISOString()}::timestamptz), 0)`,
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
        productNameFa: products.nameFa,
        storeName: stores.name,
        storeNameFa: stores.nameFa,
        remaining: skus.remainingQuantity,
      })
      .from(skus)
      .innerJoin(stores, eq(stores.id, skus.storeId))
      .innerJoin(products, eq(products.id, skus.productId))
      .where(lowStockWhere)
      .orderBy(asc(skus.remainingQuantity), asc(skus.sku))
      .limit(LOW_STOCK_SHOWN),
    db.select({ n: count() }).from(skus).innerJoin(stores, eq(stores.id, skus.storeId)).where(lowStockWhere),
    // The notices: each fall below a SKU's alert level (one per fall, as the SMS), still low now.
    db
      .select({
        id: lowStockAlerts.id,
        sku: skus.sku,
        productName: products.name,
        productNameFa: products.nameFa,
        quantity: lowStockAlerts.quantity,
        threshold: lowStockAlerts.threshold,
        at: lowStockAlerts.createdAt,
      })
      .from(lowStockAlerts)
      .innerJoin(skus, eq(skus.id, lowStockAlerts.skuId))
      .innerJoin(products, eq(products.id, skus.productId))
      .where(
        and(
          eq(lowStockAlerts.sellerId, sellerId),
          gte(lowStockAlerts.createdAt, new Date(at.getTime() - ALERT_DAYS * 86_400_000)),
          eq(skus.alwaysAvailable, false),
          lt(skus.remainingQuantity, skus.lowStockThreshold),
        ),
      )
      .orderBy(desc(lowStockAlerts.id))
      .limit(ALERTS_SHOWN),
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
      product_name: textInLocale(row.productName, row.productNameFa),
      store_name: textInLocale(row.storeName, row.storeNameFa),
      remaining_quantity: row.remaining,
    })),
    low_stock_total: lowStockTotal?.n ?? 0,
    low_stock_alerts: alerts.map((row) => ({
      id: row.id,
      sku: row.sku,
      product_name: textInLocale(row.productName, row.productNameFa),
      quantity: row.quantity,
      threshold: row.threshold,
      at: row.at.toISOString(),
    })),
  }
}
