import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listProducts } from '~/features/catalog/catalog-listing.server'
import { MOQ_THRESHOLDS } from '~/features/catalog/catalog-facets.server'
import type { ProductSearch, ProductSort } from '~/features/catalog/catalog.schemas'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { expectedListing, loadCatalogModel, passes, type CatalogModel } from '../support/catalog-model'
import { createSeededCatalog, type SeededCatalog } from '../support/seeded-catalog'
import { usingPostgres } from '../support/test-database'

let catalog: SeededCatalog
let model: CatalogModel
const db = () => catalog.handle.db

beforeAll(async () => {
  catalog = await createSeededCatalog()
  model = await loadCatalogModel(db())
  // Every answer below is computed, not served from the facet memo.
  setCatalogCacheEnabled(false)
}, 180_000)
afterAll(async () => {
  setCatalogCacheEnabled(true)
  await catalog?.close()
})

/** The whole ordered result of a search, walking every page. */
async function allIds(search: ProductSearch): Promise<number[]> {
  const ids: number[] = []
  for (let page = 1; page <= 500; page++) {
    const listing = await listProducts(db(), { ...search, page, per_page: 48 }, { facets: false })
    ids.push(...listing.items.map((i) => i.id))
    if (page >= listing.pageCount) break
  }
  return ids
}

const ids = (cards: { id: number }[]) => cards.map((c) => c.id)
const topCategory = () => model.categoryChildren(null)[0]!
const leafCategory = () => model.categoryChildren(model.categoryChildren(null)[1]!.id)[2]!
const brandsInUse = () => [...new Set(model.cards.map((c) => c.brandSlug!))].sort()

