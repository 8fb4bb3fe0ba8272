import '@tanstack/react-start/server-only'
import { sql, type SQL } from 'drizzle-orm'
import { constants } from '#app-config'
import { currentLocale } from '~/lib/i18n'
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
/** Totals past this are shown as "10,000+": counting every match of a broad word costs a scan. */
export const TOTAL_CAP = 10_000
/**
 * A search sorted by relevance ranks this many matches, the most popular ones (read in the
 * popularity index's order), and pages through them: a broad word never ranks every match. Other
 * sorts page through every match.
 */
export const RELEVANCE_WINDOW = 1_000

interface ResolvedFilters {
  /** Each filter as a condition on product_listings; `true` when not set. */
  conditions: FacetFilters & { q: SQL; store: SQL; category: SQL }
  /** The tsquery of the search words, when there is a search. */
  query: SQL | null
  /**
   * `with` clause for every statement of the listing: `hits`, the ids of the products matching the
   * search, read once through the GIN index and materialised, so that the listing conditions test
   * membership in a hash instead of matching each row's document again (empty without a search).
   */
  hits: SQL
  words: string[]
  corrected: string | null
  categoryId: number | null
  brandIds: number[]
  /** Nothing but a known category (or nothing at all) narrows the listing. */
  browse: boolean
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
      q: query ? sql`product_id in (select product_id from hits)` : TRUE,
      store: storeId === null ? TRUE : sql`store_ids @> ${intArray([storeId])}::int[]`,
      category: categoryId === null ? TRUE : sql`category_path @> ${intArray([categoryId])}::int[]`,
      brand: search.brand?.length ? sql`brand_id = any(${intArray(brandIds)}::int[])` : TRUE,
      price: priceCondition(search),
      inStock: search.in_stock ? sql`in_stock` : TRUE,
      discount: search.discount ? sql`discount` : TRUE,
      moq: search.max_moq !== undefined ? sql`moq <= ${search.max_moq}` : TRUE,
    },
    query,
    hits: query
      ? sql`with hits as materialized (select product_id from product_search where search @@ (${query}))`
      : sql``,
    words: parsed.words,
    corrected: parsed.corrected,
    categoryId: categoryId !== null && categoryId > 0 ? categoryId : null,
    brandIds,
    browse:
      query === null &&
      storeId === null &&
      (categoryId === null || categoryId > 0) &&
      !search.brand?.length &&
      search.min_price === undefined &&
      search.max_price === undefined &&
      !search.in_stock &&
      !search.discount &&
      search.max_moq === undefined,
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
function orderBy(sort: ProductSort): SQL {
  switch (sort) {
    case 'newest':
      return NEWEST
    case 'price_asc':
      return sql`price asc, product_id asc`
    case 'price_desc':
      return sql`price desc, product_id desc`
    case 'relevance':
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
  name_fa: string | null
  brand_name_fa: string | null
  unit_fa: string | null
}

// The Persian names and unit come from the products and brands themselves (the read model keeps the
// English ones): a card in fa shows them where the catalogue has them.
export const CARD_COLUMNS = sql`product_id, slug, name, unit, brand_name, image, price, list_price, moq, in_stock, discount, store_count,
  (select p.name_fa from products p where p.id = product_listings.product_id) as name_fa,
  (select b.name_fa from products p join brands b on b.id = p.brand_id where p.id = product_listings.product_id) as brand_name_fa,
  (select p.unit_fa from products p where p.id = product_listings.product_id) as unit_fa`

export function toCard(row: ListingRow, words: readonly string[] = []): ProductCard {
  const fa = currentLocale() === 'fa'
  const name = (fa && row.name_fa) || row.name
  return {
    id: Number(row.product_id),
    slug: row.slug,
    name,
    unit: (fa && row.unit_fa) || row.unit,
    brand: (fa && row.brand_name_fa) || row.brand_name,
    image: row.image,
    lowestPrice: Number(row.price),
    listPrice: row.list_price === null ? null : Number(row.list_price),
    moq: Number(row.moq),
    inStock: Boolean(row.in_stock),
    hasDiscount: Boolean(row.discount),
    storeCount: Number(row.store_count),
    ...(words.length ? { highlight: highlightText(name, words) } : {}),
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
  const ranked = filters.query !== null && sort === 'relevance'
  const offset = (page - 1) * perPage
  const withFacets = options.facets !== false
  const [rows, faceted] = await Promise.all([
    ranked
      ? rankedPage(db, filters.hits, where, filters.query!, perPage, offset)
      : selectRows<ListingRow>(
          db,
          sql`${filters.hits} select ${CARD_COLUMNS} from product_listings where ${where}
              order by ${orderBy(sort)} limit ${perPage} offset ${offset}`,
        ),
    withFacets
      ? computeFacets(db, {
          hits: filters.hits,
          base: sql`${c.q} and ${c.store} and ${c.category}`,
          narrowed: c.q !== TRUE || c.store !== TRUE || c.category !== TRUE,
          filters: facetFilters(c),
          categories,
          categoryId: filters.categoryId,
          selectedBrandIds: filters.brandIds,
          browse: filters.browse,
        })
      : null,
  ])
  const counted =
    faceted && !faceted.facets.approximate
      ? { total: faceted.total, capped: false }
      : withFacets || options.count !== false
        ? await cappedCount(db, filters.hits, where)
        : { total: rows.length, capped: false }
  const reachable = ranked ? Math.min(counted.total, RELEVANCE_WINDOW) : counted.total
  return {
    items: rows.map((row) => toCard(row, filters.words)),
    total: counted.total,
    totalCapped: counted.capped,
    page,
    perPage,
    pageCount: Math.min(Math.ceil(reachable / perPage), constants.catalog.maxPage),
    sort,
    correctedQuery: filters.corrected,
    facets: faceted?.facets ?? {
      categories: [],
      categoryTrail: trailOf(categories, filters.categoryId),
      brands: [],
      price: null,
      inStock: 0,
      discount: 0,
      maxMoq: [],
      approximate: false,
    },
    search,
  }
}

/** The number of matches, counted up to TOTAL_CAP (one more tells that there are more). */
async function cappedCount(db: DbOrTx, hits: SQL, where: SQL): Promise<{ total: number; capped: boolean }> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`${hits} select count(*)::int as n from (select 1 from product_listings where ${where} limit ${TOTAL_CAP + 1}) hits`,
  )
  const n = Number(row?.n ?? 0)
  return n > TOTAL_CAP ? { total: TOTAL_CAP, capped: true } : { total: n, capped: false }
}

/**
 * A page of a search by relevance: the RELEVANCE_WINDOW most popular matches (the popularity
 * index's order, so PostgreSQL stops reading there), ranked by ts_rank among themselves (popularity
 * breaks ties), and only the page shown joined back to its cards.
 */
function rankedPage(
  db: DbOrTx,
  hits: SQL,
  where: SQL,
  query: SQL,
  perPage: number,
  offset: number,
): Promise<ListingRow[]> {
  return selectRows<ListingRow>(
    db,
    sql`
      ${hits}, candidates as (
        select product_id, ordered_units_30d, store_count, created_at from product_listings
        where ${where} order by ${POPULAR} limit ${RELEVANCE_WINDOW}
      ),
      shown as (
        select c.product_id, row_number() over (
          order by ts_rank(s.search, (${query})) desc, c.ordered_units_30d desc, c.store_count desc,
            c.created_at desc, c.product_id desc
        ) as at
        from candidates c join product_search s on s.product_id = c.product_id
        order by at limit ${perPage} offset ${offset}
      )
      select ${CARD_COLUMNS} from product_listings join shown using (product_id) order by shown.at
    `,
  )
}
