import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { inventorySearch } from '~/features/inventory/inventory.schemas'
import { listInventory, refreshDueSkuEntries } from '~/features/inventory/inventory.server'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { prices, skus, stores } from '~/server/db/schema'
import { createProduct, createSeller, createSku, createStore, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase } from './auth-fixtures'
import { authOf } from './tickets-fixtures'

/**
 * Issue #16, the list at scale: the query that reads one index range per sort order must still find
 * exactly the right rows. Tier validity is judged at the application clock, so a pinned clock
 * decides "on sale", "not on sale" and "expiring" to the millisecond at each boundary.
 */

const search = (input: Record<string, unknown> = {}) => v.parse(inventorySearch, input)
const DAY = 86_400_000
const T = new Date('2026-03-20T20:30:00.000Z') // a tier starts (midnight in Tehran)
const END = new Date(T.getTime() + 30 * DAY) // and ends, exclusive

describe(`seller inventory list queries (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let owner: AuthContext
  let other: AuthContext
  let sellerId: number
  let otherSellerId: number
  let store: { id: number }
  let timed: number
  let always: number

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    const roles = await createRoleUsers(db)
    sellerId = roles.approvedSeller.sellerId
    owner = await authOf(db, roles.approvedSeller.id)
    const otherUser = await createUser(db, { isSeller: true })
    otherSellerId = (await createSeller(db, { owner: otherUser })).id
    other = await authOf(db, otherUser.id)
    store = await createStore(db, { seller: { id: sellerId }, name: 'Gamma Depot' })
    timed = (
      await createSku(db, {
        store,
        product: await createProduct(db, { name: 'Barberry Pack 250 g' }),
        sku: 'GAM-100%-BARB',
        tiers: [],
      })
    ).id
    await db.insert(prices).values({
      skuId: timed,
      unitPrice: 400_000,
      offerPrice: 350_000,
      pricePerPiece: 400_000,
      minQuantity: 1,
      validFrom: T,
      validTo: END,
    })
    always = (await createSku(db, { store, alwaysAvailable: true, remainingQuantity: 0 })).id
    // Twelve SKUs on the same stock figure: paging must rely on the tie-break.
    for (let i = 0; i < 12; i++) await createSku(db, { store, remainingQuantity: 42 })
    // The other seller sells a product of the same name under a matching code: never in our list.
    await createSku(db, {
      store: await createStore(db, { seller: { id: otherSellerId } }),
      product: await createProduct(db, { name: 'Barberry Pack 250 g' }),
      sku: 'GAM-100%-OTHER',
    })
  })
  afterEach(() => setClock(null))
  afterAll(closeAuthTestDatabase)

  const ids = async (input: Record<string, unknown>, who = owner) =>
    (await listInventory(db, who, search({ store: store.id, perPage: 100, ...input }))).rows.map(
      (r) => r.skuId,
    )
  const rowOf = async (id: number) =>
    (await listInventory(db, owner, search({ store: store.id, perPage: 100 }))).rows.find(
      (r) => r.skuId === id,
    )!

  it('puts a tier on sale at its valid_from and off sale at its valid_to, to the millisecond', async () => {
    setClock(T.getTime() - 1)
    expect(await ids({ noTier: true })).toContain(timed)
    expect(await ids({ discounted: true })).not.toContain(timed)
    expect(await rowOf(timed)).toMatchObject({ entryPrice: null, offerPrice: null, activeTiers: 0 })

    setClock(T)
    expect(await ids({ noTier: true })).not.toContain(timed)
    expect(await ids({ discounted: true })).toEqual([timed])
    expect(await rowOf(timed)).toMatchObject({ entryPrice: 400_000, offerPrice: 350_000, activeTiers: 1 })

    setClock(END.getTime() - 1)
    expect(await ids({ discounted: true })).toEqual([timed])
    setClock(END)
    expect(await ids({ noTier: true })).toContain(timed)
    expect(await ids({ discounted: true })).toEqual([])
  })

  it('counts a tier as expiring from exactly 7 days before its end until it ends', async () => {
    setClock(END.getTime() - 7 * DAY - 1)
    expect(await ids({ expiring: true })).toEqual([])
    setClock(END.getTime() - 7 * DAY)
    expect(await ids({ expiring: true })).toEqual([timed])
    setClock(END.getTime() - 1)
    expect(await ids({ expiring: true })).toEqual([timed])
    setClock(END)
    expect(await ids({ expiring: true })).toEqual([])
  })

  it('sorts by entry price with SKUs not on sale last, in both directions', async () => {
    setClock(T)
    for (const desc of [false, true]) {
      const rows = (
        await listInventory(db, owner, search({ store: store.id, sort: 'price', desc, perPage: 100 }))
      ).rows
      const priced = rows.filter((r) => r.entryPrice !== null)
      expect(rows.slice(0, priced.length)).toEqual(priced)
      const figures = priced.map((r) => r.entryPrice!)
      expect(figures).toEqual([...figures].sort((a, b) => (desc ? b - a : a - b)))
    }
  })

  it('pages through equal sort keys without repeating or skipping a SKU, either direction', async () => {
    const all = await ids({})
    expect(all).toHaveLength(14)
    for (const sort of ['stock', 'updated', 'store', 'product', 'sku', 'price'] as const) {
      for (const desc of [false, true]) {
        const seen: number[] = []
        for (let page = 1; page <= 3; page++) {
          const result = await listInventory(
            db,
            owner,
            search({ store: store.id, sort, desc, perPage: 25, page }),
          )
          seen.push(...result.rows.map((r) => r.skuId))
          expect(result.total).toBe(14)
        }
        expect(seen.sort()).toEqual([...all].sort())
      }
    }
    const byStock = (
      await listInventory(db, owner, search({ store: store.id, sort: 'stock', desc: true, perPage: 25 }))
    ).rows
    const tied = byStock.filter((r) => r.stock === 42).map((r) => r.skuId)
    expect(tied).toEqual([...tied].sort((a, b) => b - a))
  })

  it("searches product names and SKU codes (case-insensitive, % taken literally), only the seller's", async () => {
    expect(await ids({ q: 'barberry' })).toEqual([timed])
    expect(await ids({ q: 'gam-100%' })).toEqual([timed])
    expect(await ids({ q: 'GAM-1000' })).toEqual([])
    expect(await ids({ q: '%' })).toEqual([timed])
    const everywhere = await listInventory(db, owner, search({ q: 'barberry' }))
    expect(everywhere.rows.map((r) => r.sku)).toEqual(['GAM-100%-BARB'])
    expect((await listInventory(db, other, search({ q: 'barberry' }))).rows.map((r) => r.sku)).toEqual([
      'GAM-100%-OTHER',
    ])
  })

  it('keeps the stored entry tier in step with tier writes, and reads the tiers once a tier has ended', async () => {
    const sku = (await createSku(db, { store, tiers: [] })).id
    const stored = async () =>
      (
        await db
          .select({ unit: skus.entryUnitPrice, tiers: skus.activeTiers, until: skus.entryUntil })
          .from(skus)
          .where(eq(skus.id, sku))
      )[0]!
    expect(await stored()).toMatchObject({ unit: null, tiers: 0, until: null })
    const [tier] = await db
      .insert(prices)
      .values({
        skuId: sku,
        unitPrice: 700_000,
        pricePerPiece: 700_000,
        validFrom: new Date(Date.now() - DAY),
      })
      .returning()
    expect(await stored()).toMatchObject({ unit: 700_000, tiers: 1, until: null })
    await db.update(prices).set({ offerPrice: 650_000 }).where(eq(prices.id, tier!.id))
    expect(await ids({ discounted: true })).toContain(sku)
    expect(await rowOf(sku)).toMatchObject({ entryPrice: 700_000, offerPrice: 650_000, activeTiers: 1 })

    // The tier ends a moment from now: past its end the list says "not on sale" before any refresh.
    await db
      .update(prices)
      .set({ validTo: new Date(Date.now() + 1500) })
      .where(eq(prices.id, tier!.id))
    expect((await stored()).until).not.toBeNull()
    expect(await ids({ noTier: true })).not.toContain(sku)
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect((await stored()).tiers).toBe(1) // the stored figure is overtaken ...
    expect(await ids({ noTier: true })).toContain(sku) // ... but never shown
    expect(await rowOf(sku)).toMatchObject({ entryPrice: null, activeTiers: 0 })
    await refreshDueSkuEntries(db)
    expect(await stored()).toMatchObject({ unit: null, tiers: 0, until: null })

    await db.delete(prices).where(eq(prices.skuId, sku))
    await db.insert(prices).values({ skuId: sku, unitPrice: 500_000, pricePerPiece: 500_000 })
    expect(await stored()).toMatchObject({ unit: 500_000, tiers: 1 })
    await db.delete(prices).where(eq(prices.skuId, sku))
    expect(await stored()).toMatchObject({ unit: null, tiers: 0 })
  })

  it("files every SKU under its store's seller, whatever a writer sends", async () => {
    const [row] = await db.select({ sellerId: skus.sellerId }).from(skus).where(eq(skus.id, always))
    expect(row!.sellerId).toBe(sellerId)
    // A writer that names another seller is overruled by the store's.
    await db.update(skus).set({ sellerId: otherSellerId }).where(eq(skus.id, always))
    expect(await ids({})).toContain(always)
    // A store that changes hands takes its SKUs along.
    const moved = await createStore(db, { seller: { id: sellerId } })
    const movedSku = (await createSku(db, { store: moved })).id
    await db.update(stores).set({ sellerId: otherSellerId }).where(eq(stores.id, moved.id))
    expect((await listInventory(db, owner, search({ perPage: 100 }))).rows.map((r) => r.skuId)).not.toContain(
      movedSku,
    )
    expect((await listInventory(db, other, search({ perPage: 100 }))).rows.map((r) => r.skuId)).toContain(
      movedSku,
    )
  })
})
