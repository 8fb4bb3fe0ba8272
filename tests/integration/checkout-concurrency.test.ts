import { eq, sum } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { placeOrder } from '~/features/checkout/checkout.server'
import { placeOrderInput } from '~/features/checkout/checkout.schemas'
import { ledgerMismatches } from '~/features/inventory/stock-ledger.server'
import type { Db } from '~/server/db/client.server'
import { orderLines, orders } from '~/server/db/schema'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { createOffer } from './basket-fixtures'
import { createBuyer, fillCart, itemQuantities, newKey, remainingOf, type Buyer } from './checkout-fixtures'

/**
 * No oversell (issue #7): PGlite runs one query at a time and cannot race, so this runs only on a
 * real PostgreSQL server (TEST_DATABASE_URL); CI runs it there.
 */
describe.skipIf(!usingPostgres())('checkout: concurrent buyers for the last units (PostgreSQL)', () => {
  let db: Db

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)

  it('50 buyers at once for 10 units: exactly 10 orders, the rest told it is out of stock', async () => {
    const offer = await createOffer(db, { remainingQuantity: 10 })
    const buyers: { buyer: Buyer; cartId: number }[] = []
    for (let i = 0; i < 50; i++) {
      const buyer = await createBuyer(db)
      const { cartIds } = await fillCart(db, buyer, [{ skuId: offer.skuId, quantity: 1 }])
      buyers.push({ buyer, cartId: [...cartIds.values()][0]! })
    }

    const outcomes = await Promise.allSettled(
      buyers.map(({ buyer, cartId }) =>
        placeOrder(
          db,
          buyer.auth,
          parseInput(placeOrderInput, {
            cartId,
            addressId: null,
            deliveryMethod: 'pickup',
            idempotencyKey: newKey(),
          }),
        ),
      ),
    )

    const won = outcomes.filter((o) => o.status === 'fulfilled')
    const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []))
    expect(won).toHaveLength(10)
    expect(lost).toHaveLength(40)
    for (const reason of lost) {
      expect(reason).toBeInstanceOf(HttpError)
      expect((reason as HttpError).status).toBe(422)
      expect((reason as HttpError).message).toBe('Out of stock: remove it to continue.')
    }
    expect(await remainingOf(db, offer.skuId)).toBe(0)
    // Every unit taken is explained: stock still equals the sum of the ledger after the race.
    expect(await ledgerMismatches(db)).toEqual([])
    const [reserved] = await db
      .select({ units: sum(orderLines.reservedQuantity) })
      .from(orderLines)
      .where(eq(orderLines.skuId, offer.skuId))
    expect(Number(reserved!.units)).toBe(10)
    const placed = await db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.skuId, offer.skuId))
    expect(placed).toHaveLength(10)

    // Winners' items left their basket; losers keep theirs to fix or remove.
    const baskets = await Promise.all(buyers.map(({ buyer }) => itemQuantities(db, buyer)))
    expect(baskets.filter((b) => Object.keys(b).length === 0)).toHaveLength(10)
    expect(baskets.filter((b) => b[offer.skuId] === 1)).toHaveLength(40)
  }, 60_000)

  it('a retried request racing its twin creates one order on a real server too', async () => {
    const offer = await createOffer(db, { remainingQuantity: 10 })
    const buyer = await createBuyer(db)
    const { cartIds } = await fillCart(db, buyer, [{ skuId: offer.skuId, quantity: 2 }])
    const data = parseInput(placeOrderInput, {
      cartId: [...cartIds.values()][0]!,
      addressId: null,
      deliveryMethod: 'pickup',
      idempotencyKey: newKey(),
    })
    const results = await Promise.all(Array.from({ length: 8 }, () => placeOrder(db, buyer.auth, data)))
    expect(new Set(results.map((r) => r.orderNumber)).size).toBe(1)
    expect(await remainingOf(db, offer.skuId)).toBe(8)
  })
})
