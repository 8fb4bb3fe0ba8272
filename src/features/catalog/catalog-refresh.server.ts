import '@tanstack/react-start/server-only'
import { sql, type SQL } from 'drizzle-orm'
import type { OrderStatus } from '~/lib/domain-enums'
import { now } from '~/server/clock.server'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { hookRegistry } from '~/server/hook-registry.server'
import { chunks } from '~/lib/batches'
import { clearCatalogCache } from './catalog-cache.server'
import { compactListingCounts } from './catalog-counts.server'

/**
 * Maintains `product_listings`, the catalogue's read model (see schema/listings.ts), with set-based
 * SQL: one statement per batch of products computes every listed product's card from its live
 * offers and upserts it, and deletes the rows of products that are no longer listed.
 *
 * The pricing rules (docs/DOMAIN.md, "Catalogue"):
 * - a tier is valid when valid_from <= now < valid_to (valid_to null: open-ended);
 * - a live offer is an active SKU of an active store of an approved seller with a valid tier;
 * - an offer's entry tier is its valid tier with the lowest min_quantity; effective price is the
 *   offer price when > 0, else the unit price;
 * - a product is listed when it is active, not hidden by the admin, and has a live offer. Its card price is the lowest
 *   entry-tier effective price, its list price that tier's unit price when discounted (ties: lower
 *   unit price first), its MOQ the lowest entry-tier min_quantity, in stock when an offer has stock
 *   or is always available, discounted when an entry tier is, and store count = live offers.
 * - its popularity (`ordered_units_30d`, what the `popular` sort orders by first) is the units of it
 *   on order lines of orders paid in the last 30 days that still stand (POPULAR_ORDER_STATUSES):
 *   unpaid, expired, rejected and cancelled orders do not count.
 *
 * It also runs what features above the catalogue registered to follow a refresh of some products
 * (`onProductListingsRefreshed`): the magazines queue the PDF line sheets of the published
 * magazines holding these products (issue #18), so a sheet follows its prices, tiers and stock
 * without each writer having to know about magazines, and the catalogue imports no magazine code.
 *
 * Who calls it: the seed (everything), any change to products, SKUs, prices, stores or seller
 * status (`refreshProductListings(db, productIds)`, or `refreshListingsOfStores`), an order that
 * becomes paid or stops counting (`transitionOrder`), and a periodic job
 * (`refreshDueListings`) for tiers that start or end and orders that leave the 30-day window with
 * the passage of time.
 */

/**
 * Something that follows a refresh of some products' listings, in the refresh's transaction (the
 * magazines' line sheets print every tier, MOQ and stock state, not only the card).
 */
export type ListingsRefreshedHook = (db: DbOrTx, productIds: readonly number[]) => Promise<unknown>

// Filled at start by src/feature-hooks.server.ts.
const listingsRefreshedHooks = hookRegistry<string, ListingsRefreshedHook>('catalog.listings-refreshed')

/** Runs `hook` after every refresh of some products' listings (not the full rebuild), by name. */
export function onProductListingsRefreshed(name: string, hook: ListingsRefreshedHook): void {
  listingsRefreshedHooks.set(name, hook)
}

/** Products per statement: bounds the memory of one statement on PGlite and a server alike. */
const BATCH = 10_000
/** Words shorter than this are not worth correcting and make trigram matches noisy. */
const MIN_TERM_LENGTH = 3

/** How far back ordered units count towards a product's popularity. */
export const POPULAR_WINDOW_DAYS = 30
/** The states of an order that is paid and still stands: its units count towards popularity. */
export const POPULAR_ORDER_STATUSES = [
  'paid',
  'accepted',
  'shipped',
  'delivered',
  'completed',
] as const satisfies readonly OrderStatus[]

/** Whether an order in this state counts towards its products' popularity. */
export const countsTowardsPopularity = (status: OrderStatus): boolean =>
  (POPULAR_ORDER_STATUSES as readonly OrderStatus[]).includes(status)

// In hours, not days: a day interval on timestamptz follows the session's time zone across DST.
const POPULAR_WINDOW = sql.raw(`interval '${POPULAR_WINDOW_DAYS * 24} hours'`)
const POPULAR_STATUS_LIST = sql.raw(POPULAR_ORDER_STATUSES.map((s) => `'${s}'`).join(', '))

