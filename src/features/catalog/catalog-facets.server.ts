import '@tanstack/react-start/server-only'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { memo } from './catalog-cache.server'
import { subtreeOf, trailOf, type CategoryIndex } from './catalog-categories.server'
import { categoryCounts, priceRange, scopeCounts } from './catalog-counts.server'
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
   * Nothing but (at most) a known category narrows the listing: every count is a maintained one
   * (catalog-counts), exact and read without touching the listings.
   */
  browse: boolean
}

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
}

/** The facets of a listing: maintained counts when browsing, else counted over a bounded sample. */
export function computeFacets(db: DbOrTx, input: FacetInput): Promise<FacetResult> {
  return input.browse ? browseFacets(db, input) : sampledFacets(db, input)
}

/** Exact facets of the whole catalogue or of one category, from the maintained counts. */
async function browseFacets(db: DbOrTx, input: FacetInput): Promise<FacetResult> {
  const { categories, categoryId } = input
  const [counts, perCategory, price] = await Promise.all([
    scopeCounts(db, categoryId ?? 0),
    categoryCounts(db),
    priceRange(db, categoryId === null ? null : subtreeOf(categories, categoryId)),
  ])
  const brands = await brandOptions(
    db,
    [...counts.brands].map(([id, count]) => ({ id, count })),
    [],
  )
  const moqAtMost = (t: number) => [...counts.moq].reduce((sum, [moq, n]) => (moq <= t ? sum + n : sum), 0)
  return {
    total: counts.total,
    cappedTotal: null,
    facets: {
      categories: (categories.children.get(categoryId) ?? []).map((c) => ({
        slug: c.slug,
        name: c.name,
        count: perCategory.get(c.id) ?? 0,
      })),
      categoryTrail: trailOf(categories, categoryId),
      brands,
      price: counts.total > 0 ? price : null,
      inStock: counts.inStock,
      discount: counts.discount,
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

/** The brands with the most products (plus the selected ones), named, in alphabetical order. */
async function brandOptions(
  db: DbOrTx,
  counts: { id: number; count: number }[],
  selected: number[],
): Promise<FacetOption[]> {
  const sorted = [...counts].sort((a, b) => b.count - a.count || a.id - b.id)
  const shown = sorted.slice(0, MAX_BRAND_OPTIONS)
  for (const id of selected) {
    if (!shown.some((b) => b.id === id)) shown.push(sorted.find((b) => b.id === id) ?? { id, count: 0 })
  }
  if (shown.length === 0) return []
  const rows = await selectRows<{ id: number; slug: string; name: string }>(
    db,
    sql`select id, slug, name from brands where id = any(${`{${shown.map((b) => b.id).join(',')}}`}::int[])`,
  )
  const names = new Map(rows.map((r) => [Number(r.id), r]))
  return shown
    .flatMap((b) => {
      const brand = names.get(b.id)
      return brand ? [{ slug: brand.slug, name: brand.name, count: b.count }] : []
    })
    .sort((a, b) => a.name.localeCompare(b.name))
}
