import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getCheckout, placeOrder } from '~/features/checkout/checkout.server'
import { placeOrderInput, type PlaceOrderInput } from '~/features/checkout/checkout.schemas'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import {
  orderEvents,
  orderLines,
  orders,
  prices,
  productListings,
  products,
  sellers,
  skus,
  stores,
} from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { createSeller, createStore, type TierInput } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { createOffer } from './basket-fixtures'
import {
  addressOf,
  createBuyer,
  failureOf,
  fillCart,
  itemQuantities,
  newKey,
  ordersOf,
  remainingOf,
  type Buyer,
} from './checkout-fixtures'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'

let db: Db

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

const input = (fields: Partial<PlaceOrderInput> & { cartId: number }) =>
  parseInput(placeOrderInput, {
    addressId: null,
    deliveryMethod: 'pickup',
    note: '',
    idempotencyKey: newKey(),
    ...fields,
  })

/** A buyer with one line of a fresh offer in its own cart. */
async function oneLine(options: { quantity?: number; remainingQuantity?: number; tiers?: TierInput[] } = {}) {
  const buyer = await createBuyer(db)
  const offer = await createOffer(db, {
    remainingQuantity: options.remainingQuantity ?? 100,
    tiers: options.tiers,
  })
  const { cartIds, itemIds } = await fillCart(db, buyer, [
    { skuId: offer.skuId, quantity: options.quantity ?? 5 },
  ])
  return { buyer, offer, cartId: [...cartIds.values()][0]!, itemId: itemIds.get(offer.skuId)! }
}

/** The place-order attempt fails with `status` and this per-line message, and nothing changed. */
async function expectRefused(setup: Awaited<ReturnType<typeof oneLine>>, message: string, status = 422) {
  const before = {
    stock: await remainingOf(db, setup.offer.skuId),
    basket: await itemQuantities(db, setup.buyer),
  }
  const error = await failureOf(() => placeOrder(db, setup.buyer.auth, input({ cartId: setup.cartId })))
  expect(error.status).toBe(status)
  expect(error.fieldErrors).toEqual({ [`items.${setup.itemId}`]: [message] })
  expect(await ordersOf(db, setup.buyer)).toBe(0)
  expect(await remainingOf(db, setup.offer.skuId)).toBe(before.stock)
  expect(await itemQuantities(db, setup.buyer)).toEqual(before.basket)
  // The page shows the same problem on the same line, with its fix.
  const view = await getCheckout(db, setup.buyer.auth, { cartId: setup.cartId })
  expect(view.lines.find((l) => l.itemId === setup.itemId)?.problem?.message).toBe(message)
}