/** Restricts a statement to some products, given the SQL of a product id column. */
type Scope = (productId: SQL) => SQL

const idArray = (ids: readonly number[]) => {
  if (!ids.every(Number.isSafeInteger)) throw new TypeError('product ids must be integers')
  return `{${ids.join(',')}}`
}
const byIds =
  (ids: readonly number[]): Scope =>
  (column) =>
    sql`${column} = any(${idArray(ids)}::int[])`
const byRange =
  (lo: number, hi: number): Scope =>
  (column) =>
    sql`${column} between ${lo} and ${hi}`

/**
 * A product's search document: name A, brand B, category names C, description D, over a row of
 * `fresh`. Persian names join their English ones, folded as the words typed are (search_normalize).
 */
const searchDocument = sql`
  setweight(to_tsvector('english', f.name)
      || to_tsvector('simple', search_normalize(f.name || ' ' || coalesce(f.name_fa, ''))), 'A')
    || setweight(to_tsvector('english', coalesce(f.brand_name, ''))
      || to_tsvector('simple', search_normalize(coalesce(f.brand_name, '') || ' ' || coalesce(f.brand_name_fa, ''))), 'B')
    || setweight(to_tsvector('english', f.category_names) || to_tsvector('simple', search_normalize(f.category_names)), 'C')
    || setweight(to_tsvector('english', search_normalize(f.description)), 'D')`

