import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addToBasketInOneStep,
  createList,
  createListFromOrder,
  deleteList,
  getList,
  listLists,
  moveListLine,
  removeListLine,
  renameList,
  setListLine,
} from '~/features/reorder/index.server'
import { listCsv } from '~/features/reorder'
import type { Db } from '~/server/db/client.server'
import { createPendingOrder } from '../factories/orders'
import { createSku, createStore } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { basketOf, createBuyer, createOffer, quantities } from './basket-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

let db: Db

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

describe(`saved lists (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('saves the basket as a list, edits and reorders it, and adds it back next week at the prices shown', async () => {
    const buyer = await createBuyer(db)
    const auth = await authOf(db, buyer.userId)
    const a = await createOffer(db)
    const b = await createOffer(db, { tiers: [{ unitPrice: 400_000 }] })
    const c = await createOffer(db)
    await addToBasketInOneStep(db, auth, {
      lines: [
        { sku: a.sku, quantity: 3 },
        { sku: b.sku, quantity: 5 },
      ],
    })
    const { id } = await createList(db, auth, { name: 'Weekly kitchen', from: 'basket' })
    await setListLine(db, auth, { listId: id, sku: c.sku, quantity: 7 })
    await setListLine(db, auth, { listId: id, sku: a.sku, quantity: 4 })
    await moveListLine(db, auth, { listId: id, sku: c.sku, direction: 'up' })
    await removeListLine(db, auth, { listId: id, sku: b.sku })
    await renameList(db, auth, { listId: id, name: 'Kitchen' })

    const list = await getList(db, auth, id)
    expect(list.name).toBe('Kitchen')
    expect(list.lines.map((line) => [line.sku, line.quantity])).toEqual([
      [a.sku, 4],
      [c.sku, 7],
    ])
    expect(list.lines[0]!.offer).toMatchObject({ unitPrice: 1_000_000, stock: 100 })
    expect(list.lines[0]!.inStock).toBe(true)
    expect(listCsv(list).split('\n')[1]).toMatch(new RegExp(`^${a.sku},4,`))
    expect(await listLists(db, auth)).toMatchObject([{ id, name: 'Kitchen', lineCount: 2 }])

    // Next week: the list goes back into the (emptied) basket in one step.
    const other = await createBuyer(db)
    const otherAuth = await authOf(db, other.userId)
    await addToBasketInOneStep(db, otherAuth, { lines: [{ sku: a.sku, quantity: 1 }] })
    await addToBasketInOneStep(db, auth, {
      lines: list.lines.map((line) => ({
        sku: line.sku,
        quantity: line.quantity,
        unit_price: line.offer!.unitPrice,
      })),
    })
    expect(quantities(await basketOf(buyer))).toEqual({ [a.sku]: 7, [b.sku]: 5, [c.sku]: 7 })
  })

  it('makes a list from an order; a retired SKU stays on it, shown as not on offer', async () => {
    const buyer = await createBuyer(db)
    const auth = await authOf(db, buyer.userId)
    const store = await createStore(db)
    const one = await createSku(db, { store })
    const two = await createSku(db, { store })
    const order = await createPendingOrder(db, {
      buyer: { id: buyer.userId },
      lines: [
        { sku: one, quantity: 2 },
        { sku: two, quantity: 6 },
      ],
    })
    const { id } = await createListFromOrder(db, auth, { name: 'From the order', order_id: order.id })
    const { skus } = await import('~/server/db/schema')
    const { eq } = await import('drizzle-orm')
    await db.update(skus).set({ status: 'inactive' }).where(eq(skus.id, two.id))
    const list = await getList(db, auth, id)
    expect(list.lines.map((line) => [line.sku, line.quantity, line.offer === null])).toEqual([
      [one.sku, 2, false],
      [two.sku, 6, true],
    ])
  })

  it("is private: another buyer's list answers like a missing one, for reading and for every change", async () => {
    const owner = await createBuyer(db)
    const stranger = await createBuyer(db)
    const a = await createOffer(db)
    const ownerAuth = await authOf(db, owner.userId)
    const strangerAuth = await authOf(db, stranger.userId)
    const { id } = await createList(db, ownerAuth, { name: 'Mine', from: 'empty' })
    await setListLine(db, ownerAuth, { listId: id, sku: a.sku, quantity: 1 })
    const attempts = [
      () => getList(db, strangerAuth, id),
      () => renameList(db, strangerAuth, { listId: id, name: 'Theirs' }),
      () => setListLine(db, strangerAuth, { listId: id, sku: a.sku, quantity: 9 }),
      () => removeListLine(db, strangerAuth, { listId: id, sku: a.sku }),
      () => moveListLine(db, strangerAuth, { listId: id, sku: a.sku, direction: 'down' }),
      () => deleteList(db, strangerAuth, id),
    ]
    for (const attempt of attempts) expect(await statusOf(attempt)).toBe(404)
    expect(await statusOf(() => getList(db, null, id))).toBe(401)
    expect(await listLists(db, strangerAuth)).toEqual([])
    const still = await getList(db, ownerAuth, id)
    expect(still).toMatchObject({ name: 'Mine', lines: [{ sku: a.sku, quantity: 1 }] })
    // An order of someone else cannot seed a list either.
    const order = await createPendingOrder(db, { buyer: { id: owner.userId } })
    expect(
      await statusOf(() => createListFromOrder(db, strangerAuth, { name: 'x', order_id: order.id })),
    ).toBe(404)
  })
})
