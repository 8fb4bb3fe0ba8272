import { and, asc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { placeOrder } from '~/features/checkout/checkout.server'
import { placeOrderInput } from '~/features/checkout/checkout.schemas'
import { lowStockSummary } from '~/features/inventory/low-stock.server'
import { setLowStockThreshold } from '~/features/inventory/sku-settings.server'
import { changeStock } from '~/features/inventory/stock-ledger.server'
import { adjustStock } from '~/features/inventory/stock.server'
import { getSellerDashboard } from '~/features/orders/orders-dashboard.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { lowStockAlerts, outboxMessages, users } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { createProduct, createSeller, createSku, createStore, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { createBuyer, fillCart, newKey } from './checkout-fixtures'
import { authOf } from './tickets-fixtures'

/**
 * Issue #16: when stock falls below a SKU's threshold the seller hears once (an SMS through the
 * outbox and a dashboard notice), not once per order; back at or above it, the next fall alerts again.
 */

let db: Db
let owner: AuthContext
let ownerPhone: string
let store: { id: number }

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
  const user = await createUser(db, { isSeller: true })
  const seller = await createSeller(db, { owner: user })
  owner = await authOf(db, user.id)
  ownerPhone = (await db.select({ phone: users.cellphone }).from(users).where(eq(users.id, user.id)))[0]!
    .phone
  store = await createStore(db, { seller, name: 'Alert Depot' })
})
afterAll(closeAuthTestDatabase)