describe(`checkout: each rule refuses with its message and creates nothing (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('below the minimum quantity: raise to N', async () => {
    const setup = await oneLine({
      quantity: 4,
      tiers: [{ minQuantity: 10 }, { minQuantity: 50, unitPrice: 900_000 }],
    })
    await expectRefused(setup, 'The minimum order is 10 units: raise the quantity to 10.')
    const view = await getCheckout(db, setup.buyer.auth, { cartId: setup.cartId })
    expect(view.lines[0]!.problem!.action).toEqual({
      kind: 'set_quantity',
      quantity: 10,
      label: 'Raise to 10',
    })
  })

  it('more than the stock: lower to the stock', async () => {
    const setup = await oneLine({ quantity: 12, remainingQuantity: 7 })
    await expectRefused(setup, 'Only 7 left in stock: lower the quantity to 7.')
  })

  it('out of stock: remove', async () => {
    await expectRefused(await oneLine({ remainingQuantity: 0 }), 'Out of stock: remove it to continue.')
  })

  it('stock below the minimum: remove', async () => {
    const setup = await oneLine({ quantity: 20, remainingQuantity: 6, tiers: [{ minQuantity: 10 }] })
    await expectRefused(
      setup,
      'Only 6 left, fewer than the minimum order of 10 units: remove it to continue.',
    )
  })

  const gone = 'This product is no longer available: remove it to continue.'

  it('no price valid now (expired tier): no longer available', async () => {
    const setup = await oneLine()
    await db
      .update(prices)
      .set({ validTo: new Date(Date.now() - 60_000), validFrom: new Date(Date.now() - 86_400_000) })
      .where(eq(prices.skuId, setup.offer.skuId))
    await expectRefused(setup, gone)
  })

  it('a tier that has not started yet does not count', async () => {
    const setup = await oneLine()
    await db
      .update(prices)
      .set({ validFrom: new Date(Date.now() + 86_400_000) })
      .where(eq(prices.skuId, setup.offer.skuId))
    await expectRefused(setup, gone)
  })

  it('inactive SKU: no longer available', async () => {
    const setup = await oneLine()
    await db.update(skus).set({ status: 'inactive' }).where(eq(skus.id, setup.offer.skuId))
    await expectRefused(setup, gone)
  })

  it('inactive store: no longer available', async () => {
    const setup = await oneLine()
    await db.update(stores).set({ status: 'inactive' }).where(eq(stores.id, setup.offer.store.id))
    await expectRefused(setup, gone)
  })

  it('archived product: no longer available', async () => {
    const setup = await oneLine()
    await db.update(products).set({ status: 'archived' }).where(eq(products.id, setup.offer.product.id))
    await expectRefused(setup, gone)
  })

  it.each(['suspended', 'pending'] as const)('%s seller: no longer available', async (status) => {
    const setup = await oneLine()
    const [store] = await db
      .select({ sellerId: stores.sellerId })
      .from(stores)
      .where(eq(stores.id, setup.offer.store.id))
    await db.update(sellers).set({ status }).where(eq(sellers.id, store!.sellerId))
    await expectRefused(setup, gone)
  })

  it('ignores stock for an always-available SKU and reserves nothing', async () => {
    const setup = await oneLine({ quantity: 500, remainingQuantity: 0 })
    await db.update(skus).set({ alwaysAvailable: true }).where(eq(skus.id, setup.offer.skuId))
    const placed = await placeOrder(db, setup.buyer.auth, input({ cartId: setup.cartId }))
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId))
    expect(line).toMatchObject({ quantity: 500, reservedQuantity: 0 })
    expect(await remainingOf(db, setup.offer.skuId)).toBe(0)
  })

  it('lists every problem line at once', async () => {
    const buyer = await createBuyer(db)
    const seller = await createSeller(db)
    const store = await createStore(db, { seller })
    const a = await createOffer(db, { store, remainingQuantity: 2 })
    const b = await createOffer(db, { store, tiers: [{ minQuantity: 6 }] })
    const ok = await createOffer(db, { store })
    const { cartIds, itemIds } = await fillCart(db, buyer, [
      { skuId: a.skuId, quantity: 3 },
      { skuId: b.skuId, quantity: 1 },
      { skuId: ok.skuId, quantity: 1 },
    ])
    const error = await failureOf(() =>
      placeOrder(db, buyer.auth, input({ cartId: cartIds.get(seller.id)! })),
    )
    expect(error.message).toBe('Some items need your attention before you can place the order')
    expect(error.fieldErrors).toEqual({
      [`items.${itemIds.get(a.skuId)}`]: ['Only 2 left in stock: lower the quantity to 2.'],
      [`items.${itemIds.get(b.skuId)}`]: ['The minimum order is 6 units: raise the quantity to 6.'],
    })
    expect(await ordersOf(db, buyer)).toBe(0)
  })

  it('seller delivery needs an address of the buyer', async () => {
    const setup = await oneLine()
    const missing = await failureOf(() =>
      placeOrder(db, setup.buyer.auth, input({ cartId: setup.cartId, deliveryMethod: 'seller_delivery' })),
    )
    expect(missing.status).toBe(422)
    expect(missing.fieldErrors).toEqual({ addressId: ['Choose a delivery address, or pick the order up'] })
    const stranger = await createBuyer(db)
    const theirs = await addressOf(db, stranger)
    const foreign = await failureOf(() =>
      placeOrder(
        db,
        setup.buyer.auth,
        input({ cartId: setup.cartId, deliveryMethod: 'seller_delivery', addressId: theirs.id }),
      ),
    )
    expect(foreign.status).toBe(422)
    expect(foreign.fieldErrors).toEqual({
      addressId: ['This address is no longer in your address book: choose another'],
    })
    expect(await ordersOf(db, setup.buyer)).toBe(0)
  })

  it('refuses a total the buyer did not see (409) and creates nothing', async () => {
    const setup = await oneLine({ quantity: 2 })
    const error = await failureOf(() =>
      placeOrder(db, setup.buyer.auth, input({ cartId: setup.cartId, expectedTotal: 1 })),
    )
    expect(error.status).toBe(409)
    expect(await ordersOf(db, setup.buyer)).toBe(0)
  })

  it('validates the input with clear messages', () => {
    const bad = (fields: Record<string, unknown>) => {
      try {
        parseInput(placeOrderInput, {
          cartId: 1,
          addressId: null,
          deliveryMethod: 'pickup',
          idempotencyKey: newKey(),
          ...fields,
        })
      } catch (error) {
        return (error as { fieldErrors: Record<string, string[]> }).fieldErrors
      }
      return null
    }
    expect(bad({ note: 'x'.repeat(501) })).toEqual({ note: ['The note must be at most 500 characters'] })
    expect(bad({ note: 'x'.repeat(500) })).toBeNull()
    expect(bad({ deliveryMethod: 'drone' })).toEqual({ deliveryMethod: ['Choose seller delivery or pickup'] })
    expect(bad({ idempotencyKey: 'short' })).toEqual({
      idempotencyKey: ['The idempotency key must be 16-100 URL-safe characters'],
    })
  })

  it('answers 404 for an unknown cart, someone else’s cart and an empty cart', async () => {
    const setup = await oneLine()
    const stranger = await createBuyer(db)
    for (const [auth, cartId] of [
      [stranger.auth, setup.cartId],
      [setup.buyer.auth, 99_999_999],
    ] as const) {
      expect((await failureOf(() => getCheckout(db, auth, { cartId }))).status).toBe(404)
      expect((await failureOf(() => placeOrder(db, auth, input({ cartId })))).status).toBe(404)
    }
    const empty = await createBuyer(db)
    const [store] = await db
      .select({ sellerId: stores.sellerId })
      .from(stores)
      .where(eq(stores.id, setup.offer.store.id))
    const { carts } = await import('~/server/db/schema')
    const [cart] = await db
      .insert(carts)
      .values({ buyerUserId: empty.userId, sellerId: store!.sellerId })
      .returning()
    expect((await failureOf(() => getCheckout(db, empty.auth, { cartId: cart!.id }))).status).toBe(404)
    expect(await remainingOf(db, setup.offer.skuId)).toBe(100)
  })
})

describe('checkout: placing the order', () => {
  let buyer: Buyer
  let sellerId: number
  let otherSellerId: number
  let cartId: number
  let offerA: Awaited<ReturnType<typeof createOffer>>
  let offerB: Awaited<ReturnType<typeof createOffer>>
  let elsewhere: Awaited<ReturnType<typeof createOffer>>

  beforeAll(async () => {
    buyer = await createBuyer(db)
    const seller = await createSeller(db, { deliveryFee: 150_000, freeDeliveryThreshold: 5_000_000 })
    sellerId = seller.id
    const storeA = await createStore(db, { seller, city: 'Tabriz' })
    const storeB = await createStore(db, { seller, city: 'Isfahan' })
    offerA = await createOffer(db, {
      store: storeA,
      remainingQuantity: 12,
      tiers: [
        { unitPrice: 250_000, offerPrice: 230_000 },
        { minQuantity: 50, unitPrice: 200_000 },
      ],
    })
    offerB = await createOffer(db, { store: storeB, remainingQuantity: 40, tiers: [{ unitPrice: 120_000 }] })
    const other = await createSeller(db)
    otherSellerId = other.id
    elsewhere = await createOffer(db, { seller: other })
    const filled = await fillCart(db, buyer, [
      { skuId: offerA.skuId, quantity: 12 },
      { skuId: offerB.skuId, quantity: 7 },
      { skuId: elsewhere.skuId, quantity: 3 },
    ])
    cartId = filled.cartIds.get(sellerId)!
    await refreshProductListings(db, [offerA.product.id, offerB.product.id])
  })

  it('shows the lines at today’s prices with hand-checked totals inputs', async () => {
    const view = await getCheckout(db, buyer.auth, { cartId })
    expect(view.seller).toMatchObject({
      id: sellerId,
      deliveryFee: 150_000,
      freeDeliveryThreshold: 5_000_000,
    })
    expect(view.pickupCities).toEqual(['Isfahan', 'Tabriz'])
    expect(view.vatPercent).toBe(10)
    expect(
      view.lines.map((l) => [l.sku, l.quantity, l.tierMinQuantity, l.unitPrice, l.lineTotal, l.problem]),
    ).toEqual([
      [offerA.sku, 12, 1, 250_000, 2_760_000, null],
      [offerB.sku, 7, 1, 120_000, 840_000, null],
    ])
  })

  it('creates the order pending payment with snapshot lines, reserves stock and empties the cart only', async () => {
    const address = await addressOf(db, buyer)
    const key = newKey()
    const at = new Date(Math.floor(Date.now() / 1000) * 1000)
    setClock(at)
    const placed = await placeOrder(
      db,
      buyer.auth,
      input({
        cartId,
        deliveryMethod: 'seller_delivery',
        addressId: address.id,
        note: '  Ring twice  ',
        idempotencyKey: key,
      }),
    ).finally(() => setClock(null))
    expect(placed.orderNumber).toMatch(/^OM-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/)
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId))
    // goods 2,760,000 + 840,000 = 3,600,000 < 5,000,000: fee 150,000; VAT 10% of 3,750,000
    expect(order).toMatchObject({
      number: placed.orderNumber,
      status: 'pending_payment',
      buyerUserId: buyer.userId,
      sellerId,
      deliveryMethod: 'seller_delivery',
      addressId: address.id,
      pickupCity: null,
      note: 'Ring twice',
      currency: 'IRR',
      subtotal: 3_840_000,
      discount: 240_000,
      deliveryFee: 150_000,
      vatPercent: 10,
      vat: 375_000,
      total: 4_125_000,
      idempotencyKey: key,
    })
    expect(order!.address).toMatchObject({
      title: 'Warehouse',
      postalCode: '1234567890',
      receiverName: 'Sara Ahmadi',
    })
    expect(order!.paymentDueAt.getTime() - at.getTime()).toBe(30 * 60_000)
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.orderId))
      .orderBy(orderLines.position)
    expect(
      lines.map((l) => [
        l.sku,
        l.quantity,
        l.tierMinQuantity,
        l.unitPrice,
        l.offerPrice,
        l.lineSubtotal,
        l.lineDiscount,
        l.lineTotal,
        l.reservedQuantity,
      ]),
    ).toEqual([
      [offerA.sku, 12, 1, 250_000, 230_000, 3_000_000, 240_000, 2_760_000, 12],
      [offerB.sku, 7, 1, 120_000, 0, 840_000, 0, 840_000, 7],
    ])
    expect(lines[0]).toMatchObject({
      productName: offerA.product.name,
      storeName: expect.any(String),
      unit: 'carton of 12',
    })
    expect(await remainingOf(db, offerA.skuId)).toBe(0)
    expect(await remainingOf(db, offerB.skuId)).toBe(33)
    // The listing no longer claims stock it does not have.
    const [listing] = await db
      .select()
      .from(productListings)
      .where(eq(productListings.productId, offerA.product.id))
    expect(listing?.inStock ?? false).toBe(false)
    expect(await itemQuantities(db, buyer)).toEqual({ [elsewhere.skuId]: 3 })
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, placed.orderId))
    expect(events).toMatchObject([
      { fromStatus: null, toStatus: 'pending_payment', actorKind: 'buyer', actorUserId: buyer.userId },
    ])
    // The cart is gone with its last item: its checkout is a 404 now, the other seller's cart is not.
    expect((await failureOf(() => getCheckout(db, buyer.auth, { cartId }))).status).toBe(404)
    void otherSellerId

    // The same key again (a retry, a double click): the same order, nothing more.
    const again = await placeOrder(
      db,
      buyer.auth,
      input({ cartId, deliveryMethod: 'seller_delivery', addressId: address.id, idempotencyKey: key }),
    )
    expect(again).toEqual(placed)
    expect(await ordersOf(db, buyer)).toBe(1)
    expect(await remainingOf(db, offerB.skuId)).toBe(33)
  })

  it('one order for two simultaneous requests with the same key', async () => {
    const setup = await oneLine({ quantity: 3, remainingQuantity: 10 })
    const key = newKey()
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        placeOrder(db, setup.buyer.auth, input({ cartId: setup.cartId, idempotencyKey: key })),
      ),
    )
    expect(new Set(results.map((r) => r.orderNumber)).size).toBe(1)
    expect(await ordersOf(db, setup.buyer)).toBe(1)
    expect(await remainingOf(db, setup.offer.skuId)).toBe(7)
  })

  it('pickup: no fee, no address, the store cities recorded', async () => {
    const pickupBuyer = await createBuyer(db)
    const seller = await createSeller(db, { deliveryFee: 150_000, freeDeliveryThreshold: null })
    const store = await createStore(db, { seller, city: 'Shiraz' })
    const offer = await createOffer(db, { store, tiers: [{ unitPrice: 120_000 }] })
    const { cartIds } = await fillCart(db, pickupBuyer, [{ skuId: offer.skuId, quantity: 3 }])
    const placed = await placeOrder(
      db,
      pickupBuyer.auth,
      input({ cartId: cartIds.get(seller.id)!, deliveryMethod: 'pickup', addressId: 123 }),
    )
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId))
    expect(order).toMatchObject({
      deliveryMethod: 'pickup',
      address: null,
      addressId: null,
      pickupCity: 'Shiraz',
      subtotal: 360_000,
      deliveryFee: 0,
      vat: 36_000,
      total: 396_000,
    })
  })

  it('free seller delivery once the goods (after discounts) reach the threshold', async () => {
    const richBuyer = await createBuyer(db)
    const seller = await createSeller(db, { deliveryFee: 150_000, freeDeliveryThreshold: 5_000_000 })
    const store = await createStore(db, { seller })
    const offer = await createOffer(db, { store, tiers: [{ unitPrice: 600_000, offerPrice: 500_000 }] })
    const { cartIds } = await fillCart(db, richBuyer, [{ skuId: offer.skuId, quantity: 10 }])
    const address = await addressOf(db, richBuyer)
    const cart = cartIds.get(seller.id)!
    const view = await getCheckout(db, richBuyer.auth, { cartId: cart })
    expect(view.lines[0]!.lineTotal).toBe(5_000_000)
    const placed = await placeOrder(
      db,
      richBuyer.auth,
      input({
        cartId: cart,
        deliveryMethod: 'seller_delivery',
        addressId: address.id,
        expectedTotal: 5_500_000,
      }),
    )
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId))
    expect(order).toMatchObject({
      subtotal: 6_000_000,
      discount: 1_000_000,
      deliveryFee: 0,
      vat: 500_000,
      total: 5_500_000,
    })
  })

  it('prices at the tier the quantity reaches', async () => {
    const setup = await oneLine({
      quantity: 60,
      tiers: [{ unitPrice: 250_000 }, { minQuantity: 50, unitPrice: 200_000, offerPrice: 190_000 }],
    })
    const view = await getCheckout(db, setup.buyer.auth, { cartId: setup.cartId })
    expect(view.lines[0]).toMatchObject({
      tierMinQuantity: 50,
      unitPrice: 200_000,
      offerPrice: 190_000,
      lineSubtotal: 12_000_000,
      lineDiscount: 600_000,
      lineTotal: 11_400_000,
    })
    const placed = await placeOrder(db, setup.buyer.auth, input({ cartId: setup.cartId }))
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId))
    // 11,400,000 + VAT 1,140,000
    expect(order).toMatchObject({
      subtotal: 12_000_000,
      discount: 600_000,
      vat: 1_140_000,
      total: 12_540_000,
    })
  })
})
