import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { listProducts } from '~/features/catalog/catalog-listing.server'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { suggest } from '~/features/catalog/catalog-search.server'
import { createBrand, createCategory, createProduct, createSku } from '../factories/create'
import { loadCatalogModel, passes, type CatalogModel } from '../support/catalog-model'
import { createSeededCatalog, type SeededCatalog } from '../support/seeded-catalog'
import { usingPostgres } from '../support/test-database'

let catalog: SeededCatalog
let model: CatalogModel
const db = () => catalog.handle.db
const names = (items: { name: string }[]) => items.map((i) => i.name)

/** Four products where the word "zephyrite" sits in a different field of each. */
let planted: { name: string; brand: string; category: string; description: string }
beforeAll(async () => {
  catalog = await createSeededCatalog()
  setCatalogCacheEnabled(false)
  const parent = await createCategory(db(), { name: 'Planted Goods', slug: 'planted-goods' })
  const plain = await createCategory(db(), { parent, name: 'Plain Shelf', slug: 'plain-shelf' })
  const zephyrCategory = await createCategory(db(), {
    parent,
    name: 'Zephyrite Shelf',
    slug: 'zephyrite-shelf',
  })
  const plainBrand = await createBrand(db(), { name: 'Quiet Maker', slug: 'quiet-maker' })
  const zephyrBrand = await createBrand(db(), { name: 'Zephyrite Works', slug: 'zephyrite-works' })
  const made = [
    await createProduct(db(), {
      name: 'Description Crate',
      category: plain,
      brand: plainBrand,
      description: 'Packed with zephyrite inside.',
    }),
    await createProduct(db(), { name: 'Category Crate', category: zephyrCategory, brand: plainBrand }),
    await createProduct(db(), { name: 'Brand Crate', category: plain, brand: zephyrBrand }),
    await createProduct(db(), { name: 'Zephyrite Crate', category: plain, brand: plainBrand }),
  ]
  for (const product of made) await createSku(db(), { product })
  await refreshProductListings(
    db(),
    made.map((p) => p.id),
  )
  planted = {
    name: 'Zephyrite Crate',
    brand: 'Brand Crate',
    category: 'Category Crate',
    description: 'Description Crate',
  }
  model = await loadCatalogModel(db())
}, 180_000)
afterAll(async () => {
  setCatalogCacheEnabled(true)
  await catalog?.close()
})

