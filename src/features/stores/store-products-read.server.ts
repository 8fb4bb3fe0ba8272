import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { selectRows, type Db } from '~/server/db/client.server'
import { ownedStore, readActor } from './stores.server'
import type {
  CatalogueMatch,
  StoreProductsPage,
  StoreProductRow,
  StoreProductsSearch,
} from './stores.schemas'

const PAGE_SIZE = 50

const SORTS = {
  newest: sql`s.id desc`,
  name: sql`pr.name asc, s.id`,
  stock: sql`s.remaining_quantity asc, s.id`,
  price: sql`entry.unit_price asc nulls last, s.id`,
} as const

/** A store's SKUs, searched, filtered, sorted and paged in SQL (indexed by store; fine at 5,000). */
export async function listStoreProducts(
  db: Db,
  auth: AuthContext | null,
  search: StoreProductsSearch,
): Promise<StoreProductsPage> {
  const actor = readActor(auth)
  const store = await ownedStore(db, actor, search.storeId)
  // The app clock, not the database's, so a pinned clock (tests, previews) sees the same tiers.
  const at = now().toISOString()
  const q = search.q.trim()
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where = sql.join(
    [
      sql`s.store_id = ${store.id}`,
      q ? sql`(pr.name ilike ${like} or s.sku ilike ${like})` : sql`true`,
      search.status === 'all' ? sql`true` : sql`s.status = ${search.status}`,
      search.outOfStock ? sql`(not s.always_available and s.remaining_quantity = 0)` : sql`true`,
      search.discounted ? sql`entry.offer_price > 0` : sql`true`,
    ],
    sql` and `,
  )
  const rows = await selectRows<StoreProductRow & { total: number }>(
    db,
    sql`
      select s.id as "skuId", s.sku, pr.id as "productId", pr.name as "productName",
        (select ph.url from product_photos ph where ph.product_id = pr.id order by ph.position, ph.id limit 1) as image,
        s.remaining_quantity as stock, s.always_available as "alwaysAvailable",
        entry.unit_price::float8 as "entryPrice", nullif(entry.offer_price, 0)::float8 as "offerPrice",
        (select count(*)::int from prices p where p.sku_id = s.id
          and (p.valid_to is null or p.valid_to > ${at}::timestamptz)) as "tierCount", s.status,
        count(*) over ()::int as total
      from skus s
      join products pr on pr.id = s.product_id
      left join lateral (
        select p.unit_price, p.offer_price from prices p
        where p.sku_id = s.id and p.valid_from <= ${at}::timestamptz
          and (p.valid_to is null or p.valid_to > ${at}::timestamptz)
        order by p.min_quantity limit 1
      ) entry on true
      where ${where}
      order by ${SORTS[search.sort]}
      limit ${PAGE_SIZE} offset ${(search.page - 1) * PAGE_SIZE}
    `,
  )
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    total: rows[0]?.total ?? 0,
    page: search.page,
    pageSize: PAGE_SIZE,
  }
}

/** Products of the shared catalogue matching a name, brand, category or SKU code (trigram-ranked). */
export async function searchCatalogue(
  db: Db,
  auth: AuthContext | null,
  input: { storeId: number; q: string },
): Promise<CatalogueMatch[]> {
  const actor = readActor(auth)
  const store = await ownedStore(db, actor, input.storeId)
  const like = `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return selectRows<CatalogueMatch>(
    db,
    sql`
      select pr.id, pr.name, b.name as brand, c.name as category,
        (select ph.url from product_photos ph where ph.product_id = pr.id order by ph.position, ph.id limit 1) as image,
        exists (select 1 from skus s where s.product_id = pr.id and s.store_id = ${store.id}) as "offeredHere"
      from products pr
      join categories c on c.id = pr.category_id
      left join brands b on b.id = pr.brand_id
      where pr.status = 'active' and (pr.name ilike ${like} or pr.name % ${input.q} or b.name ilike ${like}
        or c.name ilike ${like} or exists (select 1 from skus s where s.product_id = pr.id and s.sku ilike ${like}))
      order by similarity(pr.name, ${input.q}) desc, pr.id
      limit 20
    `,
  )
}

/**
 * Existing products whose names resemble a new product's (pg_trgm), shown before creating it so the
 * seller can offer one of them instead; each says whether this store already offers it.
 */
export async function similarProducts(
  db: Db,
  auth: AuthContext | null,
  input: { storeId: number; name: string },
): Promise<CatalogueMatch[]> {
  const actor = readActor(auth)
  const store = await ownedStore(db, actor, input.storeId)
  return selectRows<CatalogueMatch>(
    db,
    sql`
      select pr.id, pr.name, b.name as brand, c.name as category,
        (select ph.url from product_photos ph where ph.product_id = pr.id order by ph.position, ph.id limit 1) as image,
        exists (select 1 from skus s where s.product_id = pr.id and s.store_id = ${store.id}) as "offeredHere"
      from products pr
      join categories c on c.id = pr.category_id
      left join brands b on b.id = pr.brand_id
      where pr.status = 'active' and pr.name % ${input.name}
      order by similarity(pr.name, ${input.name}) desc, pr.id
      limit 5
    `,
  )
}
