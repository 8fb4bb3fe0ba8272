import '@tanstack/react-start/server-only'
import { and, count, countDistinct, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { DbOrTx } from '~/server/db/client.server'
import { analyticsEvents, orders } from '~/server/db/schema'
import { tehranDaySql } from '~/server/db/tehran-day.server'
import { now } from '~/server/clock.server'
import { tehranDays } from '~/lib/tehran-time'
import { m } from '~/lib/messages'
import type { AnalyticsOverview, DashboardRange, FunnelStep } from './admin.schemas'

const ROUTES_SHOWN = 15

/** The browser's basket steps, each counted as the visits that reached it. */
const BROWSER_STEPS = [
  { key: 'viewed', label: () => m.admin_funnel_viewed(), event: 'cart_viewed' },
  { key: 'added', label: () => m.admin_funnel_added(), event: 'cart_item_added' },
  { key: 'checkout', label: () => m.admin_funnel_checkout(), event: 'cart_proceed_to_checkout' },
] as const

/**
 * A page path as a route: ids, numbers and slugs after a known section become placeholders, so
 * `/product/green-tea-12` and `/product/black-tea` count as one route. Query strings are dropped.
 */
export function routeOf(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/'
  const parts = bare.split('/').filter(Boolean)
  const out = parts.map((part, i) => {
    if (/^\d+$/.test(part)) return '$id'
    const section = parts[i - 1]
    if (section && DETAIL_SECTIONS.has(section) && i === 1) return '$slug'
    return part
  })
  return `/${out.join('/')}`
}
const DETAIL_SECTIONS = new Set(['product', 'store', 'category', 'magazine', 'landing', 'payment'])

/**
 * /admin/analytics over the last 30 or 90 Tehran days, by the time the server received each event.
 * The funnel's browser steps count distinct visits (a tab's random id); orders placed and paid come
 * from the orders themselves (placed in the period; of those, paid), since those happen on the server.
 */
export async function getAnalyticsOverview(
  db: DbOrTx,
  auth: AuthContext | null,
  input: { days?: DashboardRange },
): Promise<AnalyticsOverview> {
  requireAdmin(auth)
  const days = (input.days ?? 30) as DashboardRange
  const { start, labels } = tehranDays(days, now())
  const inPeriod = gte(analyticsEvents.receivedAt, start)
  const day = tehranDaySql(analyticsEvents.receivedAt)
  const [perDay, byName, visits, [placed], views] = await Promise.all([
    db
      .select({
        day,
        events: count(),
        pageViews: sql<number>`(count(*) filter (where ${analyticsEvents.name} = 'page_view'))::int`,
      })
      .from(analyticsEvents)
      .where(inPeriod)
      .groupBy(day),
    db
      .select({ name: analyticsEvents.name, n: count() })
      .from(analyticsEvents)
      .where(inPeriod)
      .groupBy(analyticsEvents.name)
      .orderBy(desc(count()), analyticsEvents.name),
    db
      .select({ name: analyticsEvents.name, n: countDistinct(analyticsEvents.visitId) })
      .from(analyticsEvents)
      .where(
        and(
          inPeriod,
          inArray(
            analyticsEvents.name,
            BROWSER_STEPS.map((s) => s.event),
          ),
        ),
      )
      .groupBy(analyticsEvents.name),
    db
      .select({
        placed: count(),
        paid: sql<number>`(count(*) filter (where ${isNotNull(orders.paidAt)}))::int`,
      })
      .from(orders)
      .where(gte(orders.createdAt, start)),
    db
      .select({ path: analyticsEvents.path, n: count() })
      .from(analyticsEvents)
      .where(and(inPeriod, eq(analyticsEvents.name, 'page_view')))
      .groupBy(analyticsEvents.path),
  ])

  const byDay = new Map(perDay.map((r) => [r.day, r]))
  const visitsOf = new Map(visits.map((r) => [r.name, r.n]))
  const counts: Array<Omit<FunnelStep, 'from_previous'>> = [
    ...BROWSER_STEPS.map((s) => ({
      key: s.key,
      label: s.label(),
      unit: 'visits' as const,
      count: visitsOf.get(s.event) ?? 0,
    })),
    { key: 'placed', label: m.admin_funnel_placed(), unit: 'orders', count: placed?.placed ?? 0 },
    { key: 'paid', label: m.admin_funnel_paid(), unit: 'orders', count: Number(placed?.paid ?? 0) },
  ]
  const funnel = counts.map((step, i): FunnelStep => {
    const previous = i > 0 ? counts[i - 1]!.count : 0
    return { ...step, from_previous: i === 0 || previous === 0 ? null : step.count / previous }
  })

  const routes = new Map<string, number>()
  for (const row of views) routes.set(routeOf(row.path), (routes.get(routeOf(row.path)) ?? 0) + row.n)
  return {
    days,
    from: labels[0]!,
    to: labels.at(-1)!,
    per_day: labels.map((label) => ({
      day: label,
      events: byDay.get(label)?.events ?? 0,
      page_views: Number(byDay.get(label)?.pageViews ?? 0),
    })),
    by_name: byName.map((r) => ({ name: r.name, count: r.n })),
    funnel,
    page_views_by_route: [...routes]
      .map(([route, n]) => ({ route, count: n }))
      .sort((a, b) => b.count - a.count || a.route.localeCompare(b.route))
      .slice(0, ROUTES_SHOWN),
    total_events: byName.reduce((total, r) => total + r.n, 0),
  }
}
