import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { requestScope, type RequestScope } from '~/server/log.server'

/**
 * Reads of `listing_counts` (schema/listings.ts): listed products per category, brand and store and
 * the browse facets' counts, kept by triggers on `product_listings` in the transaction of every
 * listing change. A read sums a handful of rows per key, so it costs the same at 100 or 100,000
 * products, and it is exact: no memo across requests is needed in front of it.
 */

type CountRow = { scope: number; facet: string; value: number; n: number }

const intArray = (ids: readonly number[]) => {
  if (!ids.every(Number.isSafeInteger)) throw new TypeError('ids must be integers')
  return `{${ids.join(',')}}`
}

/**
 * `categoryCounts` already asked in this request, per database handle. A listing page asks twice
 * (the header's category tree and the listing's facets), one statement of six (issue #21). Only a
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

export interface ScopeCounts {
  total: number
  brands: Map<number, number>
  inStock: number
  discount: number
  /** Listings per MOQ value. */
  moq: Map<number, number>
}

/** Every count of one scope: 0 for the whole catalogue, else a category (and everything below it). */
export async function scopeCounts(db: DbOrTx, scope: number): Promise<ScopeCounts> {
  const rows = await selectRows<CountRow>(
    db,
    sql`select facet, value, sum(n)::int as n from listing_counts
        where scope = ${scope} and facet <> 'store' group by facet, value having sum(n) <> 0`,
  )
  const counts: ScopeCounts = { total: 0, brands: new Map(), inStock: 0, discount: 0, moq: new Map() }
  for (const row of rows) {
    const n = Number(row.n)
    const value = Number(row.value)
    if (row.facet === 'all') counts.total = n
    else if (row.facet === 'brand') counts.brands.set(value, n)
    else if (row.facet === 'in_stock') counts.inStock = n
    else if (row.facet === 'discount') counts.discount = n
    else if (row.facet === 'moq') counts.moq.set(value, n)
  }
  return counts
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

/**
 * Lowest and highest card price of the listings in these leaf-or-inner categories (every category
 * id of the subtree), or of the whole catalogue when null: index probes on (category_id, price).
 */
export async function priceRange(
  db: DbOrTx,
  categoryIds: readonly number[] | null,
): Promise<{ min: number; max: number } | null> {
  const [row] = await selectRows<{ lo: string | number | null; hi: string | number | null }>(
    db,
    categoryIds === null
      ? sql`select min(price) as lo, max(price) as hi from product_listings`
      : sql`select min(r.lo) as lo, max(r.hi) as hi from unnest(${intArray(categoryIds)}::int[]) as c(id)
            cross join lateral (
              select min(price) as lo, max(price) as hi from product_listings where category_id = c.id
            ) r`,
  )
  return row && row.lo !== null && row.hi !== null ? { min: Number(row.lo), max: Number(row.hi) } : null
}
