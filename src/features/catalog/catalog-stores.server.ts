import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { textInLocale } from '~/lib/i18n'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { searchWords } from './catalog-highlight'
import type { StoreListInput } from './catalog.schemas'
import type { StoreList, StoreSummary } from './catalog.types'
import { cityInLocale } from '~/lib/iran-cities'

/**
 * Public store directory: active stores of approved sellers, with the number of products each
 * currently offers (from the read model). Only public fields: no owner, phone or national id.
 * "Member since" is the store's creation time: a seller's approval time is not recorded anywhere.
 */

interface StoreRow {
  slug: string
  name: string
  name_fa: string | null
  description: string
  logo: string | null
  city: string
  seller_id: number
  seller_name: string
  seller_name_fa: string | null
  product_count: number
  created_at: string | Date
}

const toStore = (r: StoreRow): StoreSummary => ({
  slug: r.slug,
  name: textInLocale(r.name, r.name_fa),
  description: r.description,
  logo: r.logo,
  city: cityInLocale(r.city),
  sellerId: Number(r.seller_id),
  sellerName: textInLocale(r.seller_name, r.seller_name_fa),
  productCount: Number(r.product_count),
  memberSince: new Date(r.created_at).toISOString(),
})

/**
 * Stores with the most products on offer first. The counts are the maintained ones
 * (catalog-counts), read per store: nothing here reads the listings.
 *
 * A page is first read from the counts' side: the stores that have products, in count order, each
 * looked up by its key until the page is full, so the home page's eight never sort every store.
 * Only a page that reaches past them (stores without products, by name) sorts the whole directory.
 * `count: false` skips the total when only the cards matter (the home page).
 */
export async function listStores(
  db: DbOrTx,
  input: StoreListInput,
  options: { count?: boolean } = {},
): Promise<StoreList> {
  const words = input.q ? searchWords(input.q) : []
  // Either name matches: the English one, or the Persian one folded as the typed words are.
  const pattern = `%${words.join('%')}%`
  const nameFilter = words.length
    ? sql`and (lower(st.name) like ${pattern} or search_normalize(lower(st.name_fa)) like ${pattern})`
    : sql``
  const offset = (input.page - 1) * input.per_page
  const [stocked, total] = await Promise.all([
    selectRows<StoreRow>(
      db,
      sql`
        with counts as (
          select value as s, sum(n)::int as n from listing_counts where scope = 0 and facet = 'store'
          group by value having sum(n) > 0
        )
        select st.slug, st.name, st.name_fa, st.description, st.logo, st.city, se.id as seller_id,
          se.display_name as seller_name, se.display_name_fa as seller_name_fa, c.n as product_count, st.created_at
        -- "offset 0" keeps the counts a subquery sorted on its own, so the stores and sellers are
        -- joined by key in that order and the limit stops the reading.
        from (select s, n from counts order by n desc offset 0) c
        join stores st on st.id = c.s and st.status = 'active' ${nameFilter}
        join sellers se on se.id = st.seller_id and se.status = 'approved'
        order by c.n desc, st.name, st.id
        limit ${input.per_page} offset ${offset}
      `,
    ),
    options.count === false
      ? null
      : selectRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from stores st
              join sellers se on se.id = st.seller_id and se.status = 'approved'
              where st.status = 'active' ${nameFilter}`,
        ).then(([row]) => Number(row?.n ?? 0)),
  ])
  // A short page reaches the stores without products: the whole directory, sorted.
  const rows =
    stocked.length === input.per_page
      ? stocked
      : await selectRows<StoreRow>(
          db,
          sql`
            with counts as (
              select value as s, sum(n)::int as n from listing_counts where scope = 0 and facet = 'store'
              group by value
            )
            select st.slug, st.name, st.name_fa, st.description, st.logo, st.city, se.id as seller_id,
              se.display_name as seller_name, se.display_name_fa as seller_name_fa, coalesce(c.n, 0) as product_count, st.created_at
            from stores st
            join sellers se on se.id = st.seller_id and se.status = 'approved'
            left join counts c on c.s = st.id
            where st.status = 'active' ${nameFilter}
            order by coalesce(c.n, 0) desc, st.name, st.id
            limit ${input.per_page} offset ${offset}
          `,
        )
  return {
    items: rows.map(toStore),
    total: total ?? rows.length,
    page: input.page,
    perPage: input.per_page,
  }
}

/** One store's public card, for a listing filtered to it; null when it is not open for business. */
export async function getStore(db: DbOrTx, slug: string): Promise<StoreSummary | null> {
  const [row] = await selectRows<StoreRow>(
    db,
    sql`
      select st.slug, st.name, st.name_fa, st.description, st.logo, st.city, se.id as seller_id,
        se.display_name as seller_name, se.display_name_fa as seller_name_fa,
        (select coalesce(sum(n), 0)::int from listing_counts
          where scope = 0 and facet = 'store' and value = st.id) as product_count,
        st.created_at
      from stores st join sellers se on se.id = st.seller_id and se.status = 'approved'
      where st.slug = ${slug} and st.status = 'active'
    `,
  )
  return row ? toStore(row) : null
}

/** Every open store's page, for the sitemap: active stores of approved sellers. */
export function listOpenStorePages(db: DbOrTx): Promise<{ slug: string; updatedAt: string }[]> {
  return selectRows<{ slug: string; updated_at: string | Date }>(
    db,
    sql`
      select st.slug, st.updated_at from stores st
      join sellers se on se.id = st.seller_id and se.status = 'approved'
      where st.status = 'active'
      order by st.id
    `,
  ).then((rows) => rows.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updated_at).toISOString() })))
}
