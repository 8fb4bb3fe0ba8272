import '@tanstack/react-start/server-only'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { intArray, textArray } from '~/server/db/sql-batch.server'
import { memo } from './catalog-cache.server'
import { subtreeOf, trailOf, type CategoryIndex } from './catalog-categories.server'
import type { FacetOption, ListingFacets } from './catalog.types'

/** The filters a facet leaves out when counting its own options. */
export interface FacetFilters {
  brand: SQL
  price: SQL
  inStock: SQL
  discount: SQL
  moq: SQL
}

export interface FacetInput {
  /** The listing's `with hits as (...)` clause (empty without a search). */
  hits: SQL
  /**
   * Conditions every count shares: the text search, the store, and the category (the category
   * facet lists the selected category's children, which lie inside it anyway).
   */
  base: SQL
  /** Whether `base` narrows anything (a search, a store or a category), or is just `true`. */
  narrowed: boolean
  filters: FacetFilters
  categories: CategoryIndex
  categoryId: number | null
  selectedBrandIds: number[]
  /**
   * The listing's total, counted up to TOTAL_CAP + 1 (a scalar subquery, under the same `hits`):
   * run in the same statement only when the sample overflows, so a broad word reads its hits once.
   */
  cappedTotal: SQL
  /**
   * When every count is a maintained one (catalog-counts), exact and read without touching the
   * listings: `all` when nothing but (at most) a known category narrows the listing, `in_stock` or
   * `discount` when that one filter is added to it. Null otherwise.
   */
  maintained: MaintainedFilter | null
  /**
   * With maintained facets, the page's card rows (a statement with an `at` column, the place on the
   * page) to read in the same statement: returned as `page`.
   */
  page?: SQL | null
}

/** What narrows a listing whose facets are all maintained counts, besides its category. */
export type MaintainedFilter = 'all' | 'in_stock' | 'discount'

/** MOQ thresholds offered by the "max MOQ" facet. */
export const MOQ_THRESHOLDS = [1, 5, 10, 25, 50, 100] as const
/** Brands listed in the facet (the selected ones are always added). */
const MAX_BRAND_OPTIONS = 30
/** Counts may lag a refresh by this much on other instances (see catalog-cache). */
const FACET_TTL_MS = 30_000
/**
 * A filtered listing or a search counts its facets over at most this many of the rows the shared
 * conditions leave (the first the index gives), so a broad word costs the same as a narrow one.
 * Beyond it the facet counts are marked approximate and the total is counted on its own, capped.
 */
export const FACET_SAMPLE = 3_000

type FacetName = keyof FacetFilters
const names: FacetName[] = ['brand', 'price', 'inStock', 'discount', 'moq']
const flag = (n: FacetName) => sql.raw(`f_${n.toLowerCase()}`)
const dialect = new PgDialect()

/** Every filter but `except`: a facet's counts ignore its own selection. */
function allBut(except: FacetName | null): SQL {
  return sql.join(names.filter((n) => n !== except).map(flag), sql` and `)
}

interface AggregateRow {
  g_brand: number
  g_child: number
  brand_id: number | null
  child: number | null
  n_all: number
  n_sample: number
  n_brand: number
  n_price: number
  lo: string | null
  hi: string | null
  n_capped: number | null
  n_stock: number
  n_discount: number
  [moq: `m${number}`]: number
}

export interface FacetResult {
  /** Exact unless the facets are approximate (then `cappedTotal` holds the count). */
  total: number
  /** When the facets are approximate: the total counted up to TOTAL_CAP + 1; else null. */
  cappedTotal: number | null
  facets: ListingFacets
  /** The rows of `FacetInput.page` in page order (the json of each row), when it was given. */
  page?: unknown[]
}

/** The facets of a listing: maintained counts when it has them, else counted over a bounded sample. */
export function computeFacets(db: DbOrTx, input: FacetInput): Promise<FacetResult> {
  return input.maintained ? maintainedFacets(db, input, input.maintained) : sampledFacets(db, input)
}

/**
 * The `listing_counts` facets (see schema/listings.ts) each count reads under a filter: a facet
 * ignores its own selection, so "in stock" under the in-stock filter is the plain in-stock count.
 */
const MAINTAINED_KEYS: Record<
  MaintainedFilter,
  { total: string; brand: string; inStock: string; discount: string; moq: string }
> = {
  all: { total: 'all', brand: 'brand', inStock: 'in_stock', discount: 'discount', moq: 'moq' },
  in_stock: {
    total: 'in_stock',
    brand: 'in_stock:brand',
    inStock: 'in_stock',
    discount: 'in_stock:discount',
    moq: 'in_stock:moq',
  },
  discount: {
    total: 'discount',
    brand: 'discount:brand',
    inStock: 'in_stock:discount',
    discount: 'discount',
    moq: 'discount:moq',
  },
}

/** A json column: parsed by postgres-js, a string on some drivers. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T

/**
 * Exact facets of the whole catalogue or of one category, unfiltered or filtered by in stock or by
 * discounted, from the maintained counts, in one statement: the scope's counts (brands named), the
 * child categories' counts, and the price range from one index probe per category at each end.
 */