function refreshStatement(scope: Scope, at: string, searchUnchanged = false): SQL {
  // Building search documents is most of a refresh's work: when nothing they are made of changed,
  // only products without one (newly listed) get one.
  const documentsOf = searchUnchanged
    ? sql`where not exists (select 1 from product_search d where d.product_id = f.product_id)`
    : sql``
  return sql`
    with recursive cat_tree as (
      select id, array[id] as path, concat_ws(' ', name, name_fa) as names from categories where parent_id is null
      union all
      select c.id, t.path || c.id, concat_ws(' ', t.names, c.name, c.name_fa) from categories c
      join cat_tree t on c.parent_id = t.id
    ),
    entry as (
      select distinct on (s.id)
        s.product_id, s.store_id, s.remaining_quantity, s.always_available,
        p.unit_price, p.offer_price, p.min_quantity,
        case when p.offer_price > 0 then p.offer_price else p.unit_price end as effective
      from skus s
      join stores st on st.id = s.store_id and st.status = 'active'
      join sellers se on se.id = st.seller_id and se.status = 'approved'
      join prices p on p.sku_id = s.id and p.valid_from <= ${at}::timestamptz
        and (p.valid_to is null or ${at}::timestamptz < p.valid_to)
      where s.status = 'active' and ${scope(sql.raw('s.product_id'))}
      order by s.id, p.min_quantity, case when p.offer_price > 0 then p.offer_price else p.unit_price end
    ),
    offers as (
      select product_id,
        min(effective) as price,
        (array_agg(case when offer_price > 0 then unit_price end order by effective, unit_price))[1] as list_price,
        min(min_quantity) as moq,
        bool_or(always_available or remaining_quantity > 0) as in_stock,
        bool_or(offer_price > 0) as discount,
        count(distinct store_id)::int as store_count,
        array_agg(distinct store_id) as store_ids
      from entry group by product_id
    ),
    -- Units in the popularity window, and when its oldest counted order leaves it.
    ordered as (
      select ol.product_id, sum(ol.quantity)::int as units, min(od.paid_at) + ${POPULAR_WINDOW} as due_at
      from order_lines ol
      join orders od on od.id = ol.order_id
      where ${scope(sql.raw('ol.product_id'))}
        and od.status in (${POPULAR_STATUS_LIST})
        and od.paid_at > ${at}::timestamptz - ${POPULAR_WINDOW}
      group by ol.product_id
    ),
    fresh as (
      select pr.id as product_id, pr.slug, pr.name, pr.unit, b.id as brand_id, b.name as brand_name, pr.category_id,
        ct.path as category_path, o.store_ids,
        (select ph.url from product_photos ph where ph.product_id = pr.id order by ph.position, ph.id limit 1) as image,
        o.price, o.list_price, o.moq, o.in_stock, o.discount, o.store_count, pr.created_at,
        coalesce(od.units, 0) as ordered_units_30d, od.due_at as ordered_units_due_at,
        pr.name_fa, b.name_fa as brand_name_fa, ct.names as category_names, pr.description
      from products pr
      join offers o on o.product_id = pr.id
      join cat_tree ct on ct.id = pr.category_id
      -- A brand a seller requested is shown to buyers once the admin approves it.
      left join brands b on b.id = pr.brand_id and b.status = 'approved'
      left join ordered od on od.product_id = pr.id
      -- Products the admin hid leave the listings (DOMAIN.md "Product ownership").
      where pr.status = 'active' and pr.review_state <> 'hidden'
    ),
    listings as (
      insert into product_listings as l (product_id, slug, name, unit, brand_id, brand_name, category_id,
        category_path, store_ids, image, price, list_price, moq, in_stock, discount, store_count,
        ordered_units_30d, ordered_units_due_at, created_at, refreshed_at)
      select product_id, slug, name, unit, brand_id, brand_name, category_id, category_path, store_ids, image,
        price, list_price, moq, in_stock, discount, store_count, ordered_units_30d, ordered_units_due_at,
        created_at, ${at}::timestamptz
      -- In id order, so that two refreshes of overlapping products (two orders paid at once) lock
      -- the rows in the same order instead of deadlocking.
      from fresh order by product_id
      on conflict (product_id) do update set
        slug = excluded.slug, name = excluded.name, unit = excluded.unit, brand_id = excluded.brand_id,
        brand_name = excluded.brand_name, category_id = excluded.category_id,
        category_path = excluded.category_path, store_ids = excluded.store_ids, image = excluded.image,
        price = excluded.price, list_price = excluded.list_price, moq = excluded.moq,
        in_stock = excluded.in_stock, discount = excluded.discount, store_count = excluded.store_count,
        ordered_units_30d = excluded.ordered_units_30d, ordered_units_due_at = excluded.ordered_units_due_at,
        created_at = excluded.created_at, refreshed_at = excluded.refreshed_at
      -- Unchanged rows are not rewritten: a full refresh then costs little bloat and WAL.
      where (l.slug, l.name, l.unit, l.brand_id, l.brand_name, l.category_id, l.category_path, l.store_ids, l.image,
          l.price, l.list_price, l.moq, l.in_stock, l.discount, l.store_count, l.ordered_units_30d,
          l.ordered_units_due_at, l.created_at)
        is distinct from (excluded.slug, excluded.name, excluded.unit, excluded.brand_id, excluded.brand_name,
          excluded.category_id, excluded.category_path, excluded.store_ids, excluded.image, excluded.price,
          excluded.list_price, excluded.moq, excluded.in_stock, excluded.discount, excluded.store_count,
          excluded.ordered_units_30d, excluded.ordered_units_due_at, excluded.created_at)
      returning l.product_id
    ),
    -- Its foreign key is checked at the end of the statement. The document carries the listing's
    -- facet filter columns, the same values as the listing row just written (schema/listings.ts).
    documents as (
      insert into product_search as s (product_id, search, brand_id, price, moq, in_stock, discount)
      select f.product_id, ${searchDocument}, f.brand_id, f.price, f.moq, f.in_stock, f.discount
      from fresh f ${documentsOf} order by f.product_id
      on conflict (product_id) do update set search = excluded.search, brand_id = excluded.brand_id,
        price = excluded.price, moq = excluded.moq, in_stock = excluded.in_stock, discount = excluded.discount
      where (s.search, s.brand_id, s.price, s.moq, s.in_stock, s.discount)
        is distinct from (excluded.search, excluded.brand_id, excluded.price, excluded.moq, excluded.in_stock,
          excluded.discount)
      returning s.product_id
    ),
    -- Documents left as they are still take the listing's new filter values (the products that got
    -- a document above had none, so no row is written twice).
    filters as (
      ${
        searchUnchanged
          ? sql`update product_search s set brand_id = f.brand_id, price = f.price, moq = f.moq,
                in_stock = f.in_stock, discount = f.discount
              from fresh f
              where s.product_id = f.product_id
                and (s.brand_id, s.price, s.moq, s.in_stock, s.discount)
                  is distinct from (f.brand_id, f.price, f.moq, f.in_stock, f.discount)
              returning s.product_id`
          : sql`select null::int as product_id where false`
      }
    ),
    removed as (
      delete from product_listings d
      where ${scope(sql.raw('d.product_id'))}
        and not exists (select 1 from fresh f where f.product_id = d.product_id)
      returning d.product_id
    )
    -- How many rows really changed: when none did, the caches built on the listings stay.
    select ((select count(*) from listings) + (select count(*) from documents)
      + (select count(*) from filters) + (select count(*) from removed))::int as changed
  `
}

