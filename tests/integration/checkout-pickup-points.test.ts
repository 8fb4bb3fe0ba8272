import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getCheckout, placeOrder } from '~/features/checkout/checkout.server'
import { placeOrderInput } from '~/features/checkout/checkout.schemas'
import { renderInvoicePdf } from '~/features/orders/invoice-pdf.server'
import { getInvoiceForViewer } from '~/features/orders/invoices.server'
import { transitionOrder } from '~/features/orders/order-transitions.server'
import { getBuyerOrder, getSellerOrder } from '~/features/orders/orders-read.server'
import type { Db } from '~/server/db/client.server'
import { invoices, orders, stores } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { createSeller, createSku, createStore } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { createOffer } from './basket-fixtures'
import { addressOf, createBuyer, fillCart, newKey } from './checkout-fixtures'
import { authOf } from './tickets-fixtures'

const SYSTEM = { kind: 'system', userId: null } as const

describe(`pickup address and hours reach the buyer (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)

  /** One seller with two stores in two cities, both in the buyer's cart. */
  async function twoStoreCart() {
    const buyer = await createBuyer(db)
    const seller = await createSeller(db)
    const tabriz = await createStore(db, {
      seller,
      name: 'Tabriz Depot',
      city: 'Tabriz',
      pickupAddress: 'Bazaar St, Unit 4',
      pickupHours: 'Sat–Wed 9:00–17:00',
    })
    const isfahan = await createStore(db, {
      seller,
      name: 'Isfahan Yard',
      city: 'Isfahan',
      pickupAddress: 'Chaharbagh Ave 120',
      pickupHours: 'Every day 8:00–14:00',
    })
    const a = await createOffer(db, { store: tabriz, tiers: [{ unitPrice: 100_000 }] })
    const b = await createOffer(db, { store: isfahan, tiers: [{ unitPrice: 50_000 }] })
    const { cartIds } = await fillCart(db, buyer, [
      { skuId: a.skuId, quantity: 2 },
      { skuId: b.skuId, quantity: 3 },
    ])
    return { buyer, seller, tabriz, isfahan, cartId: cartIds.get(seller.id)! }
  }

  const ISFAHAN = {
    store: 'Isfahan Yard',
    storeFa: null,
    city: 'Isfahan',
    address: 'Chaharbagh Ave 120',
    hours: 'Every day 8:00–14:00',
  }
  const TABRIZ = {
    store: 'Tabriz Depot',
    storeFa: null,
    city: 'Tabriz',
    address: 'Bazaar St, Unit 4',
    hours: 'Sat–Wed 9:00–17:00',
  }

  it('checkout lists each store with its pickup address and hours', async () => {
    const { buyer, cartId } = await twoStoreCart()
    const view = await getCheckout(db, buyer.auth, { cartId })
    expect(view.pickupCities).toEqual(['Isfahan', 'Tabriz'])
    expect(view.pickupPoints).toEqual([ISFAHAN, TABRIZ])
  })

  it('a pickup order keeps where and when to collect for its buyer, its seller and the invoice (HTML and PDF)', async () => {
    const { buyer, seller, tabriz, cartId } = await twoStoreCart()
    const placed = await placeOrder(
      db,
      buyer.auth,
      parseInput(placeOrderInput, {
        cartId,
        addressId: null,
        deliveryMethod: 'pickup',
        note: '',
        idempotencyKey: newKey(),
      }),
    )
    // The store moves later: the order keeps what the buyer was told.
    await db.update(stores).set({ pickupAddress: 'Somewhere new' }).where(eq(stores.id, tabriz.id))

    expect((await getBuyerOrder(db, buyer.auth, placed.orderId)).pickup_points).toEqual([ISFAHAN, TABRIZ])
    const sellerAuth = await authOf(db, seller.owner.id)
    expect((await getSellerOrder(db, sellerAuth, placed.orderId)).pickup_points).toEqual([ISFAHAN, TABRIZ])

    await db.transaction((tx) => transitionOrder(tx, { orderId: placed.orderId, to: 'paid', actor: SYSTEM }))
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, placed.orderId))
    const view = await getInvoiceForViewer(db, buyer.auth, invoice!.id)
    expect(view.pickup_points).toEqual([ISFAHAN, TABRIZ])
    const pdf = await renderInvoicePdf(view)
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text
    expect(text).toContain('PICKUP FROM')
    expect(text).toContain('Chaharbagh Ave 120')
    expect(text).toContain('Hours: Sat–Wed 9:00–17:00')
  })

  it('a delivery order shows no pickup points', async () => {
    const { buyer, cartId } = await twoStoreCart()
    const address = await addressOf(db, buyer)
    const placed = await placeOrder(
      db,
      buyer.auth,
      parseInput(placeOrderInput, {
        cartId,
        addressId: address.id,
        deliveryMethod: 'seller_delivery',
        note: '',
        idempotencyKey: newKey(),
      }),
    )
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.orderId))
    expect(row!.pickupPoints).toBeNull()
    expect((await getBuyerOrder(db, buyer.auth, placed.orderId)).pickup_points).toEqual([])
  })

  it('an older pickup order without the snapshot shows its stores as they are now', async () => {
    const seller = await createSeller(db)
    const buyer = await createBuyer(db)
    const store = await createStore(db, {
      seller,
      name: 'Old Shop',
      city: 'Shiraz',
      pickupAddress: 'Zand Blvd 7',
      pickupHours: '10–18',
    })
    const order = await createPendingOrder(db, {
      buyer: { id: buyer.userId },
      seller,
      deliveryMethod: 'pickup',
      lines: [{ sku: await createSku(db, { store }), quantity: 2 }],
    })
    expect((await getBuyerOrder(db, buyer.auth, order.id)).pickup_points).toEqual([
      { store: 'Old Shop', storeFa: null, city: 'Shiraz', address: 'Zand Blvd 7', hours: '10–18' },
    ])
  })
})
