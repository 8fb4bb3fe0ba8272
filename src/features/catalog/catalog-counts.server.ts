import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { requestScope, type RequestScope } from '~/server/log.server'

/**
 * Reads of `listing_counts` (schema/listings.ts): listed products per category, brand and store and
 * the browse facets' counts (the listing's facets read them in catalog-facets), kept by triggers on `product_listings` in the transaction of every
 * listing change. A read sums a handful of rows per key, so it costs the same at 100 or 100,000
 * products, and it is exact: no memo across requests is needed in front of it.
 */

type CountRow = { scope: number; facet: string; value: number; n: number }

/**
 * `categoryCounts` already asked in this request, per database handle: a page may ask more than
 * once (the header's category tree, a landing's categories). Only a
 * request that changed nothing shares the answer, so a read after a seller's or admin's change
 * (it records an audit event) still reads afresh; a transaction is its own handle.
 */
const askedInRequest = new WeakMap<RequestScope, WeakMap<DbOrTx, Promise<Map<number, number>>>>()

/** Listed products per category (a product counts in its category and every ancestor). */
export function categoryCounts(db: DbOrTx): Promise<Map<number, number>> {
  const scope = requestScope.getStore()
  if (!scope || scope.recordedChange) return readCategoryCounts(db)
  let asked = askedInRequest.get(scope)
  if (!asked) askedInRequest.set(scope, (asked = new WeakMap()))
  let counts = asked.get(db)
  if (!counts) {
    counts = readCategoryCounts(db)
    asked.set(db, counts)
    counts.catch(() => asked.delete(db))
  }
  return counts
}

async function readCategoryCounts(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await selectRows<{ id: number; n: number }>(
    db,
    sql`select scope as id, sum(n)::int as n from listing_counts
        where facet = 'all' and scope <> 0 group by scope having sum(n) <> 0`,
  )
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]))
}

/**
 * Folds each key's rows into one. The triggers append a row per key and statement, so without this
 * the table would grow with every change; run by the periodic listing refresh. Keys whose rows sum
 * to zero go. Rows appended meanwhile by other transactions are not seen, so they stay as they are.
 */
export async function compactListingCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    with folded as (
      select scope, facet, value from listing_counts group by scope, facet, value having count(*) > 1 or sum(n) = 0
    ),
    gone as (
      delete from listing_counts c using folded f
      where c.scope = f.scope and c.facet = f.facet and c.value = f.value
      returning c.scope, c.facet, c.value, c.n
    )
    insert into listing_counts (scope, facet, value, n)
    select scope, facet, value, sum(n)::int from gone group by scope, facet, value having sum(n) <> 0
  `)
}

/** The same counts straight from the listings: what the tests compare the maintained ones with. */
export async function recountListingCounts(db: DbOrTx): Promise<CountRow[]> {
  return selectRows<CountRow>(
    db,
    sql`select k.scope, k.facet, k.value, count(*)::int as n from product_listings r,
          listing_count_keys(r.category_path, r.brand_id, r.store_ids, r.in_stock, r.discount, r.moq) k
        group by 1, 2, 3 order by 1, 2, 3`,
  )
}

/** The maintained counts as they stand, one row per key, in the order of `recountListingCounts`. */
export async function readListingCounts(db: DbOrTx): Promise<CountRow[]> {
  return selectRows<CountRow>(
    db,
    sql`select scope, facet, value, sum(n)::int as n from listing_counts
        group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`,
  )
}
