import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  categoriesEndpoint,
  productDetailEndpoint,
  productsEndpoint,
  storesEndpoint,
  suggestEndpoint,
} from '~/features/catalog/catalog-api.server'
import { getLandingPage } from '~/features/catalog/catalog-landing.server'
import { listProducts } from '~/features/catalog/catalog-listing.server'
import {
  robotsResponse,
  sitemapFileResponse,
  sitemapIndexResponse,
} from '~/features/catalog/catalog-seo.server'
import type { CategoryNode, ProductDetail, StoreSummary } from '~/features/catalog/catalog.types'
import { createLandingPage } from '../factories/create-catalog'
import { loadCatalogModel, type CatalogModel } from '../support/catalog-model'
import { createSeededCatalog, type SeededCatalog } from '../support/seeded-catalog'

let catalog: SeededCatalog
let model: CatalogModel
const db = () => catalog.handle.db

beforeAll(async () => {
  catalog = await createSeededCatalog()
  model = await loadCatalogModel(db())
}, 180_000)
afterAll(() => catalog?.close())

type Endpoint = (ctx: { request: Request; params: Record<string, string> }) => Promise<Response>
async function call(endpoint: Endpoint, path: string, params: Record<string, string> = {}) {
  // A signed-in visitor's cookie must change nothing about a catalogue answer.
  const request = new Request(`http://localhost${path}`, { headers: { cookie: 'access_token=someone-else' } })
  const response = await endpoint({ request, params })
  return { response, body: (await response.json()) as Record<string, unknown> }
}

describe('GET /api/products', () => {
  it('answers the listing as { data, meta, facets }, cacheable by anyone', async () => {
    const { response, body } = await call(
      productsEndpoint,
      '/api/products?category=food-and-beverages&in_stock=true&sort=price_asc&per_page=12',
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/)
    expect(response.headers.get('set-cookie')).toBeNull()
    const listing = await listProducts(db(), {
      category: 'food-and-beverages',
      in_stock: true,
      sort: 'price_asc',
      per_page: 12,
    })
    expect(body.data).toEqual(listing.items)
    expect(body.meta).toMatchObject({ total: listing.total, page: 1, perPage: 12, sort: 'price_asc' })
    expect(body.facets).toEqual(listing.facets)
  })

  it('ignores unknown parameters such as utm_* and fbclid', async () => {
    const plain = await call(productsEndpoint, '/api/products?brand=golbarg&sort=newest')
    const tracked = await call(
      productsEndpoint,
      '/api/products?utm_source=x&brand=golbarg&fbclid=y&sort=newest&ref=z',
    )
    expect(tracked.response.status).toBe(200)
    expect(tracked.body).toEqual(plain.body)
  })

  it.each([
    ['q', `q=${'x'.repeat(101)}`],
    ['category', 'category=Not%20A%20Slug'],
    ['brand', 'brand=ok&brand=NOT_OK'],
    ['store', 'store=%2F..%2Fetc'],
    ['min_price', 'min_price=-5'],
    ['max_price', 'max_price=abc'],
    ['', 'min_price=9&max_price=1'],
    ['in_stock', 'in_stock=perhaps'],
    ['discount', 'discount=2'],
    ['max_moq', 'max_moq=0'],
    ['sort', 'sort=random'],
    ['page', 'page=501'],
    ['per_page', 'per_page=100'],
  ])('rejects a bad %s with 422 and the reason', async (field, query) => {
    const { response, body } = await call(productsEndpoint, `/api/products?${query}`)
    expect(response.status).toBe(422)
    expect(body.message).toEqual(expect.any(String))
    if (field) expect(Object.keys(body.errors as object).join()).toContain(field)
  })
})

