import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { memo, setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { listProducts } from '~/features/catalog/catalog-listing.server'
import { getProductDetail, listOffers } from '~/features/catalog/catalog-product.server'
import {
  refreshDueListings,
  refreshListingsOfSellers,
  refreshListingsOfStores,
  refreshProductListings,
} from '~/features/catalog/catalog-refresh.server'
import { advanceClock, setClock } from '~/server/clock.server'
import type { DatabaseHandle } from '~/server/db/client.server'
import { productListings, products, sellers, skus } from '~/server/db/schema'
import { createCategory, createProduct, createSeller, createSku, createStore } from '../factories/create'
import { createTestDatabase, usingPostgres } from '../support/test-database'

let handle: DatabaseHandle
const db = () => handle.db
const hour = 3_600_000
const day = 24 * hour

beforeAll(async () => {
  handle = await createTestDatabase()
  setCatalogCacheEnabled(false)
})
afterAll(async () => {
  setCatalogCacheEnabled(true)
  await handle?.close()
})
afterEach(() => setClock(null))

async function listingOf(productId: number) {
  const [row] = await db().select().from(productListings).where(eq(productListings.productId, productId))
  return row ?? null
}

describe(`offers on a product page (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('shows only live offers: approved sellers, active stores, active SKUs, valid tiers', async () => {
    const product = await createProduct(db())
    const live = await createSku(db(), { product, tiers: [{ unitPrice: 3_000_000 }] })
    for (const status of ['pending', 'suspended', 'rejected'] as const) {
      const store = await createStore(db(), { seller: await createSeller(db(), { status }) })
      await createSku(db(), { product, store, tiers: [{ unitPrice: 1_000_000 }] })
    }
    await createSku(db(), {
      product,
      store: await createStore(db(), { status: 'inactive' }),
      tiers: [{ unitPrice: 900_000 }],
    })
    await createSku(db(), { product, status: 'inactive', tiers: [{ unitPrice: 800_000 }] })
    const past = new Date(Date.now() - 10 * day)
    await createSku(db(), {
      product,
      tiers: [{ unitPrice: 700_000, validFrom: new Date(Date.now() - 20 * day), validTo: past }],
    })
    await createSku(db(), { product, tiers: [{ unitPrice: 600_000, validFrom: new Date(Date.now() + day) }] })

    const offers = await listOffers(db(), product.id)
    expect(offers.map((o) => o.sku)).toEqual([live.sku])
    // The product page reads its offers in the product's own statement: the same offers.
    expect((await getProductDetail(db(), product.slug))!.offers).toEqual(offers)
    await refreshProductListings(db(), [product.id])
    expect(await listingOf(product.id)).toMatchObject({ price: 3_000_000, storeCount: 1 })
  })

  it('gives each offer the spec fields, its valid tiers in order, and ignores expired tiers', async () => {
    const store = await createStore(db())
    const product = await createProduct(db())
    const sku = await createSku(db(), {
      product,
      store,
      remainingQuantity: 0,
      alwaysAvailable: true,
      piecesPerPack: 12,
      tiers: [
        { minQuantity: 1, unitPrice: 2_400_000, offerPrice: 2_160_000 },
        { minQuantity: 10, unitPrice: 2_200_000 },
        { minQuantity: 50, unitPrice: 2_000_000, validTo: new Date(Date.now() - hour) },
        { minQuantity: 100, unitPrice: 1_900_000, validFrom: new Date(Date.now() + day) },
      ],
    })
    const [offer] = await listOffers(db(), product.id)
    expect((await getProductDetail(db(), product.slug))!.offers).toEqual([offer])
    const [seller] = await db().select().from(sellers).where(eq(sellers.id, store.sellerId))
    expect(offer).toMatchObject({
      sku: sku.sku,
      storeName: store.name,
      storeSlug: store.slug,
      sellerId: store.sellerId,
      sellerName: seller!.displayName,
      unitPrice: 2_400_000,
      offerPrice: 2_160_000,
      pricePerPiece: 180_000,
      alwaysAvailable: true,
      remainingQuantity: 0,
      minQuantity: 1,
    })
    expect(offer!.tiers.map((t) => [t.minQuantity, t.unitPrice, t.offerPrice])).toEqual([
      [1, 2_400_000, 2_160_000],
      [10, 2_200_000, 0],
    ])
    // Public data only: nothing about the seller's owner, phone or national id.
    const json = JSON.stringify(offer)
    expect(json).not.toContain(seller!.phone)
    expect(json).not.toContain(seller!.nationalId)
  })

  it('prices the card from the entry tiers: lowest price, its list price, lowest MOQ, stock from any offer', async () => {
    const product = await createProduct(db())
    await createSku(db(), {
      product,
      remainingQuantity: 0,
      tiers: [
        { minQuantity: 5, unitPrice: 5_000_000, offerPrice: 4_000_000 },
        { minQuantity: 50, unitPrice: 3_000_000 },
      ],
    })
    await createSku(db(), {
      product,
      remainingQuantity: 0,
      tiers: [{ minQuantity: 2, unitPrice: 4_500_000 }],
    })
    await refreshProductListings(db(), [product.id])
    expect(await listingOf(product.id)).toMatchObject({
      price: 4_000_000,
      listPrice: 5_000_000,
      moq: 2,
      inStock: false,
      discount: true,
      storeCount: 2,
    })
    const detail = await getProductDetail(db(), product.slug)
    expect(detail).toMatchObject({ lowestPrice: 4_000_000, listPrice: 5_000_000, moq: 2, inStock: false })
    expect(detail!.offers.map((o) => o.offerPrice || o.unitPrice)).toEqual([4_000_000, 4_500_000])
  })

  it('hides products that are not active, and says so with null', async () => {
    const draft = await createProduct(db(), { status: 'draft' })
    await createSku(db(), { product: draft })
    await refreshProductListings(db(), [draft.id])
    expect(await listingOf(draft.id)).toBeNull()
    expect(await getProductDetail(db(), draft.slug)).toBeNull()
    expect(await getProductDetail(db(), 'no-such-product')).toBeNull()
  })
})

describe('keeping the listing read model fresh', () => {
  it('drops a product when its only seller is suspended, and brings it back on approval', async () => {
    const seller = await createSeller(db())
    const store = await createStore(db(), { seller })
    const product = await createProduct(db())
    await createSku(db(), { product, store })
    await refreshListingsOfStores(db(), [store.id])
    expect(await listingOf(product.id)).not.toBeNull()
    await db().update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, seller.id))
    await refreshListingsOfStores(db(), [store.id])
    expect(await listingOf(product.id)).toBeNull()
    await db().update(sellers).set({ status: 'approved' }).where(eq(sellers.id, seller.id))
    await refreshListingsOfSellers(db(), [seller.id])
    expect(await listingOf(product.id)).not.toBeNull()
  })

  it('follows a product rename and an SKU going inactive', async () => {
    const category = await createCategory(db())
    const product = await createProduct(db(), { category })
    const a = await createSku(db(), { product, tiers: [{ unitPrice: 1_000_000 }] })
    await createSku(db(), { product, tiers: [{ unitPrice: 2_000_000 }] })
    await refreshProductListings(db(), [product.id])
    await db().update(products).set({ name: 'Renamed Widget' }).where(eq(products.id, product.id))
    await db().update(skus).set({ status: 'inactive' }).where(eq(skus.id, a.id))
    await refreshProductListings(db(), [product.id])
    expect(await listingOf(product.id)).toMatchObject({
      name: 'Renamed Widget',
      price: 2_000_000,
      storeCount: 1,
    })
    const listing = await listProducts(db(), { category: category.slug })
    expect(listing.items.map((i) => i.name)).toEqual(['Renamed Widget'])
  })

  it('reprices when a tier ends or starts, on the periodic refresh', async () => {
    await refreshProductListings(db())
    const start = new Date()
    setClock(start)
    const product = await createProduct(db())
    await createSku(db(), {
      product,
      tiers: [
        {
          minQuantity: 1,
          unitPrice: 3_000_000,
          offerPrice: 2_500_000,
          validFrom: new Date(start.getTime() - day),
          validTo: new Date(start.getTime() + hour),
        },
        { minQuantity: 1, unitPrice: 3_000_000, validFrom: new Date(start.getTime() + hour) },
      ],
    })
    await refreshProductListings(db(), [product.id])
    expect(await listingOf(product.id)).toMatchObject({ price: 2_500_000, discount: true })
    await refreshDueListings(db())
    expect(await listingOf(product.id)).toMatchObject({ price: 2_500_000 })
    advanceClock(2 * hour)
    const summary = await refreshDueListings(db())
    expect(summary.full).toBe(false)
    expect(summary.scanned).toBeGreaterThanOrEqual(1)
    expect(await listingOf(product.id)).toMatchObject({ price: 3_000_000, listPrice: null, discount: false })
  })

  it('keeps the catalogue caches through a periodic run with nothing due, and clears them when a tier ends', async () => {
    const start = new Date()
    setClock(start)
    const product = await createProduct(db())
    await createSku(db(), {
      product,
      tiers: [
        {
          minQuantity: 1,
          unitPrice: 900_000,
          validFrom: new Date(start.getTime() - day),
          validTo: new Date(start.getTime() + hour),
        },
      ],
    })
    // Listed as the seller's write path does it, in the same transaction as the change.
    await refreshProductListings(db(), [product.id])
    expect(await listingOf(product.id)).not.toBeNull()
    await refreshDueListings(db())
    setCatalogCacheEnabled(true)
    try {
      let computed = 0
      const cached = () => memo('probe', 3_600_000, async () => ++computed)
      expect(await cached()).toBe(1)
      advanceClock(60_000)
      expect(await refreshDueListings(db())).toMatchObject({ scanned: 0, full: false })
      expect(await cached()).toBe(1)
      advanceClock(2 * hour)
      expect((await refreshDueListings(db())).scanned).toBeGreaterThanOrEqual(1)
      expect(await listingOf(product.id)).toBeNull()
      expect(await cached()).toBe(2)
    } finally {
      setCatalogCacheEnabled(false)
    }
  })
})
