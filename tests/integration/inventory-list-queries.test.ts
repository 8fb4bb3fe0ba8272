import { eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { inventorySearch } from '~/features/inventory/inventory.schemas'
import { listInventory, refreshDueSkuEntries } from '~/features/inventory/inventory.server'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import { selectRows, type Db } from '~/server/db/client.server'
import { prices, products, skus, stores } from '~/server/db/schema'
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

  /** The seller's SKU ids as the joined names order them (how the list sorted before 0026). */
  const joinedOrder = async (key: 'product' | 'store', desc: boolean) => {
    const name = key === 'product' ? sql`p.name` : sql`st.name`
    const dir = desc ? sql`desc` : sql`asc`
    const rows = await selectRows<{ id: number }>(
      db,
      sql`select s.id from skus s join products p on p.id = s.product_id join stores st on st.id = s.store_id
          where st.seller_id = ${sellerId} order by ${name} ${dir}, s.id ${dir}`,
    )
    return rows.map((r) => Number(r.id))
  }
  const listed = async (input: Record<string, unknown>) =>
    (await listInventory(db, owner, search({ perPage: 100, ...input }))).rows.map((r) => r.skuId)

  it('sorts by product and store name exactly as the joined names do, and follows a rename', async () => {
    const second = await createStore(db, { seller: { id: sellerId }, name: 'Alpha Hall' })
    await createSku(db, { store: second, product: await createProduct(db, { name: 'Zereshk Jar' }) })
    await createSku(db, { store: second, product: await createProduct(db, { name: 'anise seed 1 kg' }) })
    const middle = (await createSku(db, { store, product: await createProduct(db, { name: 'Middle Jar' }) }))
      .id
    for (const sort of ['product', 'store'] as const)
      for (const desc of [false, true])
        expect(await listed({ sort, desc })).toEqual(await joinedOrder(sort, desc))

    const before = await listed({ sort: 'product', desc: false })
    expect(before.indexOf(timed)).toBeLessThan(before.indexOf(middle))
    // A renamed product and store move in the sorts and the search at once.
    const [barberry] = await db.select({ productId: skus.productId }).from(skus).where(eq(skus.id, timed))
    await db.update(products).set({ name: 'Zz Barberry Renamed' }).where(eq(products.id, barberry!.productId))
    await db.update(stores).set({ name: 'Zulu Depot' }).where(eq(stores.id, store.id))
    const after = await listed({ sort: 'product', desc: false })
    expect(after.indexOf(timed)).toBeGreaterThan(after.indexOf(middle))
    expect(await listed({ q: 'renamed' })).toEqual([timed])
    expect(await listed({ q: 'barberry pack' })).toEqual([])
    for (const sort of ['product', 'store'] as const)
      for (const desc of [false, true])
        expect(await listed({ sort, desc })).toEqual(await joinedOrder(sort, desc))
    const page = await listInventory(db, owner, search({ sort: 'store', desc: false, perPage: 100 }))
    expect(page.rows.at(-1)).toMatchObject({ storeName: 'Zulu Depot' })

    // A writer that sends a name of its own is overruled by the product's.
    await db.update(skus).set({ productName: 'Forged' }).where(eq(skus.id, timed))
    expect(await listed({ q: 'forged' })).toEqual([])
    expect(await listed({ sort: 'product', desc: false })).toEqual(await joinedOrder('product', false))
  })

  it('finds exactly the paused and the low-stock SKUs (their own indexes), newest change first', async () => {
    const low = (await createSku(db, { store, remainingQuantity: 3 })).id
    const paused = (await createSku(db, { store, remainingQuantity: 500 })).id
    await db.update(skus).set({ status: 'inactive', updatedAt: new Date() }).where(eq(skus.id, paused))
    const reference = async (where: ReturnType<typeof sql>) =>
      (
        await selectRows<{ id: number }>(
          db,
          sql`select s.id from skus s join stores st on st.id = s.store_id
              where st.seller_id = ${sellerId} and ${where} order by s.updated_at desc, s.id desc`,
        )
      ).map((r) => Number(r.id))
    const lowIds = await reference(
      sql`not s.always_available and s.remaining_quantity < s.low_stock_threshold`,
    )
    expect(lowIds).toContain(low)
    expect(await listed({ stock: 'low' })).toEqual(lowIds)
    expect(await listed({ status: 'inactive' })).toEqual(await reference(sql`s.status = 'inactive'`))
    expect(await listed({ status: 'inactive' })).toContain(paused)
    expect((await listInventory(db, owner, search({ stock: 'low' }))).total).toBe(lowIds.length)
  })
})