/** Words of names, brands and categories: what a misspelt search word is corrected to. */
function termsStatement(scope: Scope | null): SQL {
  const where = scope ? sql`where ${scope(sql.raw('l.product_id'))}` : sql``
  return sql`
    insert into search_terms (term)
    select distinct w from (
      select regexp_split_to_table(search_normalize(lower(concat_ws(' ', l.name, l.brand_name, p.name_fa, b.name_fa))),
        '[^[:alnum:]]+') as w
      from product_listings l
      join products p on p.id = l.product_id
      left join brands b on b.id = l.brand_id
      ${where}
      union all
      select regexp_split_to_table(search_normalize(lower(concat_ws(' ', c.name, c.name_fa))), '[^[:alnum:]]+')
      from categories c
    ) words
    where length(w) >= ${MIN_TERM_LENGTH} and w !~ '^[0-9]+$'
    on conflict (term) do nothing
  `
}

export interface RefreshSummary {
  /** Products looked at (the scope), and the listed ones among them after the refresh. */
  scanned: number
  listed: number
  /** Listing rows and search documents written or removed (0: the listings were already right). */
  changed: number
  ms: number
}

/**
 * Recomputes the listing rows of the given products (every product when omitted). Call it after
 * any change to a product, its SKUs, prices or photos, in the same transaction as the change.
 */
export async function refreshProductListings(
  db: DbOrTx,
  productIds?: readonly number[],
  options: {
    /**
     * The change touched no name, description, brand or category (only prices, stock or offers,
     * as an import does): search documents are built only for products that have none yet.
     */
    searchUnchanged?: boolean
  } = {},
): Promise<RefreshSummary> {
  const started = performance.now()
  const at = now().toISOString()
  if (productIds) {
    const unique = [...new Set(productIds)]
    let changed = 0
    for (const batch of chunks(unique, BATCH)) {
      // With names unchanged, only the products listed by this refresh can bring new words.
      const wordsOf = options.searchUnchanged ? await unlistedProducts(db, batch) : batch
      changed += await changedRows(db, refreshStatement(byIds(batch), at, options.searchUnchanged))
      if (wordsOf.length) await db.execute(termsStatement(byIds(wordsOf)))
    }
    const [row] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from product_listings where product_id = any(${idArray(unique)}::int[])`,
    )
    if (changed > 0) clearCatalogCache()
    // What follows the products (line sheets print every tier, MOQ and stock state, not only the
    // card): run whatever changed.
    for (const hook of listingsRefreshedHooks.values()) await hook(db, unique)
    return { scanned: unique.length, listed: row?.n ?? 0, changed, ms: performance.now() - started }
  }
  clearCatalogCache()
  const summary = await db.transaction(async (tx) => {
    const [bounds] = await selectRows<{ lo: number | null; hi: number | null; n: number }>(
      tx,
      sql`select min(id) as lo, max(id) as hi, count(*)::int as n from products`,
    )
    const lo = bounds?.lo ?? 1
    const hi = bounds?.hi ?? 0
    let changed = 0
    for (let from = lo; from <= hi; from += BATCH) {
      changed += await changedRows(tx, refreshStatement(byRange(from, Math.min(hi, from + BATCH - 1)), at))
    }
    // Rows outside the id range belong to no product any more (normally removed by the cascade).
    await tx.execute(sql`delete from product_listings where product_id < ${lo} or product_id > ${hi}`)
    await tx.execute(sql`delete from search_terms`)
    await tx.execute(termsStatement(null))
    await markRefreshed(tx, at)
    await compactListingCounts(tx)
    // Fresh statistics, or the planner guesses at filter selectivity on a rebuilt table.
    await tx.execute(sql`analyze product_listings`)
    await tx.execute(sql`analyze product_search`)
    const [row] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from product_listings`)
    return { scanned: bounds?.n ?? 0, listed: row?.n ?? 0, changed, ms: performance.now() - started }
  })
  // Again once committed: a request during the transaction may have memoised the old state.
  clearCatalogCache()
  return summary
}

