import '@tanstack/react-start/server-only'
import { sql, type SQL } from 'drizzle-orm'
import { constants } from '#app-config'
import { currentLocale } from '~/lib/i18n'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { intArray } from '~/server/db/sql-batch.server'
import { highlightText } from './catalog-highlight'
import { loadCategoryIndex, trailOf, type CategoryIndex } from './catalog-categories.server'
import { computeFacets, type FacetFilters, type MaintainedFilter } from './catalog-facets.server'
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
   * `with` clause for every statement of the listing: `hits`, the products matching the search, read
   * once through the GIN index and materialised, so that the listing conditions test membership in a
   * hash instead of matching each row's document again (empty without a search). When any facet
   * filter is set, each hit carries the filter columns its document keeps (brand_id, price, moq,
   * in_stock, discount: the listing's own values), so the conditions on them apply to the hits as
   * they are to the listings.
   */
  hits: SQL
  words: string[]
  corrected: string | null
  categoryId: number | null
  brandIds: number[]
  /** The selected store's id, -1 for an unknown one; null when not filtered by store. */
  storeId: number | null
  /**
   * The listing is the whole catalogue or a known category, with no words, store or price range:
   * the scope the maintained counts (listing_counts) are kept for, per facet value.
   */
  countedScope: boolean
  /**
   * The facets are all maintained counts: nothing but (at most) a known category narrows the
   * listing (`all`), or that and one of in stock / discounted. Null otherwise.
   */
  maintained: MaintainedFilter | null
}

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
  const countedScope =
    query === null &&
    storeId === null &&
    (categoryId === null || categoryId > 0) &&
    search.min_price === undefined &&
    search.max_price === undefined
  // The filter columns ride along with the hits only when a filter reads them.
  const filtered =
    Boolean(search.brand?.length) ||
    search.min_price !== undefined ||
    search.max_price !== undefined ||
    Boolean(search.in_stock) ||
    Boolean(search.discount) ||
    search.max_moq !== undefined
  return {
    conditions: {
      q: query ? sql`product_id in (select product_id from hits)` : TRUE,
      store: storeId === null ? TRUE : sql`store_ids @> ${intArray([storeId])}`,
      category: categoryId === null ? TRUE : sql`category_path @> ${intArray([categoryId])}`,
      brand: search.brand?.length ? sql`brand_id = any(${intArray(brandIds)})` : TRUE,
      price: priceCondition(search),
      inStock: search.in_stock ? sql`in_stock` : TRUE,
      discount: search.discount ? sql`discount` : TRUE,
      moq: search.max_moq !== undefined ? sql`moq <= ${search.max_moq}` : TRUE,
    },
    query,
    hits: query
      ? sql`with hits as materialized (
          select product_id${filtered ? sql`, brand_id, price, moq, in_stock, discount` : sql``}
          from product_search where search @@ (${query}))`
      : sql``,
    words: parsed.words,
    corrected: parsed.corrected,
    categoryId: categoryId !== null && categoryId > 0 ? categoryId : null,
    brandIds,
    storeId,
    countedScope,
    maintained: countedScope ? maintainedFilter(search) : null,
  }
}

