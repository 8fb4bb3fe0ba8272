import { asc, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { placeOrder } from '~/features/checkout/checkout.server'
import { placeOrderInput } from '~/features/checkout/checkout.schemas'
import {
  StockMovedError,
  changeStock,
  ledgerMismatches,
  openLedgersForUntrackedStock,
} from '~/features/inventory/stock-ledger.server'
import { transitionOrder } from '~/features/orders/order-transitions.server'
import type { Db } from '~/server/db/client.server'
import { skus, stockMovements } from '~/server/db/schema'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { createSku } from '../factories/create'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { createOffer } from './basket-fixtures'
import { createBuyer, fillCart, newKey, remainingOf } from './checkout-fixtures'

let db: Db

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

const ledgerOf = (skuId: number) =>
  db.select().from(stockMovements).where(eq(stockMovements.skuId, skuId)).orderBy(asc(stockMovements.id))

describe('stock ledger', () => {
  it('records a manual change with who, why and the resulting figure', async () => {
    const sku = await createSku(db, { remainingQuantity: 40 })
    const result = await db.transaction((tx) =>
      changeStock(tx, {
        skuId: sku.id,
        setTo: 25,
        expected: 40,
        kind: 'adjustment',
        actorUserId: null,
        reason: 'damaged',
        note: 'water damage',
      }),
    )
    expect(result).toMatchObject({ before: 40, after: 25, moved: true })
    const rows = await ledgerOf(sku.id)
    expect(rows.map((r) => [r.kind, r.delta, r.resultingQuantity, r.reason])).toEqual([
      ['adjustment', 40, 40, 'opening_stock'],
      ['adjustment', -15, 25, 'damaged'],
    ])
  })

  it('refuses a figure that moved meanwhile with 409 and the new stock, changing nothing', async () => {
    const sku = await createSku(db, { remainingQuantity: 10 })
    const error = await db
      .transaction((tx) =>
        changeStock(tx, { skuId: sku.id, setTo: 50, expected: 12, kind: 'adjustment', actorUserId: null }),
      )
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StockMovedError)
    expect((error as StockMovedError).status).toBe(409)
    expect((error as StockMovedError).current).toBe(10)
    expect((error as StockMovedError).message).toMatch(/it is now 10/)
    expect(await remainingOf(db, sku.id)).toBe(10)
    expect(await ledgerOf(sku.id)).toHaveLength(1)
  })

  it('refuses to go below zero', async () => {
    const sku = await createSku(db, { remainingQuantity: 3 })
    const error = await db
      .transaction((tx) =>
        changeStock(tx, { skuId: sku.id, delta: -4, kind: 'adjustment', actorUserId: null }),
      )
      .catch((e: unknown) => e)
    expect((error as HttpError).status).toBe(422)
    expect(await remainingOf(db, sku.id)).toBe(3)
  })

  it('explains checkout reservations and their release when the order is cancelled', async () => {
    const offer = await createOffer(db, { remainingQuantity: 30 })
    const buyer = await createBuyer(db)
    const { cartIds } = await fillCart(db, buyer, [{ skuId: offer.skuId, quantity: 7 }])
    const order = await placeOrder(
      db,
      buyer.auth,
      parseInput(placeOrderInput, {
        cartId: [...cartIds.values()][0]!,
        addressId: null,
        deliveryMethod: 'pickup',
        idempotencyKey: newKey(),
      }),
    )
    await db.transaction((tx) =>
      transitionOrder(tx, {
        orderId: order.orderId,
        to: 'cancelled',
        actor: { kind: 'buyer', userId: buyer.userId },
      }),
    )
    const rows = await ledgerOf(offer.skuId)
    expect(rows.map((r) => [r.kind, r.delta, r.resultingQuantity, r.orderId, r.actorUserId])).toEqual([
      ['adjustment', 30, 30, null, null],
      ['reservation', -7, 23, order.orderId, buyer.userId],
      ['release', 7, 30, order.orderId, buyer.userId],
    ])
  })

  it('keeps stock equal to the sum of its ledger after any sequence of changes', async () => {
    const sku = await createSku(db, { remainingQuantity: 20 })
    const operation = fc.oneof(
      fc.record({ op: fc.constant('delta' as const), n: fc.integer({ min: -30, max: 30 }) }),
      fc.record({ op: fc.constant('set' as const), n: fc.integer({ min: 0, max: 60 }) }),
      fc.record({ op: fc.constant('stale' as const), n: fc.integer({ min: 0, max: 60 }) }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const { op, n } of ops) {
          const current = await remainingOf(db, sku.id)
          await db
            .transaction((tx) =>
              changeStock(tx, {
                skuId: sku.id,
                kind: 'adjustment',
                actorUserId: null,
                ...(op === 'delta' ? { delta: n } : { setTo: n }),
                ...(op === 'stale' ? { expected: current + 1 } : {}),
              }),
            )
            .catch((e: unknown) => {
              if (!(e instanceof HttpError) || ![409, 422].includes(e.status)) throw e
            })
        }
        expect(await ledgerMismatches(db)).toEqual([])
      }),
      { numRuns: 15 },
    )
  })

  it('opens a ledger for stock that has none, once', async () => {
    const [raw] = await db
      .insert(skus)
      .values({
        sku: `RAW-${Date.now()}`,
        storeId: (await createSku(db)).storeId,
        productId: (await createSku(db)).productId,
        remainingQuantity: 9,
      })
      .returning()
    expect((await ledgerMismatches(db)).map((m) => m.skuId)).toContain(raw!.id)
    await openLedgersForUntrackedStock(db)
    await openLedgersForUntrackedStock(db)
    expect(await ledgerOf(raw!.id)).toHaveLength(1)
    expect(await ledgerMismatches(db)).toEqual([])
  })
})
