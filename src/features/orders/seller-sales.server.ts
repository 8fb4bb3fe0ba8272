import '@tanstack/react-start/server-only'
import { and, count, desc, eq, gte, isNotNull, notInArray, sql } from 'drizzle-orm'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { DbOrTx } from '~/server/db/client.server'
import { orderLines, orders } from '~/server/db/schema'
import { tehranDaySql } from '~/server/db/tehran-day.server'
import { textInLocale } from '~/lib/i18n'
import { tehranDays } from '~/lib/tehran-time'
import type { SellerSales, SellerSalesInput, TopSku } from './seller-sales.schemas'

const TOP_SHOWN = 5

/**
 * /seller's charts: sales per day, orders per status and the best-selling SKUs over the last 30 or
 * 90 Tehran days. Sales count orders paid in the period and not later rejected or cancelled (that
 * money went back to the buyer), as the dashboard's revenue figures do.
 */
export async function getSellerSales(
  db: DbOrTx,
  auth: AuthContext | null,
  input: SellerSalesInput,
): Promise<SellerSales> {
  const { sellerId } = requireApprovedSeller(auth)
  const days = input.days ?? 30
  const { start, labels } = tehranDays(days, now())
  const currency = serverConfig().money.currency
  const sold = and(
    eq(orders.sellerId, sellerId),
    eq(orders.currency, currency),
    isNotNull(orders.paidAt),
    gte(orders.paidAt, start),
    notInArray(orders.status, ['rejected', 'cancelled']),
  )
  const day = tehranDaySql(orders.paidAt)
  const units = sql<string>`sum(${orderLines.quantity})`
  const revenue = sql<string>`sum(${orderLines.lineTotal})`
  const topSkus = (order: typeof units) =>
    db
      .select({
        sku: orderLines.sku,
        name: sql<string>`max(${orderLines.productName})`,
        nameFa: sql<string | null>`max(${orderLines.productNameFa})`,
        units,
        revenue,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(sold)
      .groupBy(orderLines.sku)
      .orderBy(desc(order), orderLines.sku)
      .limit(TOP_SHOWN)
  const [perDay, statuses, byUnits, byRevenue] = await Promise.all([
    db
      .select({
        day,
        sales: sql<string>`sum(${orders.total} + ${orders.deliveryPaidByPlatform})`,
        n: count(),
      })
      .from(orders)
      .where(sold)
      .groupBy(day),
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(and(eq(orders.sellerId, sellerId), gte(orders.createdAt, start)))
      .groupBy(orders.status),
    topSkus(units),
    topSkus(revenue),
  ])
  const byDay = new Map(perDay.map((r) => [r.day, r]))
  const top = (rows: typeof byUnits): TopSku[] =>
    rows.map((r) => ({
      sku: r.sku,
      product_name: textInLocale(r.name, r.nameFa),
      units: Number(r.units),
      revenue: Number(r.revenue),
    }))
  return {
    days,
    from: labels[0]!,
    to: labels.at(-1)!,
    currency,
    series: labels.map((label) => ({
      day: label,
      sales: Number(byDay.get(label)?.sales ?? 0),
      orders: byDay.get(label)?.n ?? 0,
    })),
    by_status: statuses.map((r) => ({ status: r.status, count: r.n })).sort((a, b) => b.count - a.count),
    top_by_units: top(byUnits),
    top_by_revenue: top(byRevenue),
  }
}