/** See ResolvedFilters.maintained; within the counted scope. */
function maintainedFilter(search: ProductSearch): MaintainedFilter | null {
  if (search.brand?.length || search.max_moq !== undefined || (search.in_stock && search.discount))
    return null
  return search.in_stock ? 'in_stock' : search.discount ? 'discount' : 'all'
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
  (select b.name_fa from brands b where b.id = product_listings.brand_id) as brand_name_fa,
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
  // The facet filters hold on the hits themselves (their documents carry those columns): a search
  // narrows its hits by them first and looks up only the listings that pass.
  const onHits = sql.join([c.brand, c.price, c.inStock, c.discount, c.moq], sql` and `)
  const where = filters.query
    ? sql`product_id in (select product_id from hits where ${onHits}) and ${c.store} and ${c.category}`
    : sql`${c.q} and ${c.store} and ${c.category} and ${onHits}`
  // What a walk in an index's order tests each listing for (see firstMatches): not a join, its id
  // against a hash of the hits that pass the facet filters, so that without a store or a category
  // the walk reads the index alone, never a listing's row.
  const walkTest = sql`(product_id in (select product_id from hits where ${onHits})) is true
    and ${c.store} and ${c.category}`
  // A search narrowed by nothing but those filters: its matches are exactly the hits that pass them
  // (every search document belongs to a listing: product_search references product_listings), so
  // they are counted without the listings.
  const fromHits = filters.query !== null && c.store === TRUE && c.category === TRUE
  const counting = cappedCountSql(
    fromHits ? sql`select 1 from hits where ${onHits}` : sql`select 1 from product_listings where ${where}`,
  )
  const offset = (page - 1) * perPage
  const withFacets = options.facets !== false
  // The page's rows first (LIMIT in a subquery), then their cards: the Persian names are looked up
  // for the rows shown, not for every row an offset skips. `at` is each card's place on the page.
  const browsePage = sql`select ${CARD_COLUMNS}, row_number() over (order by ${orderBy(sort)}) as at from (
      select * from product_listings where ${where}
      order by ${orderBy(sort)} limit ${perPage} offset ${offset}
    ) product_listings`
  // Maintained facets are read in the same statement as the page: one round trip.
  const pageWithFacets = withFacets && filters.maintained !== null && !filters.query
  const [rows, faceted] = await Promise.all([
    pageWithFacets
      ? null
      : readPageRows(db, filters, search, { where, walkTest, browsePage, sort, perPage, offset }),
    withFacets
      ? computeFacets(db, {
          hits: filters.hits,
          base: sql`${c.q} and ${c.store} and ${c.category}`,
          narrowed: c.q !== TRUE || c.store !== TRUE || c.category !== TRUE,
          cappedTotal: maintainedCount(filters, search) ?? counting,
          filters: facetFilters(c),
          categories,
          categoryId: filters.categoryId,
          selectedBrandIds: filters.brandIds,
          maintained: filters.maintained,
          page: pageWithFacets ? browsePage : null,
        })
      : null,
  ])
  const counted = await countedTotal(faceted, () =>
    withFacets || options.count !== false
      ? cappedCount(db, filters.hits, maintainedCount(filters, search) ?? counting)
      : { total: rows?.length ?? 0, capped: false },
  )
  const reachable =
    filters.query !== null && sort === 'relevance' ? Math.min(counted.total, RELEVANCE_WINDOW) : counted.total
  return {
    items: (rows ?? (faceted?.page as ListingRow[] | undefined) ?? []).map((row) =>
      toCard(row, filters.words),
    ),
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

/**
 * The number of `rows` (one per match) up to TOTAL_CAP + 1 (one more tells that there are more), as
 * a scalar subquery under the listing's `hits`.
 */
function cappedCountSql(rows: SQL): SQL {
  return sql`select count(*) from (${rows} limit ${TOTAL_CAP + 1}) counted`
}

/**
 * The total read from the maintained counts (catalog-counts) when one of their facets is the only
 * filter on the whole catalogue or a category: in stock, discounted, some brands or an MOQ cap. The
 * same number the listings give (the counts change in the listings' own transactions), without
 * reading them; capped like any other total. Null when the listing is narrowed any other way.
 */
function maintainedCount(filters: ResolvedFilters, search: ProductSearch): SQL | null {
  if (!filters.countedScope) return null
  const scope = filters.categoryId ?? 0
  const facets: SQL[] = []
  if (search.in_stock) facets.push(sql`facet = 'in_stock' and value = 0`)
  if (search.discount) facets.push(sql`facet = 'discount' and value = 0`)
  if (search.brand?.length) facets.push(sql`facet = 'brand' and value = any(${intArray(filters.brandIds)})`)
  if (search.max_moq !== undefined) facets.push(sql`facet = 'moq' and value <= ${search.max_moq}`)
  if (facets.length !== 1) return null
  return sql`select coalesce(sum(n), 0) from listing_counts where scope = ${scope} and ${facets[0]}`
}

function capped(n: number): { total: number; capped: boolean } {
  return n > TOTAL_CAP ? { total: TOTAL_CAP, capped: true } : { total: n, capped: false }
}

/** The number of matches, counted up to TOTAL_CAP, on its own. */
async function cappedCount(
  db: DbOrTx,
  hits: SQL,
  counting: SQL,
): Promise<{ total: number; capped: boolean }> {
  const [row] = await selectRows<{ n: number }>(db, sql`${hits} select (${counting})::int as n`)
  return capped(Number(row?.n ?? 0))
}

/**
 * A search reads at most this many listings in an index's order (popularity, price, newest) before
 * giving up on that order and looking every match up instead; see `firstMatches`.
 */
export const SEARCH_WALK = 20_000

/** A walk is only worth trying past this many hits: fewer are looked up in a few thousand reads. */
const WALK_MIN_HITS = 1_000

/**
 * Whether a walk of SEARCH_WALK listings is expected to meet `count` matches twice over: the hits'
 * share of the listed products times each other filter's share, from the maintained counts
 * (catalog-counts) of the category (or the whole catalogue), taken as independent. Price filters
 * are not counted anywhere and are left out (the fallback covers a walk that comes up short).
 */
function walkWorthIt(filters: ResolvedFilters, search: ProductSearch, count: number): SQL {
  if (search.category && filters.categoryId === null) return sql`false`
  if (filters.storeId !== null && filters.storeId < 0) return sql`false`
  const scope = filters.categoryId ?? 0
  const counted = (at: number, facet: string, value: SQL) =>
    sql`(select coalesce(sum(n), 0) from listing_counts where scope = ${at} and facet = ${facet} and ${value})::float8`
  const all = counted(0, 'all', sql`value = 0`)
  const inScope = counted(scope, 'all', sql`value = 0`)
  const shares: SQL[] = []
  if (filters.categoryId !== null) shares.push(sql`${inScope} / nullif(${all}, 0)`)
  if (search.in_stock) shares.push(sql`${counted(scope, 'in_stock', sql`value = 0`)} / nullif(${inScope}, 0)`)
  if (search.discount) shares.push(sql`${counted(scope, 'discount', sql`value = 0`)} / nullif(${inScope}, 0)`)
  if (search.brand?.length)
    shares.push(
      sql`${counted(scope, 'brand', sql`value = any(${intArray(filters.brandIds)})`)} / nullif(${inScope}, 0)`,
    )
  if (search.max_moq !== undefined)
    shares.push(sql`${counted(scope, 'moq', sql`value <= ${search.max_moq}`)} / nullif(${inScope}, 0)`)
  if (filters.storeId !== null)
    shares.push(sql`${counted(0, 'store', sql`value = ${filters.storeId}`)} / nullif(${all}, 0)`)
  return sql`(select count(*) from hits) >= ${WALK_MIN_HITS}
    and (select count(*) from hits)::float8 / nullif(${all}, 0) * ${SEARCH_WALK}
      ${sql.join(
        shares.map((share) => sql` * ${share}`),
        sql``,
      )} >= ${2 * count}`
}

/**
 * `with` clauses ending in `matches`: the first `count` listings matching a search (`where`), in
 * `order`, with `columns` (the product id and the order's columns). `walkTest` is the same
 * condition as a walk tests it.
 *
 * When the word is broad, the first matches come soonest by walking the order's index and testing
 * each listing's id against the hashed hits: "bottle" fills a page of 24 cheapest after a few
 * hundred index entries, where looking each of 10,000 matches up and sorting them reads every one.
 * The walk reads at most SEARCH_WALK listings, and is only tried when it is expected to fill `count`
 * within them (`walkWorthIt`); a walk that still comes up short is dropped and every match is looked
 * up and sorted as before. Either way `matches` holds exactly the first `count` matches in `order`.
 */
function firstMatches(
  hits: SQL,
  where: SQL,
  walkTest: SQL,
  worthIt: SQL,
  order: SQL,
  columns: SQL,
  count: number,
): SQL {
  return sql`
    ${hits}, walked as materialized (
      select ${columns} from (select * from product_listings order by ${order} limit ${SEARCH_WALK}) w
      where ${worthIt}
        and ${walkTest}
      order by ${order} limit ${count}
    ),
    matches as (
      select * from walked where (select count(*) from walked) = ${count}
      union all
      (select ${columns} from product_listings
        where (select count(*) from walked) < ${count} and ${where}
        order by ${order} limit ${count})
    )
  `
}

interface PageQuery {
  /** The listings matching the search, and the same condition as an index walk tests it. */
  where: SQL
  walkTest: SQL
  /** The page of a browse (no words): the listing read in the sort's index order. */
  browsePage: SQL
  sort: ProductSort
  perPage: number
  offset: number
}

/**
 * The page's rows: a search by relevance ranks its most popular matches, a search in another order
 * takes its first matches in that order, and a browse reads the listing in the sort's index order.
 */
function readPageRows(
  db: DbOrTx,
  filters: ResolvedFilters,
  search: ProductSearch,
  page: PageQuery,
): Promise<ListingRow[]> {
  const { where, walkTest, sort, perPage, offset } = page
  if (filters.query === null) return selectRows<ListingRow>(db, sql`${page.browsePage} order by at`)
  if (sort === 'relevance')
    return rankedPage(
      db,
      filters.hits,
      where,
      walkTest,
      walkWorthIt(filters, search, RELEVANCE_WINDOW),
      filters.query,
      perPage,
      offset,
    )
  return sortedSearchPage(
    db,
    filters.hits,
    where,
    walkTest,
    walkWorthIt(filters, search, offset + perPage),
    sort,
    perPage,
    offset,
  )
}

/**
 * The listing's total: exact from the facets when they are exact, capped when they carried a
 * capped count, else what `count` reads (a count of its own, or the page's rows).
 */
async function countedTotal(
  faceted: { facets: { approximate: boolean }; total: number; cappedTotal?: number | null } | null,
  count: () => Promise<{ total: number; capped: boolean }> | { total: number; capped: boolean },
): Promise<{ total: number; capped: boolean }> {
  if (faceted && !faceted.facets.approximate) return { total: faceted.total, capped: false }
  if (faceted?.cappedTotal != null) return capped(faceted.cappedTotal)
  return count()
}

/** The columns a sort orders by, with the product id: all an index-only walk has to give. */
function sortColumns(sort: ProductSort): SQL {
  switch (sort) {
    case 'newest':
      return sql`product_id, created_at`
    case 'price_asc':
    case 'price_desc':
      return sql`product_id, price`
    case 'relevance':
    case 'popular':
      return sql`product_id, ordered_units_30d, store_count, created_at`
  }
}

/** A page of a search sorted by price or date: the first matches up to the page, then its cards. */
function sortedSearchPage(
  db: DbOrTx,
  hits: SQL,
  where: SQL,
  walkTest: SQL,
  worthIt: SQL,
  sort: ProductSort,
  perPage: number,
  offset: number,
): Promise<ListingRow[]> {
  const order = orderBy(sort)
  return selectRows<ListingRow>(
    db,
    sql`
      ${firstMatches(hits, where, walkTest, worthIt, order, sortColumns(sort), offset + perPage)},
      shown as (select product_id from matches order by ${order} limit ${perPage} offset ${offset})
      select ${CARD_COLUMNS} from product_listings where product_id in (select product_id from shown)
      order by ${order}
    `,
  )
}

/**
 * A page of a search by relevance: the RELEVANCE_WINDOW most popular matches (`firstMatches` in
 * the popularity index's order), ranked by ts_rank among themselves (popularity breaks ties), and
 * only the page shown joined back to its cards.
 */
function rankedPage(
  db: DbOrTx,
  hits: SQL,
  where: SQL,
  walkTest: SQL,
  worthIt: SQL,
  query: SQL,
  perPage: number,
  offset: number,
): Promise<ListingRow[]> {
  return selectRows<ListingRow>(
    db,
    sql`
      ${firstMatches(
        hits,
        where,
        walkTest,
        worthIt,
        POPULAR,
        sql`product_id, ordered_units_30d, store_count, created_at`,
        RELEVANCE_WINDOW,
      )},
      shown as (
        -- Each candidate's document by its key (a subquery, so the planner never trades the
        -- thousand look-ups for a scan of every document).
        select c.product_id, row_number() over (
          order by ts_rank((select s.search from product_search s where s.product_id = c.product_id), (${query})) desc,
            c.ordered_units_30d desc, c.store_count desc, c.created_at desc, c.product_id desc
        ) as at
        from matches c
        order by at limit ${perPage} offset ${offset}
      )
      select ${CARD_COLUMNS} from product_listings join shown using (product_id) order by shown.at
    `,
  )
}
