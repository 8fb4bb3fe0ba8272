import '@tanstack/react-start/server-only'
import { assertPlanAllows } from '~/features/plans/index.server'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { refreshProductListings } from '~/features/catalog/index.server'
import { recordAuditEvents } from '~/server/audit/audit.server'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { selectRows, type Db } from '~/server/db/client.server'
import { skus, stores } from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import { intlLocale, textInLocale } from '~/lib/i18n'
import { now } from '~/server/clock.server'
import {
  EXPIRING_DAYS,
  type BulkSkuStatusInput,
  type InventoryPage,
  type InventoryRow,
  type InventorySearch,
  type InventorySort,
} from './inventory.schemas'
import { m } from '~/lib/messages'

/**
 * /seller/inventory (issue #16): the seller's SKUs across all stores. Searching, filtering, sorting
 * and paging happen in one SQL statement (only the page's rows leave the database), so the table
 * stays quick at tens of thousands of SKUs. The owner and observers read it and pause or activate
 * SKUs (DOMAIN.md: observers process stock).
 */

const actorOf = (auth: AuthContext | null) => requireApprovedSeller(auth, { allowObserver: true })

type Fragment = ReturnType<typeof sql>

/**
 * Each sort's key. Every key but the entry price is NOT NULL, and with the id as the tie-break in
 * the same direction, the seller's index on (seller_id, key, id) reads a page forwards or backwards
 * and stops: no sort of the seller's 20,000 rows. Product and store names are the copies on the SKU
 * row (kept by triggers, migration 0026) for that reason: sorting by the joined names read and
 * sorted every row of the seller.
 */
const ORDER: Record<InventorySort, Fragment> = {
  updated: sql`s.updated_at`,
  product: sql`s.product_name`,
  sku: sql`s.sku`,
  store: sql`s.store_name`,
  stock: sql`s.remaining_quantity`,
  price: sql`entry_price`,
}

function orderBy(search: InventorySearch): Fragment {
  const dir = search.desc ? sql`desc` : sql`asc`
  const nulls = search.sort === 'price' ? sql` nulls last` : sql``
  return sql`${ORDER[search.sort]} ${dir}${nulls}, s.id ${dir}`
}