const smsAbout = async (code: string) =>
  db
    .select({ to: outboxMessages.to, body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(like(outboxMessages.body, `%(${code})%`)))
    .orderBy(asc(outboxMessages.id))

const alertsOf = (skuId: number) =>
  db.select().from(lowStockAlerts).where(eq(lowStockAlerts.skuId, skuId)).orderBy(asc(lowStockAlerts.id))

async function checkout(skuId: number, quantity: number) {
  const buyer = await createBuyer(db)
  const { cartIds } = await fillCart(db, buyer, [{ skuId, quantity }])
  return placeOrder(
    db,
    buyer.auth,
    parseInput(placeOrderInput, {
      cartId: [...cartIds.values()][0]!,
      addressId: null,
      deliveryMethod: 'pickup',
      idempotencyKey: newKey(),
    }),
  )
}

const adjustTo = (sku: string, expected: number, quantity: number) =>
  adjustStock(db, owner, { sku, mode: 'set', quantity, expected, reason: 'received', note: '' })

describe(`low-stock alerts (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('alerts once when checkouts take stock below the threshold, then again after a restock', async () => {
    const sku = await createSku(db, {
      store,
      product: await createProduct(db, { name: 'Cardamom Tin' }),
      remainingQuantity: 12,
    })
    await checkout(sku.id, 2) // 12 → 10: at the threshold, not below it
    expect(await smsAbout(sku.sku)).toEqual([])
    await checkout(sku.id, 3) // 10 → 7: below
    await checkout(sku.id, 2) // 7 → 5: still below, no second alert
    await checkout(sku.id, 1) // 5 → 4
    const first = await smsAbout(sku.sku)
    expect(first).toEqual([
      {
        to: ownerPhone,
        body: expect.stringContaining('Cardamom Tin') as unknown as string,
      },
    ])
    expect(first[0]!.body).toContain('7 left, below your alert level of 10')
    expect((await alertsOf(sku.id)).map((a) => [a.quantity, a.threshold])).toEqual([[7, 10]])

    // The dashboard shows the notice while the SKU is still low.
    const dashboard = await getSellerDashboard(db, owner)
    expect(dashboard.low_stock_alerts).toEqual([
      expect.objectContaining({ sku: sku.sku, product_name: 'Cardamom Tin', quantity: 7, threshold: 10 }),
    ])
    expect(dashboard.low_stock.map((row) => row.sku)).toContain(sku.sku)

    // Restocked to the threshold: re-armed, and the notice goes.
    await adjustTo(sku.sku, 4, 10)
    expect((await getSellerDashboard(db, owner)).low_stock_alerts).toEqual([])
    expect(await smsAbout(sku.sku)).toHaveLength(1)
    // The next fall (a manual removal this time) alerts again, once.
    await adjustTo(sku.sku, 10, 9)
    await adjustTo(sku.sku, 9, 3)
    expect(await smsAbout(sku.sku)).toHaveLength(2)
    expect((await alertsOf(sku.id)).map((a) => a.quantity)).toEqual([7, 9])
  })

  it("uses the SKU's own threshold, for every kind of movement, and ignores always-available SKUs", async () => {
    const sku = await createSku(db, {
      store,
      product: await createProduct(db, { name: 'Saffron Jar' }),
      remainingQuantity: 100,
    })
    await setLowStockThreshold(db, owner, { sku: sku.sku, threshold: 60 })
    await db.transaction((tx) =>
      changeStock(tx, { skuId: sku.id, delta: -30, kind: 'import', actorUserId: null }),
    ) // 70
    expect(await smsAbout(sku.sku)).toHaveLength(0)
    await db.transaction((tx) =>
      changeStock(tx, { skuId: sku.id, delta: -15, kind: 'correction', actorUserId: null }),
    ) // 55 < 60
    expect((await alertsOf(sku.id)).map((a) => [a.quantity, a.threshold])).toEqual([[55, 60]])
    expect(await smsAbout(sku.sku)).toHaveLength(1)

    const always = await createSku(db, {
      store,
      product: await createProduct(db, { name: 'Salt Pack' }),
      remainingQuantity: 12,
      alwaysAvailable: true,
    })
    await db.transaction((tx) =>
      changeStock(tx, { skuId: always.id, delta: -5, kind: 'correction', actorUserId: null }),
    )
    expect(await alertsOf(always.id)).toEqual([])
  })

  it('one order that takes two SKUs below their thresholds sends one summary SMS, and both notices', async () => {
    const skus = [
      await createSku(db, {
        store,
        product: await createProduct(db, { name: 'Pair Dates' }),
        remainingQuantity: 12,
      }),
      await createSku(db, {
        store,
        product: await createProduct(db, { name: 'Pair Figs' }),
        remainingQuantity: 12,
      }),
    ]
    const before = await db.select().from(outboxMessages).where(eq(outboxMessages.to, ownerPhone))
    const buyer = await createBuyer(db)
    const { cartIds } = await fillCart(
      db,
      buyer,
      skus.map((sku) => ({ skuId: sku.id, quantity: 5 })),
    )
    expect(cartIds.size).toBe(1)
    await placeOrder(
      db,
      buyer.auth,
      parseInput(placeOrderInput, {
        cartId: [...cartIds.values()][0]!,
        addressId: null,
        deliveryMethod: 'pickup',
        idempotencyKey: newKey(),
      }),
    )
    for (const sku of skus) expect((await alertsOf(sku.id)).map((a) => a.quantity)).toEqual([7])
    const sent = (await db.select().from(outboxMessages).where(eq(outboxMessages.to, ownerPhone))).slice(
      before.length,
    )
    expect(sent.map((m) => m.body)).toEqual([lowStockSummary(2)])
  })

  it('writes nothing when the movement is rolled back', async () => {
    const sku = await createSku(db, {
      store,
      product: await createProduct(db, { name: 'Rollback Tea' }),
      remainingQuantity: 11,
    })
    await db
      .transaction(async (tx) => {
        await changeStock(tx, { skuId: sku.id, delta: -5, kind: 'adjustment', actorUserId: null })
        throw new Error('boom')
      })
      .catch(() => undefined)
    expect(await alertsOf(sku.id)).toEqual([])
    expect(await smsAbout(sku.sku)).toEqual([])
  })

  it("another seller's dashboard shows none of these alerts", async () => {
    const otherUser = await createUser(db, { isSeller: true })
    await createSeller(db, { owner: otherUser })
    const other = await authOf(db, otherUser.id)
    expect((await getSellerDashboard(db, other)).low_stock_alerts).toEqual([])
  })
})