describe(`the listing read model on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('lists exactly the active products with a live offer, each card as the pricing rules say', async () => {
    expect(model.cards.length).toBeGreaterThan(1500)
    const listing = await listProducts(db(), { per_page: 48 }, { facets: false })
    expect(listing.total).toBe(model.cards.length)
    const byId = new Map(model.cards.map((c) => [c.id, c]))
    const every = await allIds({ sort: 'newest' })
    expect(new Set(every)).toEqual(new Set(byId.keys()))
    for (const sort of ['price_asc', 'newest'] as const) {
      const page = await listProducts(db(), { sort, per_page: 48 }, { facets: false })
      for (const card of page.items) {
        const expected = byId.get(card.id)!
        expect(card).toMatchObject({
          slug: expected.slug,
          name: expected.name,
          brand: expected.brandName,
          image: expected.image,
          lowestPrice: expected.price,
          listPrice: expected.listPrice,
          moq: expected.moq,
          inStock: expected.inStock,
          hasDiscount: expected.discount,
          storeCount: expected.storeCount,
        })
      }
    }
    // The seeded data exercises every branch of the rules.
    expect(model.cards.some((c) => c.listPrice !== null)).toBe(true)
    expect(model.cards.some((c) => !c.inStock)).toBe(true)
    expect(model.cards.some((c) => c.storeCount > 1)).toBe(true)
    expect(model.cards.some((c) => c.moq > 1)).toBe(true)
  })

  it.each<[string, () => ProductSearch]>([
    ['a top-level category (its sub-categories included)', () => ({ category: topCategory().slug })],
    ['a leaf category', () => ({ category: leafCategory().slug })],
    ['one brand', () => ({ brand: [brandsInUse()[3]!] })],
    ['two brands', () => ({ brand: [brandsInUse()[3]!, brandsInUse()[40]!] })],
    [
      'a store',
      () => ({
        store: model.storeSlugs.find(
          (s) => model.cards.filter((c) => c.storeIds.includes(model.storeBySlug.get(s)!.id)).length > 20,
        )!,
      }),
    ],
    ['a minimum price', () => ({ min_price: 20_000_000 })],
    ['a maximum price', () => ({ max_price: 5_000_000 })],
    ['a price range', () => ({ min_price: 5_000_000, max_price: 15_000_000 })],
    ['in stock', () => ({ in_stock: true })],
    ['discounted', () => ({ discount: true })],
    ['a maximum MOQ', () => ({ max_moq: 1 })],
    [
      'everything at once',
      () => ({ category: topCategory().slug, in_stock: true, max_moq: 5, max_price: 40_000_000 }),
    ],
    ['an unknown category', () => ({ category: 'no-such-category' })],
  ])('filters by %s exactly like a brute-force pass over the data', async (_label, make) => {
    const search = make()
    const expected = expectedListing(model, search)
    const listing = await listProducts(db(), { ...search, per_page: 48 }, { facets: false })
    expect(listing.total).toBe(expected.length)
    expect(ids(listing.items)).toEqual(ids(expected.slice(0, 48)))
  })

  it.each<ProductSort>(['newest', 'price_asc', 'price_desc', 'popular', 'relevance'])(
    'sorts by %s over every page, without overlaps or gaps',
    async (sort) => {
      const search: ProductSearch = { sort, category: model.categoryChildren(null)[2]!.slug }
      expect(await allIds(search)).toEqual(ids(expectedListing(model, search)))
    },
  )

  it('pages with 12, 24 and 48 per page, and counts the pages', async () => {
    const expected = ids(expectedListing(model, { sort: 'price_asc' }))
    for (const perPage of [12, 24, 48] as const) {
      const second = await listProducts(
        db(),
        { sort: 'price_asc', per_page: perPage, page: 2 },
        { facets: false },
      )
      expect(ids(second.items)).toEqual(expected.slice(perPage, 2 * perPage))
      expect(second.pageCount).toBe(Math.ceil(expected.length / perPage))
    }
    const beyond = await listProducts(db(), { sort: 'price_asc', page: 500 }, { facets: false })
    expect(beyond.items).toEqual([])
  })

  it('combines any filters correctly (property-based against the brute force)', async () => {
    const brands = brandsInUse()
    const cats = [...model.categoryBySlug.keys()]
    const search = fc.record(
      {
        category: fc.constantFrom(...cats),
        brand: fc
          .uniqueArray(fc.constantFrom(...brands), { minLength: 1, maxLength: 3 })
          .map((b) => b.sort()),
        min_price: fc.integer({ min: 0, max: 30_000_000 }),
        max_price: fc.integer({ min: 30_000_000, max: 90_000_000 }),
        in_stock: fc.constant(true as const),
        discount: fc.constant(true as const),
        max_moq: fc.constantFrom(1, 3, 10, 50),
        sort: fc.constantFrom<ProductSort>('newest', 'price_asc', 'price_desc', 'popular'),
      },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(search, async (s) => {
        const expected = expectedListing(model, s)
        const listing = await listProducts(db(), { ...s, per_page: 24 }, { facets: false })
        expect(listing.total).toBe(expected.length)
        expect(ids(listing.items)).toEqual(ids(expected.slice(0, 24)))
      }),
      { numRuns: 60 },
    )
  })
})

describe('facet counts', () => {
  function expectedFacets(search: ProductSearch) {
    const base = (ignore?: Parameters<typeof passes>[3]) =>
      model.cards.filter((c) => passes(model, c, search, ignore))
    const categoryId = search.category ? (model.categoryBySlug.get(search.category)?.id ?? null) : null
    const byPrice = base('price').map((c) => c.price)
    const brandCounts = new Map<string, number>()
    for (const c of base('brand')) brandCounts.set(c.brandSlug!, (brandCounts.get(c.brandSlug!) ?? 0) + 1)
    return {
      categories: model.categoryChildren(categoryId).map((child) => ({
        slug: child.slug,
        count: base('category').filter((c) => c.categoryPath.includes(child.id)).length,
      })),
      brands: brandCounts,
      price: byPrice.length ? { min: Math.min(...byPrice), max: Math.max(...byPrice) } : null,
      inStock: base('in_stock').filter((c) => c.inStock).length,
      discount: base('discount').filter((c) => c.discount).length,
      maxMoq: MOQ_THRESHOLDS.map((value) => ({
        value,
        count: base('max_moq').filter((c) => c.moq <= value).length,
      })),
    }
  }

  it.each<[string, () => ProductSearch]>([
    ['no filter', () => ({})],
    [
      'a top category with stock and price filters',
      () => ({ category: topCategory().slug, in_stock: true, min_price: 8_000_000 }),
    ],
    ['brands, discount and MOQ', () => ({ brand: brandsInUse().slice(0, 4), discount: true, max_moq: 10 })],
  ])('count each option with every other filter applied (%s)', async (_label, make) => {
    const search = make()
    const { facets } = await listProducts(db(), search)
    const expected = expectedFacets(search)
    expect(facets.categories.map(({ slug, count }) => ({ slug, count }))).toEqual(expected.categories)
    for (const brand of facets.brands) expect(brand.count).toBe(expected.brands.get(brand.slug) ?? 0)
    const shown = new Set(facets.brands.map((b) => b.slug))
    expect(facets.brands.filter((b) => !search.brand?.includes(b.slug)).length).toBeLessThanOrEqual(30)
    if (expected.brands.size <= 30)
      for (const slug of expected.brands.keys()) expect(shown.has(slug)).toBe(true)
    const leastShown = Math.min(
      ...facets.brands.filter((b) => !search.brand?.includes(b.slug)).map((b) => b.count),
    )
    for (const [slug, count] of expected.brands)
      if (!shown.has(slug)) expect(count).toBeLessThanOrEqual(leastShown)
    for (const selected of search.brand ?? [])
      expect(facets.brands.some((b) => b.slug === selected)).toBe(true)
    expect(facets.price).toEqual(expected.price)
    expect(facets.inStock).toBe(expected.inStock)
    expect(facets.discount).toBe(expected.discount)
    expect(facets.maxMoq).toEqual(expected.maxMoq)
  })

  it('gives the trail of the selected category for breadcrumbs', async () => {
    const leaf = leafCategory()
    const { facets } = await listProducts(db(), { category: leaf.slug })
    expect(facets.categoryTrail.map((c) => c.slug)).toEqual([
      model.categoryChildren(null)[1]!.slug,
      leaf.slug,
    ])
    expect(facets.categories).toEqual([])
  })
})
