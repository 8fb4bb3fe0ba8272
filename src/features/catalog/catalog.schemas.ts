import * as v from 'valibot'
import { constants } from '#app-config'
import { SLUG_PATTERN } from '~/lib/schema-pieces'
import { m } from '~/lib/messages'
import { plainNumber } from '~/lib/plain-number'

export { SLUG_PATTERN }

export type { CategoryNode, ProductCard } from './catalog.types'

/**
 * The catalogue's client-safe contracts: the /product search parameters (one schema for the
 * route's validateSearch, the JSON API and the server functions) and the shapes the server returns.
 */

export const productSorts = ['relevance', 'newest', 'price_asc', 'price_desc', 'popular'] as const
export type ProductSort = (typeof productSorts)[number]
export const perPageOptions = constants.catalog.perPageOptions
export type PerPage = (typeof perPageOptions)[number]
export const DEFAULT_PER_PAGE: PerPage = 24
/** Brands one URL may select; more is not a person using the filter panel. */
export const MAX_BRANDS = 20
const MAX_PRICE = Number.MAX_SAFE_INTEGER
const MAX_MOQ = 1_000_000

// The router hands over values it has already JSON-parsed (`?page=2` is the number 2, `?q=true`
// the boolean true, a repeated key an array); the API hands over raw strings. Both are accepted.
const text = v.pipe(
  v.union([v.string(), v.number(), v.boolean()], () => m.server_catalog_must_be_text()),
  v.transform((value) => String(value).trim()),
)

const slug = (label: string) =>
  v.pipe(
    text,
    v.maxLength(100, () => m.server_catalog_too_long({ label })),
    v.regex(SLUG_PATTERN, () => m.server_catalog_not_slug({ label })),
  )

const wholeNumber = (label: string, min: number, max: number) =>
  v.pipe(
    v.union([
      v.number(() => m.server_catalog_whole_number({ label })),
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{1,16}$/, () => m.server_catalog_whole_number({ label })),
        v.transform(Number),
      ),
    ]),
    v.integer(() => m.server_catalog_whole_number({ label })),
    v.minValue(min, () => m.server_catalog_at_least({ label, min: plainNumber(min) })),
    v.maxValue(max, () => m.server_catalog_at_most({ label, max: plainNumber(max) })),
  )

/** true/1 turn a filter on; false/0 leave it off (and out of the canonical URL). */
const flag = (label: string) =>
  v.pipe(
    v.union([v.boolean(), v.picklist(['true', 'false', '1', '0']), v.picklist([1, 0])], () =>
      m.server_catalog_true_false({ label }),
    ),
    v.transform((value) =>
      value === true || value === 'true' || value === '1' || value === 1 ? true : undefined,
    ),
  )

const brandList = v.pipe(
  v.union([v.array(v.union([v.string(), v.number(), v.boolean()])), v.string(), v.number(), v.boolean()]),
  v.transform((value) => (Array.isArray(value) ? value : [value])),
  v.maxLength(MAX_BRANDS, () => m.server_catalog_brands_max({ max: plainNumber(MAX_BRANDS) })),
  v.array(slug('brand')),
  v.transform((list) => [...new Set(list)].sort()),
)

const sortSchema = v.picklist(productSorts, () =>
  m.server_catalog_sort_one_of({ options: productSorts.join(', ') }),
)
const perPageSchema = v.pipe(
  wholeNumber('per_page', 1, 48),
  v.picklist(perPageOptions, () => m.server_catalog_per_page_one_of({ options: perPageOptions.join(', ') })),
)

/**
 * /product's query parameters (DOMAIN.md "Catalogue"). Unknown keys (utm_*, fbclid, ...) are
 * dropped; a known key with a bad value fails, which the route turns into the spec's 404. Filters
 * that are off (false, an empty q) are omitted so the canonical URL holds only what matters.
 */
export const productSearchSchema = v.pipe(
  v.object({
    q: v.optional(
      v.pipe(
        text,
        v.maxLength(100, () => m.server_catalog_q_max({ max: plainNumber(100) })),
      ),
    ),
    category: v.optional(slug('category')),
    brand: v.optional(brandList),
    store: v.optional(slug('store')),
    min_price: v.optional(wholeNumber('min_price', 0, MAX_PRICE)),
    max_price: v.optional(wholeNumber('max_price', 0, MAX_PRICE)),
    in_stock: v.optional(flag('in_stock')),
    discount: v.optional(flag('discount')),
    max_moq: v.optional(wholeNumber('max_moq', 1, MAX_MOQ)),
    sort: v.optional(sortSchema),
    page: v.optional(wholeNumber('page', 1, constants.catalog.maxPage)),
    per_page: v.optional(perPageSchema),
  }),
  v.check(
    (s) => s.min_price === undefined || s.max_price === undefined || s.min_price <= s.max_price,
    () => m.server_catalog_price_order(),
  ),
  v.transform((s) => {
    const out: ProductSearch = {}
    if (s.q) out.q = s.q
    if (s.category) out.category = s.category
    if (s.brand?.length) out.brand = s.brand
    if (s.store) out.store = s.store
    if (s.min_price !== undefined) out.min_price = s.min_price
    if (s.max_price !== undefined) out.max_price = s.max_price
    if (s.in_stock) out.in_stock = true
    if (s.discount) out.discount = true
    if (s.max_moq !== undefined) out.max_moq = s.max_moq
    if (s.sort) out.sort = s.sort
    if (s.page !== undefined && s.page > 1) out.page = s.page
    if (s.per_page !== undefined && s.per_page !== DEFAULT_PER_PAGE) out.per_page = s.per_page
    return out
  }),
)

/** The validated search: only the parameters that change the result. */
export interface ProductSearch {
  q?: string
  category?: string
  brand?: string[]
  store?: string
  min_price?: number
  max_price?: number
  in_stock?: true
  discount?: true
  max_moq?: number
  sort?: ProductSort
  page?: number
  per_page?: PerPage
}

/** Turns URL query parameters (repeated keys allowed) into the object the schema reads. */
export function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key)
    out[key] = all.length > 1 ? all : (all[0] ?? '')
  }
  return out
}

/** The canonical query string of a search: known keys in a fixed order, brands repeated. */
export function productSearchToQuery(search: ProductSearch): string {
  const params = new URLSearchParams()
  const keys = [
    'q',
    'category',
    'brand',
    'store',
    'min_price',
    'max_price',
    'in_stock',
    'discount',
    'max_moq',
  ]
  for (const key of [...keys, 'sort', 'page', 'per_page'] as const) {
    const value = search[key as keyof ProductSearch]
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item))
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}

export const suggestInput = v.object({ q: v.pipe(text, v.minLength(1), v.maxLength(100)) })
export const slugInput = v.object({ slug: slug('slug') })
export const featuredProductsInput = v.object({
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(48)), 12),
})
export const storeListInput = v.object({
  page: v.optional(wholeNumber('page', 1, constants.catalog.maxPage), 1),
  per_page: v.optional(wholeNumber('per_page', 1, 100), 24),
  q: v.optional(v.pipe(text, v.maxLength(100))),
})
export type StoreListInput = v.InferOutput<typeof storeListInput>
