import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '~/server/db/client.server'
import { skus } from '~/server/db/schema'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase, SITE } from './auth-fixtures'
import { basketApi, basketOf, createBuyer, createOffer, quantities, type Caller } from './basket-fixtures'

let db: Db

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

describe(`basket API: bad input changes nothing (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let buyer: Caller
  let sku: string
  let itemId: number

  beforeAll(async () => {
    buyer = await createBuyer(db)
    sku = (await createOffer(db)).sku
    itemId = ((await basketApi.add(buyer, { sku, quantity: 5 })).body.data as { id: number }).id
  })

  const quantityMessage = 'Quantity must be a whole number from 1 to 100000'
  const badAdds: [string, unknown, string, string][] = [
    ['quantity 0', { quantity: 0 }, 'quantity', quantityMessage],
    ['a negative quantity', { quantity: -3 }, 'quantity', quantityMessage],
    ['a fractional quantity', { quantity: 1.5 }, 'quantity', quantityMessage],
    ['an absurd quantity', { quantity: 100_001 }, 'quantity', quantityMessage],
    ['a quantity as text', { quantity: '3' }, 'quantity', quantityMessage],
    ['no quantity', { quantity: undefined }, 'quantity', 'Field is required.'],
    ['no sku', { sku: undefined }, 'sku', 'Field is required.'],
    ['an empty sku', { sku: '  ' }, 'sku', 'Field is required.'],
    ['an unknown sku', { sku: 'NO-SUCH-SKU' }, 'sku', 'This product is not on offer right now'],
  ]

  it.each(badAdds)('refuses an add with %s (422, named field)', async (_label, patch, field, message) => {
    const reply = await basketApi.add(buyer, { sku, quantity: 1, ...(patch as object) })
    expect(reply.status).toBe(422)
    expect(reply.body.errors).toEqual({ [field]: [message] })
    expect(quantities(await basketOf(buyer))).toEqual({ [sku]: 5 })
  })

  it('refuses an add that would take an item past 100000', async () => {
    await basketApi.setQuantity(buyer, itemId, { quantity: 99_999 })
    const reply = await basketApi.add(buyer, { sku, quantity: 2 })
    expect(reply.status).toBe(422)
    expect(reply.body.errors).toEqual({ quantity: ['A basket holds at most 100000 of one item'] })
    expect(quantities(await basketOf(buyer))).toEqual({ [sku]: 99_999 })
    await basketApi.setQuantity(buyer, itemId, { quantity: 5 })
  })

  it.each([0, -1, 2.5, 100_001, '7', null])('refuses the quantity %s on an update', async (quantity) => {
    const reply = await basketApi.setQuantity(buyer, itemId, { quantity })
    expect(reply.status).toBe(422)
    expect(Object.keys(reply.body.errors as object)).toEqual(['quantity'])
    expect(quantities(await basketOf(buyer))).toEqual({ [sku]: 5 })
  })

  it('refuses a body that is not JSON', async () => {
    const request = new Request(`${SITE}/api/cart/b2b/cart-items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: '{"sku": ',
    })
    const { Route } = await import('~/routes/api/cart/b2b/cart-items/index')
    const handlers = (
      Route.options as unknown as { server: { handlers: Record<string, (c: unknown) => Promise<Response>> } }
    ).server.handlers
    const response = await handlers.POST!({ request, params: {} })
    expect(response.status).toBe(422)
  })

  it('refuses an offer that exists but is not on sale (inactive sku)', async () => {
    const offer = await createOffer(db)
    await db.update(skus).set({ status: 'inactive' }).where(eq(skus.id, offer.skuId))
    const reply = await basketApi.add(buyer, { sku: offer.sku, quantity: 1 })
    expect(reply.status).toBe(422)
    expect(reply.body.errors).toEqual({ sku: ['This product is not on offer right now'] })
  })
})