describe('GET /api/products/{slug}', () => {
  it('gives the product with its offers and tiers', async () => {
    const card = model.cards.find((c) => c.storeCount >= 2)!
    const { response, body } = await call(productDetailEndpoint, `/api/products/${card.slug}`, {
      slug: card.slug,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toMatch(/^public/)
    const product = body.data as ProductDetail
    expect(product).toMatchObject({
      slug: card.slug,
      name: card.name,
      lowestPrice: card.price,
      moq: card.moq,
    })
    expect(product.offers).toHaveLength(card.storeCount)
    for (const offer of product.offers) {
      expect(Object.keys(offer)).toEqual(
        expect.arrayContaining([
          'sku',
          'storeName',
          'sellerId',
          'unitPrice',
          'offerPrice',
          'pricePerPiece',
          'alwaysAvailable',
          'remainingQuantity',
          'minQuantity',
          'tiers',
        ]),
      )
      expect(offer.tiers[0]!.minQuantity).toBe(offer.minQuantity)
    }
  })

  it('answers 404 for an unknown slug and 422 for a malformed one', async () => {
    expect(
      (await call(productDetailEndpoint, '/api/products/nope', { slug: 'nope-not-here' })).response.status,
    ).toBe(404)
    expect((await call(productDetailEndpoint, '/api/products/x', { slug: 'Bad Slug' })).response.status).toBe(
      422,
    )
  })
})

describe('GET /api/categories, /api/stores and suggestions', () => {
  it('gives the category tree with listed-product counts', async () => {
    const { response, body } = await call(categoriesEndpoint, '/api/categories')
    expect(response.headers.get('cache-control')).toMatch(/^public/)
    const tree = body.data as CategoryNode[]
    expect(tree.map((c) => c.slug)).toEqual(model.categoryChildren(null).map((c) => c.slug))
    for (const root of tree) {
      const id = model.categoryBySlug.get(root.slug)!.id
      expect(root.productCount).toBe(model.cards.filter((c) => c.categoryPath.includes(id)).length)
      expect(root.productCount).toBe(root.children.reduce((sum, child) => sum + child.productCount, 0))
    }
  })

  it('lists open stores of approved sellers with their product counts, and nothing private', async () => {
    const { body } = await call(storesEndpoint, '/api/stores?per_page=100')
    const stores = body.data as StoreSummary[]
    expect(stores.length).toBeGreaterThan(20)
    for (const store of stores.slice(0, 10)) {
      const id = model.storeBySlug.get(store.slug)!.id
      expect(store.productCount).toBe(model.cards.filter((c) => c.storeIds.includes(id)).length)
    }
    expect(stores.map((s) => s.productCount)).toEqual(
      [...stores.map((s) => s.productCount)].sort((a, b) => b - a),
    )
    expect(JSON.stringify(body)).not.toMatch(/nationalId|phone|ownerUserId|cellphone/)
  })

  it('suggests as the visitor types, and refuses an empty query', async () => {
    const { body } = await call(suggestEndpoint, '/api/products/suggest?q=dishwash')
    expect((body.data as { kind: string }[]).some((s) => s.kind === 'product')).toBe(true)
    expect((await call(suggestEndpoint, '/api/products/suggest?q=')).response.status).toBe(422)
  })
})

describe('landing pages, sitemap and robots.txt', () => {
  it('resolves a seeded landing page; unknown and draft pages are absent; bad blocks are skipped', async () => {
    const page = await getLandingPage(db(), 'back-to-school')
    expect(page?.title).toMatch(/school/i)
    expect(page?.blocks.map((b) => b.type)).toEqual(['text', 'categories', 'products', 'products'])
    const products = page!.blocks.find((b) => b.type === 'products')
    expect(products?.type === 'products' && products.products.length).toBeGreaterThan(0)
    expect(await getLandingPage(db(), 'no-such-landing')).toBeNull()
    const draft = await createLandingPage(db(), { status: 'draft' })
    expect(await getLandingPage(db(), draft.slug)).toBeNull()
    const odd = await createLandingPage(db(), {
      blocks: [{ type: 'text', body: 'Kept.' }, { type: 'html', body: '<script>' } as never],
    })
    expect((await getLandingPage(db(), odd.slug))?.blocks).toEqual([
      { type: 'text', heading: null, paragraphs: ['Kept.'] },
    ])
  })

  it('lists categories, landing pages and every listed product in the sitemap', async () => {
    const index = await (await sitemapIndexResponse()).text()
    expect(index).toContain('/sitemaps/pages.xml')
    expect(index).toContain('/sitemaps/products-1.xml')
    const pages = await (await sitemapFileResponse('pages.xml')).text()
    expect(pages).toContain('/category/rice-and-grains</loc>')
    expect(pages).toContain('/landing/back-to-school</loc>')
    const products = await (await sitemapFileResponse('products-1.xml')).text()
    expect(products.match(/<url>/g)).toHaveLength(model.cards.length)
    expect(products).toContain(`/product/${model.cards[0]!.slug}</loc>`)
    expect((await sitemapFileResponse('products-2.xml')).status).toBe(404)
    expect((await sitemapFileResponse('../secrets')).status).toBe(404)
  })

  it('lets crawlers in, keeps them out of private areas, and points at the sitemap', async () => {
    const robots = await robotsResponse().text()
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toMatch(/^Disallow: \/buyer$/m)
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m)
  })
})
