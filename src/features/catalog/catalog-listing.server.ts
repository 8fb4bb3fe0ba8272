import '@tanstack/react-start/server-only'
import { sql, type SQL } from 'drizzle-orm'
import { constants } from '#app-config'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { highlightText } from './catalog-highlight'
import { loadCategoryIndex, trailOf, type CategoryIndex } from './catalog-categories.server'
import { computeFacets, type FacetFilters } from './catalog-facets.server'
import { correctSearch, tsQuery } from './catalog-search.server'
import { DEFAULT_PER_PAGE, type ProductSearch, type ProductSort } from './catalog.schemas'
import type { ProductCard, ProductListing } from './catalog.types'

/**
 * The /product listing over the read model: filters, sort, pagination and facet counts, for the
 * page, the JSON API and every product list on other pages (home, category, landing).
 */

const TRUE = sql`true`

interface ResolvedFilters {
  /** Each filter as a condition on product_listings; `true` when not set. */
  conditions: FacetFilters & { q: SQL; store: SQL; category: SQL }
  rank: SQL | null
  words: string[]
  corrected: string | null
  categoryId: number | null
  brandIds: number[]
}

const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`

async function resolveFilters(
  db: DbOrTx,
  search: ProductSearch,
  categories: CategoryIndex,
): Promise<ResolvedFilters> {
  const [[refs], parsed] = await Promise.all([
    search.brand?.length || search.store
      ? selectRows<{ brand_ids: number[] | null; store_id: number | null }>(
          db,
          sql`select
            (select array_agg(id) from brands where slug = any(${`{${(search.brand ?? []).join(',')}}`}::text[])) as brand_ids,
            (select id from stores where slug = ${search.store ?? ''}) as store_id`,
        )
      : [],
    search.q ? correctSearch(db, search.q) : { words: [], corrected: null },
  ])
  const query = parsed.words.length ? tsQuery(parsed.words) : null
  const categoryId = search.category ? (categories.bySlug.get(search.category)?.id ?? -1) : null
  const brandIds = (refs?.brand_ids ?? []).map(Number)
  const storeId = search.store ? (refs?.store_id ?? -1) : null
  return {
    conditions: {
      q: query ? sql`product_id in (select product_id from product_search where search @@ (${query}))` : TRUE,
      store: storeId === null ? TRUE : sql`store_ids @> ${intArray([storeId])}::int[]`,
      category: categoryId === null ? TRUE : sql`category_path @> ${intArray([categoryId])}::int[]`,
      brand: search.brand?.length ? sql`brand_id = any(${intArray(brandIds)}::int[])` : TRUE,
      price: priceCondition(search),
      inStock: search.in_stock ? sql`in_stock` : TRUE,
      discount: search.discount ? sql`discount` : TRUE,
      moq: search.max_moq !== undefined ? sql`moq <= ${search.max_moq}` : TRUE,
    },
    rank: query
      ? sql`(select ts_rank(s.search, (${query})) from product_search s where s.product_id = product_listings.product_id)`
      : null,
    words: parsed.words,
    corrected: parsed.corrected,
    categoryId: categoryId !== null && categoryId > 0 ? categoryId : null,
    brandIds,
  }
}

function facetFilters({ brand, price, inStock, discount, moq }: FacetFilters): FacetFilters {
  return { brand, price, inStock, discount, moq }
}

function priceCondition(search: ProductSearch): SQL {
  const parts: SQL[] = []
  if (search.min_price !== undefined) parts.push(sql`price >= ${search.min_price}`)
  if (search.max_price !== undefined) parts.push(sql`price <= ${search.max_price}`)
  return parts.length ? sql.join(parts, sql` and `) : TRUE
}

// Every column is NOT NULL, so "nulls last" changes no order; it matches the indexes' DESC NULLS
// LAST, which lets PostgreSQL read a page straight from the index instead of sorting every match.
const NEWEST = sql`created_at desc nulls last, product_id desc nulls last`
// "Popular": the most units ordered in the last 30 days (paid orders that stand), then the most
// stores selling it, then the newest, so products nobody ordered still come in a sensible order.
// Matches product_listings_popular_idx.
const POPULAR = sql`ordered_units_30d desc nulls last, store_count desc nulls last, ${NEWEST}`

/** Ties always end on the product id, so pages never overlap or skip a product. */
function orderBy(sort: ProductSort, rank: SQL | null): SQL {
  switch (sort) {
    case 'newest':
      return NEWEST
    case 'price_asc':
      return sql`price asc, product_id asc`
    case 'price_desc':
      return sql`price desc, product_id desc`
    case 'relevance':
      return rank ? sql`${rank} desc, ${POPULAR}` : POPULAR
    case 'popular':
      return POPULAR
  }
}

interface ListingRow {
  product_id: number
  slug: string
  name: string
  unit: string
  brand_name: string | null
  image: string | null
  price: number | string
  list_price: number | string | null
  moq: number
  in_stock: boolean
  discount: boolean
  store_count: number
}

export const CARD_COLUMNS = sql`product_id, slug, name, unit, brand_name, image, price, list_price, moq, in_stock, discount, store_count`

export function toCard(row: ListingRow, words: readonly string[] = []): ProductCard {
  return {
    id: Number(row.product_id),
    slug: row.slug,
    name: row.name,
    unit: row.unit,
    brand: row.brand_name,
    image: row.image,
    lowestPrice: Number(row.price),
    listPrice: row.list_price === null ? null : Number(row.list_price),
    moq: Number(row.moq),
    inStock: Boolean(row.in_stock),
    hasDiscount: Boolean(row.discount),
    storeCount: Number(row.store_count),
    ...(words.length ? { highlight: highlightText(row.name, words) } : {}),
  }
}

export interface ListingOptions {
  /**
   * Without facets (product strips on other pages) the total is counted on its own; `count: false`
   * skips even that when only the cards matter.
   */
  facets?: boolean
  count?: boolean
}

/** One page of the listing for a validated search, with its total and facet counts. */
export async function listProducts(
  db: DbOrTx,
  search: ProductSearch,
  options: ListingOptions = {},
): Promise<ProductListing> {
  const categories = await loadCategoryIndex(db)
  const filters = await resolveFilters(db, search, categories)
  const perPage = search.per_page ?? DEFAULT_PER_PAGE
  const page = search.page ?? 1
  const sort = search.sort ?? 'relevance'
  const c = filters.conditions
  const where = sql.join(
    [c.q, c.store, c.category, c.brand, c.price, c.inStock, c.discount, c.moq],
    sql` and `,
  )
  const withFacets = options.facets !== false
  const [rows, counted] = await Promise.all([
    selectRows<ListingRow>(
      db,
      sql`select ${CARD_COLUMNS} from product_listings where ${where}
          order by ${orderBy(sort, filters.rank)} limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    withFacets
      ? computeFacets(db, {
          base: sql`${c.q} and ${c.store} and ${c.category}`,
          filters: facetFilters(c),
          categories,
          categoryId: filters.categoryId,
          selectedBrandIds: filters.brandIds,
        })
      : options.count === false
        ? null
        : selectRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from product_listings where ${where}`,
          ).then((r) => ({ total: Number(r[0]?.n ?? 0), facets: null })),
  ])
  const total = counted?.total ?? rows.length
  return {
    items: rows.map((row) => toCard(row, filters.words)),
    total,
    page,
    perPage,
    pageCount: Math.min(Math.ceil(total / perPage), constants.catalog.maxPage),
    sort,
    correctedQuery: filters.corrected,
    facets: counted?.facets ?? {
      categories: [],
      categoryTrail: trailOf(categories, filters.categoryId),
      brands: [],
      price: null,
      inStock: 0,
      discount: 0,
      maxMoq: [],
    },
    search,
  }
}
