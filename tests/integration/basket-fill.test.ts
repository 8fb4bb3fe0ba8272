import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basketResponseSchema } from '~/features/basket/basket.schemas'
import { pruneFillKeys } from '~/features/basket/basket.server'
import { days, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { skus } from '~/server/db/schema'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import {
  basketApi,
  basketOf,
  createBuyer,
  createOffer,
  createTwoSellers,
  quantities,
} from './basket-fixtures'

let db: Db

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

const key = () => `fill-${Math.random().toString(36).slice(2, 14)}`

describe(`basket fill: merging a guest basket (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  async function setUp() {
    const buyer = await createBuyer(db)
    const { storeA, storeB } = await createTwoSellers(db)
    const a1 = await createOffer(db, { store: storeA })
    const a2 = await createOffer(db, { store: storeA })
    const b1 = await createOffer(db, { store: storeB })
    return { buyer, a1, a2, b1 }
  }

  it('merges into the basket the account already had: quantities of the same sku add up', async () => {
    const { buyer, a1, a2, b1 } = await setUp()
    await basketApi.add(buyer, { sku: a1.sku, quantity: 3 })

    const reply = await basketApi.fill(
      buyer,
      {
        items: [
          { sku: a1.sku, quantity: 2 },
          { sku: a2.sku, quantity: 1 },
          { sku: b1.sku, quantity: 6 },
        ],
      },
      key(),
    )
    expect(reply.status).toBe(200)
    // The reply carries the merged basket in the same shape as GET /basket.
    const merged = v.parse(basketResponseSchema, reply.body).data
    expect(quantities(merged)).toEqual({ [a1.sku]: 5, [a2.sku]: 1, [b1.sku]: 6 })
    expect(merged).toHaveLength(2)
    expect(await basketOf(buyer)).toEqual(merged)
  })

  it('adds up a sku listed twice in one fill', async () => {
    const { buyer, a1 } = await setUp()
    await basketApi.fill(
      buyer,
      {
        items: [
          { sku: a1.sku, quantity: 2 },
          { sku: a1.sku, quantity: 4 },
        ],
      },
      key(),
    )
    expect(quantities(await basketOf(buyer))).toEqual({ [a1.sku]: 6 })
  })

  it('is safe to repeat: the same idempotency key does not add twice', async () => {
    const { buyer, a1, b1 } = await setUp()
    const body = {
      items: [
        { sku: a1.sku, quantity: 2 },
        { sku: b1.sku, quantity: 1 },
      ],
    }
    const k = key()
    const first = await basketApi.fill(buyer, body, k)
    const again = await basketApi.fill(buyer, body, k)
    expect(again.status).toBe(200)
    expect(again.body.meta).toEqual({ replayed: true })
    expect(first.body.meta).toEqual({ replayed: false })
    expect(quantities(await basketOf(buyer))).toEqual({ [a1.sku]: 2, [b1.sku]: 1 })

    // A new key is a new fill.
    await basketApi.fill(buyer, body, key())
    expect(quantities(await basketOf(buyer))).toEqual({ [a1.sku]: 4, [b1.sku]: 2 })
  })

  it('applies a fill once when the same key arrives twice at the same moment', async () => {
    const { buyer, a1 } = await setUp()
    const body = { items: [{ sku: a1.sku, quantity: 3 }] }
    const k = key()
    const replies = await Promise.all([basketApi.fill(buyer, body, k), basketApi.fill(buyer, body, k)])
    expect(replies.map((r) => r.status)).toEqual([200, 200])
    expect(quantities(await basketOf(buyer))).toEqual({ [a1.sku]: 3 })
  })

  it('keeps keys per buyer: another buyer may use the same key', async () => {
    const { buyer, a1 } = await setUp()
    const other = await createBuyer(db)
    const k = key()
    await basketApi.fill(buyer, { items: [{ sku: a1.sku, quantity: 1 }] }, k)
    await basketApi.fill(other, { items: [{ sku: a1.sku, quantity: 1 }] }, k)
    expect(quantities(await basketOf(other))).toEqual({ [a1.sku]: 1 })
  })

  it('changes nothing when one sku is unknown, and keeps the key usable (one transaction)', async () => {
    const { buyer, a1, b1 } = await setUp()
    await basketApi.add(buyer, { sku: a1.sku, quantity: 1 })
    const k = key()
    const reply = await basketApi.fill(
      buyer,
      {
        items: [
          { sku: b1.sku, quantity: 2 },
          { sku: 'NO-SUCH-SKU', quantity: 1 },
        ],
      },
      k,
    )
    expect(reply.status).toBe(422)
    expect(reply.body.errors).toEqual({ 'items.1.sku': ['No product has this code'] })
    expect(quantities(await basketOf(buyer))).toEqual({ [a1.sku]: 1 })

    const retried = await basketApi.fill(buyer, { items: [{ sku: b1.sku, quantity: 2 }] }, k)
    expect(retried.body.meta).toEqual({ replayed: false })
    expect(quantities(await basketOf(buyer))).toEqual({ [a1.sku]: 1, [b1.sku]: 2 })
  })

  it('caps a merged quantity at 100000 instead of failing the merge', async () => {
    const { buyer, a1 } = await setUp()
    await basketApi.add(buyer, { sku: a1.sku, quantity: 90_000 })
    await basketApi.fill(buyer, { items: [{ sku: a1.sku, quantity: 20_000 }] }, key())
    expect(quantities(await basketOf(buyer))).toEqual({ [a1.sku]: 100_000 })
  })

  it('keeps a guest item that is no longer on offer, shown as unavailable', async () => {
    const { buyer, a1 } = await setUp()
    await db.update(skus).set({ status: 'inactive' }).where(eq(skus.id, a1.skuId))
    const reply = await basketApi.fill(buyer, { items: [{ sku: a1.sku, quantity: 1 }] }, key())
    expect(reply.status).toBe(200)
    expect((await basketOf(buyer))[0]!.items[0]).toMatchObject({ sku: a1.sku, available: false })
  })

  it('forgets a fill key after a week, so the table does not grow forever', async () => {
    const { buyer, a1 } = await setUp()
    const body = { items: [{ sku: a1.sku, quantity: 1 }] }
    const k = key()
    await basketApi.fill(buyer, body, k)
    // Prune as if days had passed (the clock goes back before the next request: the sign-in expires).
    const pruneAfter = async (ms: number) => {
      setClock(Date.now() + ms)
      try {
        return await pruneFillKeys(db)
      } finally {
        setClock(null)
      }
    }
    await pruneAfter(days(6))
    expect((await basketApi.fill(buyer, body, k)).body.meta).toEqual({ replayed: true })
    expect(await pruneAfter(days(8))).toBeGreaterThanOrEqual(1)
    // The key is gone: the same key now applies as a new fill.
    expect((await basketApi.fill(buyer, body, k)).body.meta).toEqual({ replayed: false })
    expect(quantities(await basketOf(buyer))).toEqual({ [a1.sku]: 2 })
  })

  it('works without an idempotency key (each such fill applies)', async () => {
    const { buyer, a1 } = await setUp()
    await basketApi.fill(buyer, { items: [{ sku: a1.sku, quantity: 1 }] })
    await basketApi.fill(buyer, { items: [{ sku: a1.sku, quantity: 1 }] })
    expect(quantities(await basketOf(buyer))).toEqual({ [a1.sku]: 2 })
  })

  const badFills: [string, unknown, string | undefined, string][] = [
    ['no items field', {}, undefined, 'items'],
    ['an empty list', { items: [] }, undefined, 'items'],
    ['items that are not a list', { items: 'abc' }, undefined, 'items'],
    ['a zero quantity', { items: [{ sku: 'A', quantity: 0 }] }, undefined, 'items.0.quantity'],
    ['a missing sku', { items: [{ quantity: 2 }] }, undefined, 'items.0.sku'],
    [
      'too many items',
      { items: Array.from({ length: 201 }, (_, i) => ({ sku: `S${i}`, quantity: 1 })) },
      undefined,
      'items',
    ],
    [
      'a malformed idempotency key',
      { items: [{ sku: 'A', quantity: 1 }] },
      'no spaces allowed',
      'idempotency_key',
    ],
  ]

  it.each(badFills)('refuses %s (422, named field)', async (_label, body, badKey, field) => {
    const { buyer } = await setUp()
    const reply = await basketApi.fill(buyer, body, badKey)
    expect(reply.status).toBe(422)
    expect(Object.keys(reply.body.errors as object)).toContain(field)
    expect(await basketOf(buyer)).toEqual([])
  })
})