/** The products among `ids` that are not listed (they have no search document). */
async function unlistedProducts(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select u.id from unnest(${idArray(ids)}::int[]) u(id)
        where not exists (select 1 from product_search d where d.product_id = u.id)`,
  )
  return rows.map((r) => Number(r.id))
}

async function changedRows(db: DbOrTx, statement: SQL): Promise<number> {
  const [row] = await selectRows<{ changed: number }>(db, statement)
  return Number(row?.changed ?? 0)
}

/** Refreshes the listings of every product a store offers (store or seller status changes). */
export async function refreshListingsOfStores(
  db: DbOrTx,
  storeIds: readonly number[],
): Promise<RefreshSummary> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select distinct product_id as id from skus where store_id = any(${idArray(storeIds)}::int[])`,
  )
  return refreshProductListings(
    db,
    rows.map((r) => Number(r.id)),
  )
}

/** Refreshes the listings of everything a seller's stores offer (approval, rejection, suspension). */
export async function refreshListingsOfSellers(
  db: DbOrTx,
  sellerIds: readonly number[],
): Promise<RefreshSummary> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select distinct s.product_id as id from skus s join stores st on st.id = s.store_id
        where st.seller_id = any(${idArray(sellerIds)}::int[])`,
  )
  return refreshProductListings(
    db,
    rows.map((r) => Number(r.id)),
  )
}

async function markRefreshed(db: DbOrTx, at: string): Promise<void> {
  await db.execute(sql`
    insert into listing_refresh_state (id, refreshed_through) values (1, ${at}::timestamptz)
    on conflict (id) do update set refreshed_through = excluded.refreshed_through
  `)
}

/**
 * Refreshes the listings of an order's products: call it, in the order's transaction, when the
 * order starts or stops counting towards popularity (paid; rejected or cancelled after payment).
 */
export async function refreshListingsOfOrder(db: DbOrTx, orderId: number): Promise<RefreshSummary> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select distinct product_id as id from order_lines where order_id = ${orderId} and product_id is not null`,
  )
  return refreshProductListings(
    db,
    rows.map((r) => Number(r.id)),
  )
}

/**
 * The periodic part: a tier that starts or ends changes prices, and a paid order that leaves the
 * 30-day window changes popularity, without anyone editing anything. Refreshes the products whose
 * tiers started or ended since the last run (all of them when there was none) and those whose
 * oldest counted order has left the window (`ordered_units_due_at`, set by the refresh itself).
 * Idempotent and cheap (indexed range scans on prices and on the listings' due times); run it
 * every minute or so from the job worker. Listings lag real time by at most that interval; product
 * pages and checkout always price live.
 */
export async function refreshDueListings(db: DbOrTx): Promise<RefreshSummary & { full: boolean }> {
  const [state] = await selectRows<{ through: string | Date }>(
    db,
    sql`select refreshed_through as through from listing_refresh_state where id = 1`,
  )
  if (!state) return { ...(await refreshProductListings(db)), full: true }
  const since = new Date(state.through).toISOString()
  const at = now().toISOString()
  const due = await selectRows<{ id: number }>(
    db,
    sql`
      select distinct s.product_id as id from prices p join skus s on s.id = p.sku_id
      where (p.valid_from > ${since}::timestamptz and p.valid_from <= ${at}::timestamptz)
         or (p.valid_to > ${since}::timestamptz and p.valid_to <= ${at}::timestamptz)
      union
      select product_id from product_listings where ordered_units_due_at <= ${at}::timestamptz
    `,
  )
  // The counts' delta rows of the last minute's changes fold into one row per key.
  await compactListingCounts(db)
  // Nothing due (the usual minute): the listings and the caches built on them stay as they are.
  if (due.length === 0) {
    await markRefreshed(db, at)
    return { scanned: 0, listed: 0, changed: 0, ms: 0, full: false }
  }
  // Clears the caches only when a listing really changed (a tier that starts at the price of the
  // one that ends changes nothing a buyer sees).
  const summary = await refreshProductListings(
    db,
    due.map((r) => Number(r.id)),
  )
  await markRefreshed(db, at)
  return { ...summary, full: false }
}