async function maintainedFacets(
  db: DbOrTx,
  input: FacetInput,
  filter: MaintainedFilter,
): Promise<FacetResult> {
  const { categories, categoryId } = input
  const keys = MAINTAINED_KEYS[filter]
  const children = categories.children.get(categoryId) ?? []
  const only = filter === 'all' ? sql`` : sql` and ${sql.raw(filter)}`
  // The price range: the whole catalogue unfiltered straight from the price index, else from each
  // category's end of (category_id, price), or of its partial index for the filter.
  const price =
    categoryId === null && filter === 'all'
      ? sql`select min(price) as lo, max(price) as hi from product_listings`
      : sql`select min(r.lo) as lo, max(r.hi) as hi
          from unnest(${intArray(categoryId === null ? categories.all.map((c) => c.id) : subtreeOf(categories, categoryId))}) as c(id)
          cross join lateral (
            select min(price) as lo, max(price) as hi from product_listings where category_id = c.id${only}
          ) r`
  const [row] = await selectRows<{
    counts: unknown
    children: unknown
    page?: unknown
    lo: string | number | null
    hi: string | number | null
  }>(
    db,
    sql`
      with counted as (
        select facet, value, sum(n)::int as n from listing_counts
        where scope = ${categoryId ?? 0} and facet = any(${textArray(Object.values(keys))})
        group by facet, value having sum(n) <> 0
      ), price as (${price})
      select
        (select coalesce(json_agg(json_build_array(c.facet, c.value, c.n, b.slug, b.name)), '[]')
          from counted c left join brands b on c.facet = ${keys.brand} and b.id = c.value) as counts,
        (select coalesce(json_agg(json_build_array(k.scope, k.n)), '[]') from (
          select scope, sum(n)::int as n from listing_counts
          where scope = any(${intArray(children.map((c) => c.id))}) and facet = ${keys.total} and value = 0
          group by scope having sum(n) <> 0) k) as children,
        (select lo from price) as lo, (select hi from price) as hi
        ${input.page ? sql`, (select coalesce(json_agg(p order by p.at), '[]') from (${input.page}) p) as page` : sql``}
    `,
  )
  let total = 0
  let inStock = 0
  let discount = 0
  const brandCounts: { id: number; count: number }[] = []
  const brandNames = new Map<number, { slug: string; name: string }>()
  const moq = new Map<number, number>()
  for (const [facet, value, n, slug, name] of json<[string, number, number, string | null, string | null][]>(
    row?.counts ?? '[]',
  )) {
    // A facet may serve two counts (the filter's own: the total and its option).
    if (facet === keys.total) total = n
    if (facet === keys.inStock) inStock = n
    if (facet === keys.discount) discount = n
    if (facet === keys.moq) moq.set(value, n)
    if (facet === keys.brand) {
      brandCounts.push({ id: value, count: n })
      if (slug !== null && name !== null) brandNames.set(value, { slug, name })
    }
  }
  const perChild = new Map(json<[number, number][]>(row?.children ?? '[]'))
  const moqAtMost = (t: number) => [...moq].reduce((sum, [value, n]) => (value <= t ? sum + n : sum), 0)
  return {
    ...(input.page ? { page: json<unknown[]>(row?.page ?? '[]') } : {}),
    total,
    cappedTotal: null,
    facets: {
      categories: children.map((c) => ({ slug: c.slug, name: c.name, count: perChild.get(c.id) ?? 0 })),
      categoryTrail: trailOf(categories, categoryId),
      brands: namedBrands(pickBrands(brandCounts, []), brandNames),
      price:
        total > 0 && row?.lo != null && row.hi != null ? { min: Number(row.lo), max: Number(row.hi) } : null,
      inStock,
      discount,
      maxMoq: MOQ_THRESHOLDS.map((value) => ({ value, count: moqAtMost(value) })),
      approximate: false,
    },
  }
}

/**
 * The result count and every facet's counts in one pass over (a bounded sample of) the rows the
 * shared conditions leave: each count is a FILTER over the other filters' flags, grouped by brand,
 * by child category (the path element one level below the selected category) and overall. Rows
 * failing two or more filters count nowhere, so they are left out before grouping.
 */
