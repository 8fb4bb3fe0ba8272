import '@tanstack/react-start/server-only'
import { assertPlanAllows } from '~/features/plans/plan-limits.server'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { recordAuditEvents } from '~/server/audit/audit.server'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { selectRows, type Db } from '~/server/db/client.server'
import { skus, stores } from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import { now } from '~/server/clock.server'
import {
  EXPIRING_DAYS,
  type BulkSkuStatusInput,
  type InventoryPage,
  type InventoryRow,
  type InventorySearch,
  type InventorySort,
} from './inventory.schemas'

/**
 * /seller/inventory (issue #16): the seller's SKUs across all stores. Searching, filtering, sorting
 * and paging happen in one SQL statement (only the page's rows leave the database), so the table
 * stays quick at tens of thousands of SKUs. The owner and observers read it and pause or activate
 * SKUs (DOMAIN.md: observers process stock).
 */

const actorOf = (auth: AuthContext | null) => requireApprovedSeller(auth, { allowObserver: true })

const ORDER: Record<InventorySort, ReturnType<typeof sql>> = {
  updated: sql`s.updated_at`,
  product: sql`pr.name`,
  sku: sql`s.sku`,
  store: sql`st.name`,
  stock: sql`s.remaining_quantity`,
  price: sql`entry.unit_price`,
}

/** The WHERE of the seller's inventory under a search (the table and its export share it). */
export function inventoryFilters(search: InventorySearch, sellerId: number) {
  const q = search.q.trim()
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return [
    sql`st.seller_id = ${sellerId}`,
    search.store ? sql`s.store_id = ${search.store}` : null,
    q ? sql`(pr.name ilike ${like} or s.sku ilike ${like})` : null,
    search.status === 'all' ? null : sql`s.status = ${search.status}`,
    search.stock === 'out' ? sql`(not s.always_available and s.remaining_quantity = 0)` : null,
    search.stock === 'low'
      ? sql`(not s.always_available and s.remaining_quantity < s.low_stock_threshold)`
      : null,
    search.discounted ? sql`entry.offer_price > 0` : null,
    search.noTier ? sql`entry.unit_price is null` : null,
    search.expiring
      ? sql`exists (select 1 from prices p where p.sku_id = s.id and p.valid_to > now()
                    and p.valid_to <= now() + ${`${EXPIRING_DAYS} days`}::interval)`
      : null,
  ].filter((f): f is ReturnType<typeof sql> => f !== null)
}

/** The lowest valid tier of a SKU, joined as `entry` (a lateral look-up). */
const entryJoin = (sku: ReturnType<typeof sql>) => sql`left join lateral (
        select p.unit_price, p.offer_price from prices p
        where p.sku_id = ${sku} and p.valid_from <= now() and (p.valid_to is null or p.valid_to > now())
        order by p.min_quantity limit 1
      ) entry on true`

/** FROM … WHERE of the filtered inventory; the entry tier joins only when a filter or the sort needs it. */
function inventoryFrom(search: InventorySearch, sellerId: number) {
  const needsEntry = search.sort === 'price' || search.discounted || search.noTier
  return sql`
      from skus s
      join stores st on st.id = s.store_id
      join products pr on pr.id = s.product_id
      ${needsEntry ? entryJoin(sql`s.id`) : sql``}
      where ${sql.join(inventoryFilters(search, sellerId), sql` and `)}`
}

/** A subquery of the ids of the SKUs a search finds (every page): what the export writes. */
export function inventorySkuIds(search: InventorySearch, sellerId: number) {
  return sql`(select s.id ${inventoryFrom(search, sellerId)})`
}

type PageRow = Omit<InventoryRow, 'reserved' | 'updatedAt'> & { updatedAt: Date | string }

/** The list's two statements (the page, the total); the bench EXPLAINs them as they are. */
export function inventoryQueries(search: InventorySearch, sellerId: number, _at: Date) {
  const direction = search.desc ? sql`desc nulls last` : sql`asc nulls last`
  const from = inventoryFrom(search, sellerId)
  // The page first (sorted and cut in SQL), then the photo and tier count of its rows only; the
  // total is its own count, so no per-row work is done for the rows of other pages.
  return {
    page: sql`
      with page as (
        select s.id, s.sku, pr.id as product_id, pr.name as product_name, st.id as store_id,
          st.name as store_name, pr.unit, s.always_available, s.remaining_quantity, s.low_stock_threshold,
          s.status, s.updated_at,
          row_number() over (order by ${ORDER[search.sort]} ${direction}, s.id) as position
        ${from}
        order by ${ORDER[search.sort]} ${direction}, s.id
        limit ${search.perPage} offset ${(search.page - 1) * search.perPage}
      )
      select page.id as "skuId", page.sku, page.product_name as "productName",
        (select ph.url from product_photos ph where ph.product_id = page.product_id order by ph.position, ph.id limit 1) as image,
        page.store_id as "storeId", page.store_name as "storeName", page.unit, page.always_available as "alwaysAvailable",
        page.remaining_quantity as stock, page.low_stock_threshold as "lowStockThreshold", entry.unit_price::float8 as "entryPrice",
        nullif(entry.offer_price, 0)::float8 as "offerPrice",
        (select count(*)::int from prices p where p.sku_id = page.id and p.valid_from <= now()
           and (p.valid_to is null or p.valid_to > now())) as "activeTiers",
        page.status::text as status, page.updated_at as "updatedAt"
      from page ${entryJoin(sql`page.id`)}
      order by page.position
    `,
    total: sql`select count(*)::int as total ${from}`,
  }
}

export async function listInventory(
  db: Db,
  auth: AuthContext | null,
  search: InventorySearch,
): Promise<InventoryPage> {
  const actor = actorOf(auth)
  const queries = inventoryQueries(search, actor.sellerId, now())
  const [rows, [counted]] = await Promise.all([
    selectRows<PageRow>(db, queries.page),
    selectRows<{ total: number }>(db, queries.total),
  ])
  const ids = rows.map((row) => Number(row.skuId))
  const reserved = ids.length
    ? await selectRows<{ sku_id: number; units: number }>(
        db,
        sql`select ol.sku_id, sum(ol.quantity)::int as units
            from order_lines ol join orders o on o.id = ol.order_id
            where o.status = 'pending_payment' and ol.sku_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
            group by ol.sku_id`,
      )
    : []
  const reservedBySku = new Map(reserved.map((r) => [Number(r.sku_id), Number(r.units)]))
  const storeList = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(eq(stores.sellerId, actor.sellerId))
    .orderBy(stores.name)
  return {
    rows: rows.map((row) => ({
      ...row,
      skuId: Number(row.skuId),
      storeId: Number(row.storeId),
      stock: Number(row.stock),
      lowStockThreshold: Number(row.lowStockThreshold),
      activeTiers: Number(row.activeTiers),
      reserved: reservedBySku.get(Number(row.skuId)) ?? 0,
      updatedAt: new Date(row.updatedAt).toISOString(),
    })),
    total: Number(counted?.total ?? 0),
    page: search.page,
    perPage: search.perPage,
    stores: storeList,
  }
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
    if (owned.length !== ids.length) throw notFound('SKU not found')
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
