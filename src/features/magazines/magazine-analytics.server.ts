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
  // One pass over the magazine's events: page views keyed by page id, basket adds by SKU code.
  const rows = await selectRows<{ name: string; key: string | null; n: number }>(
    db,
    sql`
      select e.name,
        case when e.name = 'magazine_page_viewed' then e.props->>'page' else e.props->>'sku' end as key,
        count(*)::int as n
      from analytics_events e
      where e.name in ('magazine_page_viewed', 'cart_item_added') and e.path = ${path}
        and e.received_at >= ${since}::timestamptz
      group by 1, 2
    `,
  )
  const pageViews = new Map<number, number>()
  const skuAdds = new Map<string, number>()
  for (const row of rows) {
    if (!row.key) continue
    if (row.name === 'cart_item_added') skuAdds.set(row.key, Number(row.n))
    else {
      const id = Number(row.key)
      if (Number.isInteger(id) && id > 0) pageViews.set(id, Number(row.n))
    }
  }
  return { pageViews, skuAdds }
}
