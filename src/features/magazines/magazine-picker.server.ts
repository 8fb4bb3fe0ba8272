import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import type { AuthContext } from '~/server/auth/session.server'
import { selectRows, type Db } from '~/server/db/client.server'
import { localName } from './local-names.server'
import type { PickableSkuPage, PickableSkusInput } from './magazines.schemas'
import { readActor } from './magazines.server'

const PAGE_SIZE = 24

/** The seller's live SKUs to pick magazine items from: search by name or SKU code, filter by store and category. */
export async function pickableSkus(
  db: Db,
  auth: AuthContext | null,
  input: PickableSkusInput,
): Promise<PickableSkuPage> {
  const actor = readActor(auth)
  const pattern = `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where = sql`st.seller_id = ${actor.sellerId} and s.status = 'active' and st.status = 'active' and pr.status = 'active'
    ${input.q ? sql`and (pr.name ilike ${pattern} or pr.name_fa ilike ${pattern} or s.sku ilike ${pattern})` : sql``}
    ${input.storeId ? sql`and st.id = ${input.storeId}` : sql``}
    ${input.categoryId ? sql`and pr.category_id = ${input.categoryId}` : sql``}`
  const from = sql`from skus s join stores st on st.id = s.store_id join products pr on pr.id = s.product_id
    join categories c on c.id = pr.category_id`
  const rows = await selectRows<{
    id: number
    sku: string
    name: string
    image: string | null
    store_id: number
    store_name: string
    category_name: string
  }>(
    db,
    sql`select s.id, s.sku, ${localName('pr')} as name, st.id as store_id, ${localName('st')} as store_name, ${localName('c')} as category_name,
        (select ph.url from product_photos ph where ph.product_id = pr.id order by ph.position, ph.id limit 1) as image
      ${from} where ${where} order by pr.name, s.id
      limit ${PAGE_SIZE} offset ${(input.page - 1) * PAGE_SIZE}`,
  )
  const [count] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${where}`)
  const stores = await selectRows<{ id: number; name: string }>(
    db,
    sql`select id, name from stores where seller_id = ${actor.sellerId} order by name`,
  )
  const categories = await selectRows<{ id: number; name: string }>(
    db,
    sql`select distinct c.id, ${localName('c')} as name ${from} where st.seller_id = ${actor.sellerId} and s.status = 'active' order by 2`,
  )
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      sku: r.sku,
      name: r.name,
      image: r.image,
      storeId: Number(r.store_id),
      storeName: r.store_name,
      categoryName: r.category_name,
    })),
    total: Number(count?.n ?? 0),
    page: input.page,
    pageSize: PAGE_SIZE,
    stores: stores.map((s) => ({ id: Number(s.id), name: s.name })),
    categories: categories.map((c) => ({ id: Number(c.id), name: c.name })),
  }
}