describe(`product search on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('ranks a name match above brand, category and description matches', async () => {
    const listing = await listProducts(db(), { q: 'zephyrite' })
    expect(names(listing.items)).toEqual([planted.name, planted.brand, planted.category, planted.description])
    expect(listing.correctedQuery).toBeNull()
  })

  it('finds a product by a misspelt word and says what it searched for instead', async () => {
    const exact = await listProducts(db(), { q: 'dishwashing' })
    expect(exact.total).toBeGreaterThan(5)
    const misspelt = await listProducts(db(), { q: 'dishwahsing' })
    expect(misspelt.correctedQuery).toBe('dishwashing')
    expect(misspelt.total).toBe(exact.total)
    expect(names(misspelt.items)).toEqual(names(exact.items))
    const typo = await listProducts(db(), { q: 'zephirite' })
    expect(names(typo.items)[0]).toBe(planted.name)
  })

  it('finds a product by a partial word, and an inflected one', async () => {
    const partial = await listProducts(db(), { q: 'zephy' })
    expect(names(partial.items)).toContain(planted.name)
    const batteries = await listProducts(db(), { q: 'batteries', per_page: 48 })
    expect(batteries.total).toBeGreaterThan(0)
    // "batteries" finds "Battery" in names (stemming) and the "Batteries" category's products.
    const batteryCategory = model.categoryBySlug.get('batteries')!.id
    const byId = new Map(model.cards.map((c) => [c.id, c]))
    for (const item of batteries.items) {
      const inCategory = byId.get(item.id)!.categoryPath.includes(batteryCategory)
      expect(inCategory || item.highlight!.some((part) => part.match)).toBe(true)
    }
    expect(batteries.items.some((i) => /Battery/.test(i.name))).toBe(true)
    const softener = await listProducts(db(), { q: 'fabric soft' })
    expect(softener.total).toBeGreaterThan(0)
    expect(softener.items.every((i) => /Fabric Softener/.test(i.name))).toBe(true)
  })

  it('needs every word to match', async () => {
    const both = await listProducts(db(), { q: 'zephyrite crate' })
    expect(both.total).toBe(4)
    const none = await listProducts(db(), { q: 'zephyrite xqzvbn' })
    expect(none.total).toBe(0)
  })

  it('marks the matching words of each name, as plain text runs', async () => {
    const listing = await listProducts(db(), { q: 'zephyrite crate' })
    const top = listing.items[0]!
    expect(top.highlight).toEqual([
      { text: 'Zephyrite', match: true },
      { text: ' ', match: false },
      { text: 'Crate', match: true },
    ])
    const plainListing = await listProducts(db(), {})
    expect(plainListing.items[0]!.highlight).toBeUndefined()
  })

  it('combines a search with the filters: the same as filtering the search results', async () => {
    const category = [...model.categoryBySlug.keys()].find((s) => s === 'cleaning-and-hygiene')!
    const all = []
    for (let page = 1; ; page++) {
      const listing = await listProducts(
        db(),
        { q: 'liquid', per_page: 48, sort: 'price_asc', page },
        { facets: false },
      )
      all.push(...listing.items)
      if (page >= listing.pageCount) break
    }
    expect(all.length).toBeGreaterThan(48)
    const byId = new Map(model.cards.map((c) => [c.id, c]))
    const filters = { category, in_stock: true as const, max_moq: 5 }
    const filtered = await listProducts(
      db(),
      { q: 'liquid', ...filters, per_page: 48, sort: 'price_asc' },
      { facets: false },
    )
    const expected = all.filter((i) => passes(model, byId.get(i.id)!, filters))
    expect(filtered.total).toBe(expected.length)
    expect(filtered.items.map((i) => i.id)).toEqual(expected.slice(0, 48).map((i) => i.id))
  })

  it('suggests categories, brands and products for the search box', async () => {
    const suggestions = await suggest(db(), 'zephyr')
    expect(suggestions.map((s) => [s.kind, s.href])).toEqual(
      expect.arrayContaining([
        ['category', '/category/zephyrite-shelf'],
        ['brand', '/product?brand=zephyrite-works'],
        ['product', expect.stringMatching(/^\/product\/test-product-/)],
      ]),
    )
    expect(suggestions.find((s) => s.kind === 'product')?.highlight[0]).toEqual({
      text: 'Zephyrite',
      match: true,
    })
    expect(await suggest(db(), '!!!')).toEqual([])
  })

  it('finds the demo catalogue by its Persian names: «برنج» is rice, «روغن آفتابگردان» sunflower oil', async () => {
    // «برنج» is also brass («برنجی»: of brass), and the category «برنج و غلات» holds beans too: the
    // products it names (rice, brass fittings) rank first, then the rest of the category.
    const rice = await listProducts(db(), { q: 'برنج', per_page: 48, sort: 'relevance' })
    const named = rice.items.map((item) => /Rice|Brass/.test(item.name))
    expect(named[0]).toBe(true)
    expect(rice.items.some((item) => /Rice/.test(item.name))).toBe(true)
    expect(named.indexOf(false) === -1 || !named.slice(named.indexOf(false)).includes(true)).toBe(true)
    // Typed on an Arabic keyboard (ي for ی): the same products.
    const oil = await listProducts(db(), { q: 'روغن آفتابگردان', per_page: 48 })
    const oilArabic = await listProducts(db(), { q: 'روغن آفتابگردان'.replaceAll('ی', 'ي'), per_page: 48 })
    expect(oil.total).toBeGreaterThan(0)
    for (const item of oil.items) expect(item.name).toMatch(/Sunflower Oil/)
    expect(names(oilArabic.items)).toEqual(names(oil.items))
  })
})