/** A tier is valid at `at` from its valid_from up to (not including) its valid_to. */
const validAt = (at: Fragment) => sql`p.valid_from <= ${at} and (p.valid_to is null or p.valid_to > ${at})`
const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`

/**
 * The SKU's entry tier (its lowest valid tier's unit and offer price) and count of valid tiers at
 * `at`. The triggers on prices store them on the SKU with the span in which they hold, so for a
 * moment inside it (nearly always) they are read from the row; outside it (a tier started or ended
 * since, before the periodic refresh) the tiers are looked up, so the answer is never stale.
 */
function entryAt(at: Date) {
  const when = timestamp(at)
  const fresh = sql`(s.entry_from is null or s.entry_from <= ${when}) and (s.entry_until is null or s.entry_until > ${when})`
  const live = (column: Fragment) =>
    sql`(select ${column} from prices p where p.sku_id = s.id and ${validAt(when)} order by p.min_quantity limit 1)`
  return {
    unitPrice: sql`case when ${fresh} then s.entry_unit_price else ${live(sql`p.unit_price`)} end`,
    offerPrice: sql`case when ${fresh} then s.entry_offer_price else ${live(sql`p.offer_price`)} end`,
    activeTiers: sql`case when ${fresh} then s.active_tiers
      else (select count(*)::int from prices p where p.sku_id = s.id and ${validAt(when)}) end`,
  }
}

/**
 * The WHERE of the seller's inventory under a search at a moment (the table and its export share it).
 * Text matches the product name or the SKU code, both on the SKU row with a trigram index each.
 */
export function inventoryFilters(search: InventorySearch, sellerId: number, at: Date) {
  const q = search.q.trim()
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const when = timestamp(at)
  const entry = entryAt(at)
  return [
    sql`s.seller_id = ${sellerId}`,
    search.store ? sql`s.store_id = ${search.store}` : null,
    q ? sql`(s.sku ilike ${like} or s.product_name ilike ${like})` : null,
    search.status === 'all' ? null : sql`s.status = ${search.status}`,
    search.stock === 'out' ? sql`(not s.always_available and s.remaining_quantity = 0)` : null,
    search.stock === 'low'
      ? sql`(not s.always_available and s.remaining_quantity < s.low_stock_threshold)`
      : null,
    search.discounted ? sql`${entry.offerPrice} > 0` : null,
    search.noTier ? sql`${entry.activeTiers} = 0` : null,
    search.expiring
      ? sql`exists (select 1 from prices p where p.sku_id = s.id and p.valid_to > ${when}
                    and p.valid_to <= ${when} + ${`${EXPIRING_DAYS} days`}::interval)`
      : null,
  ].filter((f): f is Fragment => f !== null)
}

/** FROM … WHERE of the filtered inventory: the SKU rows alone (every sort key and filter is on them). */
function inventoryFrom(search: InventorySearch, sellerId: number, at: Date) {
  return sql`
      from skus s
      where ${sql.join(inventoryFilters(search, sellerId, at), sql` and `)}`
}

/** A subquery of the ids of the SKUs a search finds at `at` (every page): what the export writes. */
export function inventorySkuIds(search: InventorySearch, sellerId: number, at: Date) {
  return sql`(select s.id ${inventoryFrom(search, sellerId, at)})`
}

type PageRow = Omit<InventoryRow, 'updatedAt'> & { updatedAt: Date | string; storeNameFa: string | null }

/**
 * The list's two statements: the page (its ids cut in SQL first, then only those rows get their
 * photo, tiers and reserved units) and the total. The bench EXPLAINs them as they are.
 */
export function inventoryQueries(search: InventorySearch, sellerId: number, at: Date) {
  const entry = entryAt(at)
  return {
    page: sql`
      with page as (
        select s.id${search.sort === 'price' ? sql`, ${entry.unitPrice} as entry_price` : sql``}
        ${inventoryFrom(search, sellerId, at)}
        order by ${orderBy(search)}
        limit ${search.perPage} offset ${(search.page - 1) * search.perPage}
      )
      select s.id as "skuId", s.sku, pr.name as "productName",
        (select ph.url from product_photos ph where ph.product_id = pr.id order by ph.position, ph.id limit 1) as image,
        st.id as "storeId", st.name as "storeName", st.name_fa as "storeNameFa", pr.unit, s.always_available as "alwaysAvailable",
        s.remaining_quantity as stock, s.low_stock_threshold as "lowStockThreshold",
        (select coalesce(sum(ol.quantity), 0)::int from order_lines ol join orders o on o.id = ol.order_id
           where ol.sku_id = s.id and o.status = 'pending_payment') as reserved,
        (${entry.unitPrice})::float8 as "entryPrice", nullif(${entry.offerPrice}, 0)::float8 as "offerPrice",
        ${entry.activeTiers} as "activeTiers",
        s.status::text as status, s.updated_at as "updatedAt"
      from page
      join skus s on s.id = page.id
      join stores st on st.id = s.store_id
      join products pr on pr.id = s.product_id
      order by ${orderBy(search)}
    `,
    total: sql`select count(*)::int as total ${inventoryFrom(search, sellerId, at)}`,
  }
}

export async function listInventory(
  db: Db,
  auth: AuthContext | null,
  search: InventorySearch,
): Promise<InventoryPage> {
  const actor = actorOf(auth)
  const queries = inventoryQueries(search, actor.sellerId, now())
  const [rows, [counted], storeList] = await Promise.all([
    selectRows<PageRow>(db, queries.page),
    selectRows<{ total: number }>(db, queries.total),
    db
      .select({ id: stores.id, name: stores.name, nameFa: stores.nameFa })
      .from(stores)
      .where(eq(stores.sellerId, actor.sellerId))
      .orderBy(stores.name),
  ])
  // Store names in the seller's language (the Persian one in fa when the store has one), the filter's
  // list sorted as it reads.
  const storeNames = storeList
    .map((store) => ({ id: store.id, name: textInLocale(store.name, store.nameFa) }))
    .sort((a, b) => a.name.localeCompare(b.name, intlLocale()) || a.id - b.id)
  return {
    rows: rows.map(({ storeNameFa, ...row }) => ({
      ...row,
      storeName: textInLocale(row.storeName, storeNameFa),
      skuId: Number(row.skuId),
      storeId: Number(row.storeId),
      stock: Number(row.stock),
      lowStockThreshold: Number(row.lowStockThreshold),
      reserved: Number(row.reserved),
      activeTiers: Number(row.activeTiers),
      updatedAt: new Date(row.updatedAt).toISOString(),
    })),
    total: Number(counted?.total ?? 0),
    page: search.page,
    perPage: search.perPage,
    stores: storeNames,
  }
}

/**
 * Recomputes the stored entry tier of SKUs whose span a tier start or end has closed (run every
 * minute with the listings refresh). The list is right without it, only slower for those SKUs.
 */
export async function refreshDueSkuEntries(db: Db): Promise<void> {
  await db.execute(
    sql`select skus_refresh_entry(array(select id from skus where entry_until is not null and entry_until <= now()))`,
  )
}

/**
 * Pauses or activates SKUs of the seller's stores, all or none: an id that is not the seller's is a
 * 404 and nothing changes. Each SKU that changes gets an audit event; the listings follow.
 */
export async function setSkuStatuses(
  db: Db,
  auth: AuthContext | null,
  input: { skuIds: number[]; status: BulkSkuStatusInput['status'] },
): Promise<{ changed: number }> {
  const actor = actorOf(auth)
  const ids = [...new Set(input.skuIds)]
  return db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: skus.id, productId: skus.productId, status: skus.status })
      .from(skus)
      .innerJoin(stores, eq(stores.id, skus.storeId))
      .where(and(inArray(skus.id, ids), eq(stores.sellerId, actor.sellerId)))
      .for('update', { of: skus })
    if (owned.length !== ids.length) throw notFound(m.server_error_sku_not_found())
    const changing = owned.filter((row) => row.status !== input.status)
    if (changing.length === 0) return { changed: 0 }
    if (input.status === 'active') await assertPlanAllows(tx, actor.sellerId, 'skus', changing.length)
    await tx
      .update(skus)
      .set({ status: input.status, updatedAt: new Date() })
      .where(
        inArray(
          skus.id,
          changing.map((row) => row.id),
        ),
      )
    await recordAuditEvents(
      tx,
      changing.map((row) => ({
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        action: input.status === 'active' ? 'sku.activate' : 'sku.pause',
        recordType: 'sku',
        recordId: row.id,
        before: { status: row.status },
        after: { status: input.status },
      })),
    )
    await refreshProductListings(tx, [...new Set(changing.map((row) => row.productId))])
    return { changed: changing.length }
  })
}
