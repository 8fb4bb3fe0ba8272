import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { now } from '~/server/clock.server'
import { selectRows, type DbOrTx } from '~/server/db/client.server'

/**
 * A magazine's figures for its seller (issue #18), read from the first-party analytics events
 * stored under the magazine's public path: `magazine_page_viewed` (one per page a visitor actually
 * saw, props `page`) and `cart_item_added` (props `sku`, from the item's add or "add this page").
 * The window is the last 30 days, as on the magazines list.
 */

export const MAGAZINE_STATS_DAYS = 30

export const statsSince = (at = now()) => new Date(at.getTime() - MAGAZINE_STATS_DAYS * 86_400_000)

export interface MagazinePageStats {
  /** Views per magazine page id. */
  pageViews: Map<number, number>
  /** Basket adds per SKU code. */
  skuAdds: Map<string, number>
}

export async function magazinePageStats(db: DbOrTx, identify: string): Promise<MagazinePageStats> {
  const path = `/magazine/${identify}`
  const since = statsSince().toISOString()
  const views = await selectRows<{ page: string | null; n: number }>(
    db,
    sql`
      select e.props->>'page' as page, count(*)::int as n
      from analytics_events e
      where e.name = 'magazine_page_viewed' and e.path = ${path} and e.received_at >= ${since}::timestamptz
      group by 1
    `,
  )
  const adds = await selectRows<{ sku: string | null; n: number }>(
    db,
    sql`
      select e.props->>'sku' as sku, count(*)::int as n
      from analytics_events e
      where e.name = 'cart_item_added' and e.path = ${path} and e.received_at >= ${since}::timestamptz
      group by 1
    `,
  )
  const pageViews = new Map<number, number>()
  for (const row of views) {
    const id = Number(row.page)
    if (Number.isInteger(id) && id > 0) pageViews.set(id, Number(row.n))
  }
  const skuAdds = new Map<string, number>()
  for (const row of adds) if (row.sku) skuAdds.set(row.sku, Number(row.n))
  return { pageViews, skuAdds }
}
