import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { listProducts } from '~/features/catalog/catalog-listing.server'
import { refreshDueListings, refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { transitionOrder, type OrderActor } from '~/features/orders/order-transitions.server'
import type { OrderStatus } from '~/lib/domain-enums'
import { days, now, setClock } from '~/server/clock.server'
import type { DatabaseHandle } from '~/server/db/client.server'
import { productListings } from '~/server/db/schema'
import { createCategory, createProduct, createSku, createStore, type SkuRow } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { expectedListing, loadCatalogModel } from '../support/catalog-model'
import { createTestDatabase, usingPostgres } from '../support/test-database'

/**
 * `sort=popular`: units ordered in the last 30 days over paid orders that still stand, then the
 * number of stores, then the newest. Kept current by order transitions and the periodic refresh.
 */

let handle: DatabaseHandle
const db = () => handle.db
const system: OrderActor = { kind: 'system', userId: null }

beforeAll(() => setCatalogCacheEnabled(false))
afterAll(() => setCatalogCacheEnabled(true))
// A database per test: the periodic refresh looks at every listing, so counts stay exact.
beforeEach(async () => {
  handle = await createTestDatabase()
})
afterEach(async () => {
  setClock(null)
  await handle?.close()
})

/** A category with two listed products: `few` in one store, `many` in two (so first by stores). */
async function twoProducts() {
  const category = await createCategory(db())
  const few = await createProduct(db(), { category, name: 'Ordered Product' })
  const many = await createProduct(db(), { category, name: 'Widely Stocked Product' })
  const fewSku = await createSku(db(), { product: few })
  const manySku = await createSku(db(), { product: many })
  await createSku(db(), { product: many, store: await createStore(db()) })
  await refreshProductListings(db())
  return { category, few, many, fewSku, manySku }
}

async function popular(categorySlug: string): Promise<number[]> {
  const listing = await listProducts(
    db(),
    { category: categorySlug, sort: 'popular', per_page: 12 },
    { facets: false },
  )
  return listing.items.map((i) => i.id)
}

/** The brute-force model's popular order for the category, at the application clock. */
async function modelPopular(categorySlug: string): Promise<number[]> {
  const model = await loadCatalogModel(db(), now())
  return expectedListing(model, { category: categorySlug, sort: 'popular' }).map((c) => c.id)
}

async function unitsOf(productId: number): Promise<number | undefined> {
  const [row] = await db()
    .select({ units: productListings.orderedUnits30d })
    .from(productListings)
    .where(eq(productListings.productId, productId))
  return row?.units
}

async function order(sku: SkuRow, quantity: number) {
  return createPendingOrder(db(), { lines: [{ sku, quantity }] })
}

async function move(orderId: number, to: OrderStatus, actor: OrderActor = system, note?: string) {
  await db().transaction((tx) => transitionOrder(tx, { orderId, to, actor, note }))
}

describe(`the popular sort (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('puts the product buyers paid for first; unpaid, expired, rejected and cancelled orders do not count', async () => {
    const { category, few, many, fewSku, manySku } = await twoProducts()
    // Nothing ordered: the product in more stores comes first.
    expect(await popular(category.slug)).toEqual([many.id, few.id])

    // An order awaiting payment, and one that expired unpaid, count for nothing even once refreshed.
    await order(fewSku, 9)
    await move((await order(fewSku, 8)).id, 'expired')
    await refreshProductListings(db(), [few.id])
    expect(await unitsOf(few.id)).toBe(0)
    expect(await popular(category.slug)).toEqual([many.id, few.id])

    // Paying is enough: the transition refreshes the listing, no other refresh is needed.
    const paid = await order(fewSku, 2)
    await move(paid.id, 'paid')
    expect(await unitsOf(few.id)).toBe(2)
    expect(await popular(category.slug)).toEqual([few.id, many.id])
    await move(paid.id, 'accepted', { kind: 'seller', userId: null })
    expect(await unitsOf(few.id)).toBe(2)

    // More units paid for the other product put it ahead, until the seller rejects that order.
    const rejected = await order(manySku, 5)
    await move(rejected.id, 'paid')
    expect(await unitsOf(many.id)).toBe(5)
    expect(await popular(category.slug)).toEqual([many.id, few.id])
    await move(rejected.id, 'rejected', { kind: 'seller', userId: null }, 'Out of stock, sorry.')
    expect(await unitsOf(many.id)).toBe(0)
    expect(await popular(category.slug)).toEqual([few.id, many.id])

    // Likewise a paid order the buyer cancels.
    const cancelled = await order(manySku, 3)
    await move(cancelled.id, 'paid')
    expect(await popular(category.slug)).toEqual([many.id, few.id])
    await move(cancelled.id, 'cancelled', { kind: 'buyer', userId: cancelled.buyerUserId })
    expect(await unitsOf(many.id)).toBe(0)
    expect(await popular(category.slug)).toEqual([few.id, many.id])

    // Units add up over orders; the plain model agrees with the server.
    await move((await order(manySku, 1)).id, 'paid')
    await move((await order(manySku, 1)).id, 'paid')
    expect(await unitsOf(many.id)).toBe(2)
    // Equal units: the store count decides again.
    expect(await popular(category.slug)).toEqual([many.id, few.id])
    await move((await order(fewSku, 1)).id, 'paid')
    expect(await popular(category.slug)).toEqual([few.id, many.id])
    expect(await popular(category.slug)).toEqual(await modelPopular(category.slug))
  })

  it('stops counting an order 30 days after its payment, once the periodic refresh runs', async () => {
    // From the real time: the factories' price tiers start yesterday by the real clock.
    const start = new Date()
    setClock(start)
    const { category, few, many, fewSku, manySku } = await twoProducts()
    await move((await order(fewSku, 5)).id, 'paid')
    setClock(start.getTime() + days(10))
    await move((await order(manySku, 1)).id, 'paid')
    expect(await popular(category.slug)).toEqual([few.id, many.id])

    // 29 days on, both orders are inside the window: nothing changes.
    setClock(start.getTime() + days(29))
    const quiet = await refreshDueListings(db())
    expect(quiet).toMatchObject({ full: false, scanned: 0 })
    expect(await popular(category.slug)).toEqual([few.id, many.id])
    expect(await popular(category.slug)).toEqual(await modelPopular(category.slug))

    // 31 days after the first payment it has left the window: the periodic run picks that product.
    setClock(start.getTime() + days(31))
    expect(await popular(category.slug)).toEqual([few.id, many.id]) // not refreshed yet
    const due = await refreshDueListings(db())
    expect(due).toMatchObject({ full: false, scanned: 1 })
    expect(await unitsOf(few.id)).toBe(0)
    expect(await unitsOf(many.id)).toBe(1)
    expect(await popular(category.slug)).toEqual([many.id, few.id])
    expect(await popular(category.slug)).toEqual(await modelPopular(category.slug))
    // Idempotent: a second run at the same time finds nothing due.
    expect(await refreshDueListings(db())).toMatchObject({ scanned: 0 })

    // And the second order 30 days after its own payment.
    setClock(start.getTime() + days(40) + 60_000)
    expect(await refreshDueListings(db())).toMatchObject({ scanned: 1 })
    expect(await unitsOf(many.id)).toBe(0)
    const [row] = await db()
      .select({ due: productListings.orderedUnitsDueAt })
      .from(productListings)
      .where(eq(productListings.productId, many.id))
    expect(row?.due).toBeNull()
    expect(await popular(category.slug)).toEqual([many.id, few.id]) // by stores again
    expect(await popular(category.slug)).toEqual(await modelPopular(category.slug))
  })
})
