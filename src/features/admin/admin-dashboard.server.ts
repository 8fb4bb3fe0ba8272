import '@tanstack/react-start/server-only'
import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { DbOrTx } from '~/server/db/client.server'
import { categories, orderLines, orders, products, sellers, tickets, users } from '~/server/db/schema'
import { DEAD_LETTER_QUEUE } from '~/server/jobs/job-catalog.server'
import { tehranDaySql } from '~/server/db/tehran-day.server'
import { JOBS_SCHEMA, jobQueue } from '~/server/jobs/jobs.server'
import { tehranDays } from '~/lib/tehran-time'
import type { AdminDashboard, DashboardDay, DashboardInput, DashboardRange } from './admin.schemas'

const TOP_SHOWN = 5

/** Dead letters waiting for an administrator (what /admin/jobs lists). */
async function countFailedJobs(): Promise<number> {
  const { rows } = await jobQueue()
    .getDb()
    .executeSql(
      `select count(*)::int as n from ${JOBS_SCHEMA}.job where name = $1 and state in ('created', 'retry')`,
      [DEAD_LETTER_QUEUE],
    )
  return Number((rows[0] as { n: number } | undefined)?.n ?? 0)
}

/**
 * /admin: the marketplace at a glance. Each figure counts exactly what the list it links to shows
 * (admin-dashboard.tsx): GMV and paid orders are orders by payment date (/admin/orders?dates=paid),
 * orders placed by creation date, new buyers the `role=buyer` users (no seller, observer or admin
 * role) who joined in the period, new sellers the seller records (any status) created in it
 * (/admin/sellers?since=).
 * over the last 30 or 90 Tehran days. GMV is the sum of the totals
 * (goods after offers, delivery and VAT) of orders paid in the period, in the configured currency,
 * whatever happened to them afterwards (a gross figure: refunds are not taken off).
 */
export async function getAdminDashboard(
  db: DbOrTx,
  auth: AuthContext | null,
  input: DashboardInput,
): Promise<AdminDashboard> {
  requireAdmin(auth)
  const days = (input.days ?? 30) as DashboardRange
  const { start, labels } = tehranDays(days, now())
  const currency = serverConfig().money.currency
  const paidInPeriod = and(isNotNull(orders.paidAt), gte(orders.paidAt, start), eq(orders.currency, currency))
  const paidDay = tehranDaySql(orders.paidAt)
  const placedDay = tehranDaySql(orders.createdAt)

  const [paidRows, placedRows, [buyers], [newSellers], [pending], [open], topCategories, topSellers, failed] =
    await Promise.all([
      db
        .select({ day: paidDay, gmv: sql<string>`sum(${orders.total})`, n: count() })
        .from(orders)
        .where(paidInPeriod)
        .groupBy(paidDay),
      db
        .select({ day: placedDay, n: count() })
        .from(orders)
        .where(gte(orders.createdAt, start))
        .groupBy(placedDay),
      db
        .select({ n: count() })
        .from(users)
        .where(
          and(
            gte(users.createdAt, start),
            eq(users.isSeller, false),
            eq(users.isObserver, false),
            eq(users.isAdmin, false),
          ),
        ),
      db.select({ n: count() }).from(sellers).where(gte(sellers.createdAt, start)),
      db.select({ n: count() }).from(sellers).where(eq(sellers.status, 'pending')),
      db.select({ n: count() }).from(tickets).where(eq(tickets.status, 'open')),
      db
        .select({
          id: categories.id,
          name: categories.name,
          slug: categories.slug,
          gmv: sql<string>`sum(${orderLines.lineTotal})`,
          orders: sql<number>`count(distinct ${orders.id})::int`,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .innerJoin(products, eq(products.id, orderLines.productId))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(paidInPeriod)
        .groupBy(categories.id)
        .orderBy(desc(sql`sum(${orderLines.lineTotal})`), categories.id)
        .limit(TOP_SHOWN),
      db
        .select({
          id: sellers.id,
          name: sellers.displayName,
          gmv: sql<string>`sum(${orders.total})`,
          orders: count(),
        })
        .from(orders)
        .innerJoin(sellers, eq(sellers.id, orders.sellerId))
        .where(paidInPeriod)
        .groupBy(sellers.id)
        .orderBy(desc(sql`sum(${orders.total})`), sellers.id)
        .limit(TOP_SHOWN),
      countFailedJobs(),
    ])

  const paidByDay = new Map(paidRows.map((r) => [r.day, r]))
  const placedByDay = new Map(placedRows.map((r) => [r.day, r.n]))
  const series: DashboardDay[] = labels.map((day) => ({
    day,
    gmv: Number(paidByDay.get(day)?.gmv ?? 0),
    paid: paidByDay.get(day)?.n ?? 0,
    placed: placedByDay.get(day) ?? 0,
  }))
  const sum = (pick: (d: DashboardDay) => number) => series.reduce((total, d) => total + pick(d), 0)
  return {
    days,
    from: labels[0]!,
    to: labels.at(-1)!,
    currency,
    series,
    totals: {
      gmv: sum((d) => d.gmv),
      placed: sum((d) => d.placed),
      paid: sum((d) => d.paid),
      new_buyers: buyers?.n ?? 0,
      new_sellers: newSellers?.n ?? 0,
    },
    pending_applications: pending?.n ?? 0,
    open_tickets: open?.n ?? 0,
    failed_jobs: failed,
    top_categories: topCategories.map((r) => ({ ...r, gmv: Number(r.gmv), orders: Number(r.orders) })),
    top_sellers: topSellers.map((r) => ({ ...r, slug: null, gmv: Number(r.gmv) })),
  }
}
