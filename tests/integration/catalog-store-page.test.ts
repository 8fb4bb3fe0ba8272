import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { listProducts } from '~/features/catalog/catalog-listing.server'
import { refreshListingsOfStores, refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { sitemapFileResponse } from '~/features/catalog/catalog-seo.server'
import { getStore } from '~/features/catalog/catalog-stores.server'
import type { DatabaseHandle } from '~/server/db/client.server'
import { setDatabaseForTesting } from '~/server/db/database.server'
import { sellers, stores } from '~/server/db/schema'
import { createProduct, createSeller, createSku, createStore } from '../factories/create'
import { createTestDatabase, usingPostgres } from '../support/test-database'

/** The public store page (issue #15): the store's card and the listing filtered to it. */

let handle: DatabaseHandle
const db = () => handle.db

beforeAll(async () => {
  handle = await createTestDatabase()
  setDatabaseForTesting(handle)
  setCatalogCacheEnabled(false)
})
afterAll(async () => {
  setCatalogCacheEnabled(true)
  await handle?.close()
})

describe(`public store page (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('gives the public card with memberSince from the store’s creation, and nothing private', async () => {
    const seller = await createSeller(db(), { displayName: 'Golestan Foods' })
    const opened = new Date('2024-03-20T21:00:00.000Z') // 21 March 2024, 00:30 in Tehran
    const store = await createStore(db(), {
      seller,
      name: 'Golestan Wholesale',
      city: 'Shiraz',
      description: 'Dry goods by the carton.',
      pickupAddress: 'Warehouse 7, Shiraz industrial zone',
      createdAt: opened,
    })
    const product = await createProduct(db())
    await createSku(db(), { store, product })
    await refreshProductListings(db(), [product.id])

    const card = await getStore(db(), store.slug)
    expect(card).toEqual({
      slug: store.slug,
      name: 'Golestan Wholesale',
      description: 'Dry goods by the carton.',
      logo: null,
      city: 'Shiraz',
      sellerId: seller.id,
      sellerName: 'Golestan Foods',
      productCount: 1,
      memberSince: opened.toISOString(),
    })
    const json = JSON.stringify(card)
    for (const secret of [
      seller.phone,
      seller.nationalId,
      seller.address,
      seller.legalName,
      store.pickupAddress,
    ])
      expect(json).not.toContain(secret)
    expect(json).not.toMatch(/phone|nationalId|address|ownerUserId|legalName/i)
  })

  it('is null for an unknown slug, a paused store, and a store whose seller is not approved', async () => {
    expect(await getStore(db(), 'no-such-store')).toBeNull()

    const paused = await createStore(db(), { status: 'inactive' })
    expect(await getStore(db(), paused.slug)).toBeNull()

    for (const status of ['pending', 'rejected', 'suspended'] as const) {
      const store = await createStore(db(), { seller: await createSeller(db(), { status }) })
      expect(await getStore(db(), store.slug), status).toBeNull()
    }

    // Pausing an open store closes its page at once; reopening it brings the page back.
    const open = await createStore(db())
    expect(await getStore(db(), open.slug)).not.toBeNull()
    await db().update(stores).set({ status: 'inactive' }).where(eq(stores.id, open.id))
    expect(await getStore(db(), open.slug)).toBeNull()
    await db().update(stores).set({ status: 'active' }).where(eq(stores.id, open.id))
    expect(await getStore(db(), open.slug)).not.toBeNull()
    await db().update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, open.sellerId))
    expect(await getStore(db(), open.slug)).toBeNull()
  })

  it('lists only the store’s own live offers, as many as its card counts', async () => {
    const store = await createStore(db())
    const other = await createStore(db())
    const shared = await createProduct(db())
    const own = await createProduct(db())
    const elsewhere = await createProduct(db())
    await createSku(db(), { store, product: shared })
    await createSku(db(), { store, product: own })
    await createSku(db(), { store, product: await createProduct(db()), status: 'inactive' })
    await createSku(db(), { store: other, product: shared })
    await createSku(db(), { store: other, product: elsewhere })
    await refreshListingsOfStores(db(), [store.id, other.id])

    const listing = await listProducts(db(), { store: store.slug, per_page: 48 })
    expect(listing.items.map((p) => p.id).sort()).toEqual([shared.id, own.id].sort())
    expect(listing.total).toBe(2)
    expect((await getStore(db(), store.slug))?.productCount).toBe(listing.total)
  })

  it('puts open stores’ pages in the sitemap, and not closed ones', async () => {
    const open = await createStore(db())
    const paused = await createStore(db(), { status: 'inactive' })
    const unapproved = await createStore(db(), { seller: await createSeller(db(), { status: 'pending' }) })
    const pages = await (await sitemapFileResponse('pages.xml')).text()
    expect(pages).toContain(`/store/${open.slug}</loc>`)
    expect(pages).not.toContain(`/store/${paused.slug}</loc>`)
    expect(pages).not.toContain(`/store/${unapproved.slug}</loc>`)
  })
})