function sampledFacets(db: DbOrTx, input: FacetInput): Promise<FacetResult> {
  const { filters, categories, categoryId } = input
  const depth = trailOf(categories, categoryId).length
  const failed = sql.join(
    names.map((n) => sql`(not ${flag(n)})::int`),
    sql` + `,
  )
  const moqCounts = MOQ_THRESHOLDS.map(
    (t) =>
      sql`count(*) filter (where moq <= ${sql.raw(String(t))} and ${allBut('moq')})::int as ${sql.raw(`m${t}`)}`,
  )
  // A bare `with` opens the clause when the listing has no hits CTE to extend.
  const open = dialect.sqlToQuery(input.hits).sql ? sql`${input.hits},` : sql`with`
  const statement = sql`
    ${open} flagged as (
      select brand_id, category_path[${sql.raw(String(depth + 1))}] as child, price, moq, in_stock, discount,
        coalesce(${filters.brand}, false) as f_brand, coalesce(${filters.price}, false) as f_price,
        coalesce(${filters.inStock}, false) as f_instock, coalesce(${filters.discount}, false) as f_discount,
        coalesce(${filters.moq}, false) as f_moq
      from product_listings where ${input.base}
      -- With nothing shared to narrow by (filters only), the sample is the newest products, read
      -- from the primary key's end rather than whatever a sequential scan meets first.
      ${input.narrowed ? sql`` : sql`order by product_id desc`} limit ${sql.raw(String(FACET_SAMPLE + 1))}
    ), base as (select * from flagged where ${failed} <= 1)
    select grouping(brand_id) as g_brand, grouping(child) as g_child, brand_id, child,
      count(*) filter (where ${allBut(null)})::int as n_all,
      (select count(*) from flagged)::int as n_sample,
      -- An InitPlan, run only when its branch is reached: the sample overflowed.
      case when (select count(*) from flagged) > ${sql.raw(String(FACET_SAMPLE))}
        then (${input.cappedTotal})::int end as n_capped,
      count(*) filter (where ${allBut('brand')})::int as n_brand,
      count(*) filter (where ${allBut('price')})::int as n_price,
      min(price) filter (where ${allBut('price')}) as lo,
      max(price) filter (where ${allBut('price')}) as hi,
      count(*) filter (where in_stock and ${allBut('inStock')})::int as n_stock,
      count(*) filter (where discount and ${allBut('discount')})::int as n_discount,
      ${sql.join(moqCounts, sql`, `)}
    from base
    group by grouping sets ((brand_id), (child), ())
  `
  // The statement's text and parameters are exactly what makes the counts what they are.
  const built = dialect.sqlToQuery(statement)
  const key = `facets:${built.sql}:${JSON.stringify(built.params)}`
  return memo(key, FACET_TTL_MS, async () => {
    const rows = await selectRows<AggregateRow>(db, statement)
    const overall = rows.find((r) => Number(r.g_brand) === 1 && Number(r.g_child) === 1)
    const byBrand = rows.filter(
      (r) => Number(r.g_brand) === 0 && r.brand_id !== null && Number(r.n_brand) > 0,
    )
    const byChild = new Map(
      rows
        .filter((r) => Number(r.g_child) === 0 && r.child !== null)
        .map((r) => [Number(r.child), Number(r.n_all)]),
    )
    const brands = await brandOptions(
      db,
      byBrand.map((r) => ({ id: Number(r.brand_id), count: Number(r.n_brand) })),
      input.selectedBrandIds,
    )
    const options = (categories.children.get(categoryId) ?? []).map((c) => ({
      slug: c.slug,
      name: c.name,
      count: byChild.get(c.id) ?? 0,
    }))
    const approximate = Number(overall?.n_sample ?? 0) > FACET_SAMPLE
    return {
      total: Number(overall?.n_all ?? 0),
      cappedTotal: approximate && overall?.n_capped != null ? Number(overall.n_capped) : null,
      facets: {
        approximate,
        categories: options,
        categoryTrail: trailOf(categories, categoryId),
        brands,
        price:
          overall && Number(overall.n_price) > 0
            ? { min: Number(overall.lo), max: Number(overall.hi) }
            : null,
        inStock: Number(overall?.n_stock ?? 0),
        discount: Number(overall?.n_discount ?? 0),
        maxMoq: MOQ_THRESHOLDS.map((value) => ({ value, count: Number(overall?.[`m${value}`] ?? 0) })),
      },
    }
  })
}

/** The brands with the most products, plus the selected ones (the selected with their counts or 0). */
function pickBrands(
  counts: { id: number; count: number }[],
  selected: number[],
): { id: number; count: number }[] {
  const sorted = [...counts].sort((a, b) => b.count - a.count || a.id - b.id)
  const shown = sorted.slice(0, MAX_BRAND_OPTIONS)
  for (const id of selected) {
    if (!shown.some((b) => b.id === id)) shown.push(sorted.find((b) => b.id === id) ?? { id, count: 0 })
  }
  return shown
}

/** Those brands with their names, in alphabetical order (a brand not found is left out). */
function namedBrands(
  shown: { id: number; count: number }[],
  names: Map<number, { slug: string; name: string }>,
): FacetOption[] {
  return shown
    .flatMap((b) => {
      const brand = names.get(b.id)
      return brand ? [{ slug: brand.slug, name: brand.name, count: b.count }] : []
    })
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** The brands with the most products (plus the selected ones), named, in alphabetical order. */
async function brandOptions(
  db: DbOrTx,
  counts: { id: number; count: number }[],
  selected: number[],
): Promise<FacetOption[]> {
  const shown = pickBrands(counts, selected)
  if (shown.length === 0) return []
  const rows = await selectRows<{ id: number; slug: string; name: string }>(
    db,
    sql`select id, slug, name from brands where id = any(${intArray(shown.map((b) => b.id))})`,
  )
  return namedBrands(shown, new Map(rows.map((r) => [Number(r.id), r])))
}
