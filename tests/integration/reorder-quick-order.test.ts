import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  addToBasketInOneStep,
  checkQuickOrder,
  previewReorder,
  undoAddToBasket,
} from '~/features/reorder/index.server'
import { parseQuickOrderText } from '~/features/reorder'
import type { Db } from '~/server/db/client.server'
import { prices, skus } from '~/server/db/schema'
import { createPendingOrder } from '../factories/orders'
import { createProduct, createSeller, createSku, createStore, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { basketOf, createBuyer, createOffer, quantities } from './basket-fixtures'
import { authOf, errorOf, statusOf } from './tickets-fixtures'

let db: Db

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

describe(`reorder: buy again at today's prices (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  async function pastOrder() {
    const buyer = await createBuyer(db)
    const seller = await createSeller(db)
    const store = await createStore(db, { seller })
    const same = await createSku(db, { store })
    const dearer = await createSku(db, { store })
    const runOut = await createSku(db, { store, remainingQuantity: 2 })
    const moq = await createSku(db, { store, tiers: [{ minQuantity: 10, unitPrice: 500_000 }] })
    const product = await createProduct(db)
    const retired = await createSku(db, { store, product })
    // Another seller still offers the retired SKU's product.
    const otherStore = await createStore(db)
    const other = await createSku(db, { store: otherStore, product, tiers: [{ unitPrice: 1_200_000 }] })
    const order = await createPendingOrder(db, {
      buyer: { id: buyer.userId },
      seller,
      lines: [
        { sku: same, quantity: 3 },
        { sku: dearer, quantity: 4, unitPrice: 900_000 },
        { sku: runOut, quantity: 2 },
        { sku: moq, quantity: 2, unitPrice: 500_000 },
        { sku: retired, quantity: 5 },
      ],
    })
    await db.update(skus).set({ status: 'inactive' }).where(eq(skus.id, retired.id))
    return { buyer, order, same, dearer, runOut, moq, retired, other }
  }

  it('reports each line: unchanged, price up with both prices, out of stock, below the MOQ, retired with an alternative', async () => {
    const { buyer, order, same, dearer, runOut, moq, retired, other } = await pastOrder()
    const preview = await previewReorder(db, await authOf(db, buyer.userId), order.id)
    const bySku = Object.fromEntries(preview.lines.map((line) => [line.sku, line]))

    expect(bySku[same.sku]).toMatchObject({ changes: [], addable: true, addQuantity: 3 })
    expect(bySku[same.sku]!.offer).toMatchObject({ unitPrice: 1_000_000 })
    expect(bySku[dearer.sku]!.changes).toEqual([{ kind: 'price_up', from: 900_000, to: 1_000_000 }])
    expect(bySku[runOut.sku]).toMatchObject({ changes: [{ kind: 'out_of_stock' }], addable: false })
    expect(bySku[moq.sku]).toMatchObject({
      addQuantity: 10,
      changes: [{ kind: 'below_moq', minQuantity: 10 }],
      addable: true,
    })
    expect(bySku[retired.sku]).toMatchObject({ changes: [{ kind: 'retired' }], addable: false, offer: null })
    expect(bySku[retired.sku]!.alternative).toMatchObject({ sku: other.sku, unitPrice: 1_200_000 })
  })

  it('adds the chosen lines at the prices shown; a price changed since refuses the whole add', async () => {
    const { buyer, order, same, dearer } = await pastOrder()
    const auth = await authOf(db, buyer.userId)
    const preview = await previewReorder(db, auth, order.id)
    const lines = preview.lines
      .filter((line) => line.addable)
      .map((line) => ({ sku: line.sku, quantity: line.addQuantity, unit_price: line.offer!.unitPrice }))

    // The seller raises a price after the preview: nothing is added at a price the buyer did not see.
    await db.update(prices).set({ unitPrice: 1_100_000 }).where(eq(prices.skuId, dearer.id))
    const refused = await errorOf(() => addToBasketInOneStep(db, auth, { lines }))
    expect(refused.status).toBe(422)
    expect(await basketOf(buyer)).toEqual([])

    const again = await previewReorder(db, auth, order.id)
    expect(again.lines.find((l) => l.sku === dearer.sku)!.changes).toEqual([
      { kind: 'price_up', from: 900_000, to: 1_100_000 },
    ])
    const fresh = again.lines
      .filter((line) => line.addable)
      .map((line) => ({ sku: line.sku, quantity: line.addQuantity, unit_price: line.offer!.unitPrice }))
    const result = await addToBasketInOneStep(db, auth, { lines: fresh })
    expect(result.added).toHaveLength(3)
    expect(quantities(await basketOf(buyer))).toMatchObject({ [same.sku]: 3, [dearer.sku]: 4 })
  })

  it("another buyer's order answers like a missing one", async () => {
    const { order } = await pastOrder()
    const stranger = await createUser(db)
    expect(await statusOf(async () => previewReorder(db, await authOf(db, stranger.id), order.id))).toBe(404)
    expect(await statusOf(() => previewReorder(db, null, order.id))).toBe(401)
  })
})

describe('quick order: paste, check, add the valid lines in one step, undo', () => {
  it('reads codes and quantities in the forms people paste', () => {
    expect(parseQuickOrderText('sku,quantity\nA-1, 12\n\nB-2\t۲۴\nC-3, 1,200\nD-4; abc\nE-5\nF-6 7')).toEqual(
      [
        { line: 2, sku: 'A-1', quantityText: '12', quantity: 12 },
        { line: 4, sku: 'B-2', quantityText: '۲۴', quantity: 24 },
        { line: 5, sku: 'C-3', quantityText: '1,200', quantity: 1200 },
        { line: 6, sku: 'D-4', quantityText: 'abc', quantity: null },
        { line: 7, sku: 'E-5', quantityText: '', quantity: null },
        { line: 8, sku: 'F-6', quantityText: '7', quantity: 7 },
      ],
    )
  })

  it('shows each line with its offer or its problem in words, then adds the three valid ones and undoes exactly that', async () => {
    const buyer = await createBuyer(db)
    const auth = await authOf(db, buyer.userId)
    const a = await createOffer(db)
    const b = await createOffer(db, {
      tiers: [{ unitPrice: 800_000 }, { minQuantity: 10, unitPrice: 700_000 }],
    })
    const c = await createOffer(db)
    const moq = await createOffer(db, { tiers: [{ minQuantity: 6 }] })
    const out = await createOffer(db, { remainingQuantity: 0 })
    // The buyer already has 2 of `a` in the basket: the undo must leave those.
    await addToBasketInOneStep(db, auth, { lines: [{ sku: a.sku, quantity: 2 }] })

    const text = [
      `${a.sku}, 3`,
      `NO-SUCH-CODE, 4`,
      `${moq.sku}, 2`,
      `${b.sku}, 12`,
      `${c.sku}, twelve`,
      `${out.sku}, 1`,
      `${c.sku}, 1`,
    ].join('\n')
    const checked = await checkQuickOrder(db, auth, text)
    expect(checked.lines.map((line) => [line.sku, line.problem])).toEqual([
      [a.sku, null],
      ['NO-SUCH-CODE', 'unknown_code'],
      [moq.sku, 'below_moq'],
      [b.sku, null],
      [c.sku, 'bad_quantity'],
      [out.sku, 'out_of_stock'],
      [c.sku, null],
    ])
    expect(checked.valid).toBe(3)
    // The unit price is the tier's for that quantity; the MOQ and stock come with it.
    expect(checked.lines[3]!.offer).toMatchObject({ unitPrice: 700_000, minQuantity: 1, stock: 100 })
    expect(checked.lines[2]!.offer).toMatchObject({ minQuantity: 6 })

    const valid = checked.lines
      .filter((line) => line.problem === null)
      .map((line) => ({ sku: line.sku, quantity: line.quantity!, unit_price: line.offer!.unitPrice }))
    const result = await addToBasketInOneStep(db, auth, { lines: valid })
    expect(quantities(await basketOf(buyer))).toEqual({ [a.sku]: 5, [b.sku]: 12, [c.sku]: 1 })

    await undoAddToBasket(db, auth, { lines: result.added })
    expect(quantities(await basketOf(buyer))).toEqual({ [a.sku]: 2 })
  })

  it('adds all valid lines or none: one line not on offer refuses the lot', async () => {
    const buyer = await createBuyer(db)
    const auth = await authOf(db, buyer.userId)
    const a = await createOffer(db)
    const gone = await createOffer(db)
    await db.update(skus).set({ status: 'inactive' }).where(eq(skus.sku, gone.sku))
    const error = await errorOf(() =>
      addToBasketInOneStep(db, auth, {
        lines: [
          { sku: a.sku, quantity: 1 },
          { sku: gone.sku, quantity: 1 },
        ],
      }),
    )
    expect(error.status).toBe(422)
    expect(error.fieldErrors).toHaveProperty(['lines.1.sku'])
    expect(await basketOf(buyer)).toEqual([])
  })

  it("undo touches only the caller's basket", async () => {
    const a = await createOffer(db)
    const owner = await createBuyer(db)
    const other = await createBuyer(db)
    await addToBasketInOneStep(db, await authOf(db, owner.userId), { lines: [{ sku: a.sku, quantity: 4 }] })
    await undoAddToBasket(db, await authOf(db, other.userId), { lines: [{ sku: a.sku, quantity: 4 }] })
    expect(quantities(await basketOf(owner))).toEqual({ [a.sku]: 4 })
  })

  it('checks 1,000 lines with a bounded number of queries, well within 2 s', async () => {
    const buyer = await createBuyer(db)
    const auth = await authOf(db, buyer.userId)
    const store = await createStore(db)
    const offers: { sku: string }[] = []
    for (let i = 0; i < 40; i++) offers.push(await createSku(db, { store }))
    const text = Array.from({ length: 1000 }, (_, i) =>
      i % 2 === 0 ? `${offers[(i / 2) % 40]!.sku}, ${1 + (i % 7)}` : `UNKNOWN-${i}, 3`,
    ).join('\n')
    const execute = vi.spyOn(db, 'execute')
    const started = performance.now()
    const checked = await checkQuickOrder(db, auth, text)
    const elapsed = performance.now() - started
    const queries = execute.mock.calls.length
    execute.mockRestore()
    expect(checked.lines).toHaveLength(1000)
    expect(checked.valid).toBe(500)
    expect(queries).toBeLessThanOrEqual(2)
    expect(elapsed).toBeLessThan(2000)
    // And one add of the 500 valid lines (40 SKUs) is one request.
    const valid = checked.lines.filter((l) => l.problem === null)
    const added = await addToBasketInOneStep(db, auth, {
      lines: valid.map((l) => ({ sku: l.sku, quantity: l.quantity!, unit_price: l.offer!.unitPrice })),
    })
    expect(added.added).toHaveLength(40)
    const [row] = await db
      .select()
      .from(skus)
      .where(and(eq(skus.storeId, store.id), eq(skus.sku, offers[0]!.sku)))
    expect(row).toBeDefined()
  })
})
