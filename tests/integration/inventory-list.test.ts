import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inventorySearch } from '~/features/inventory/inventory.schemas'
import { listInventory, setSkuStatuses } from '~/features/inventory/inventory.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, prices, skus } from '~/server/db/schema'
import { createProduct, createSeller, createSku, createStore, createUser } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase, type RoleUsers } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

/** Issue #16: /seller/inventory's list (filters, sorting, paging on the server) and its bulk status change. */

const search = (input: Record<string, unknown> = {}) => v.parse(inventorySearch, input)
const DAY = 86_400_000

describe(`seller inventory list (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  let owner: AuthContext
  let observer: AuthContext
  let otherOwner: AuthContext
  let ids: Record<'plenty' | 'low' | 'out' | 'discounted' | 'expiring' | 'unpriced' | 'always', number>
  let storeA: number
  let foreignSku: number

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    owner = await authOf(db, roles.approvedSeller.id)
    observer = await authOf(db, roles.observer.id)
    const otherUser = await createUser(db, { isSeller: true })
    const other = await createSeller(db, { owner: otherUser })
    otherOwner = await authOf(db, otherUser.id)
    const seller = { id: roles.approvedSeller.sellerId }
    const a = await createStore(db, { seller, name: 'Alpha Depot' })
    const b = await createStore(db, { seller, name: 'Beta Depot' })
    storeA = a.id
    const sku = async (
      store: { id: number },
      name: string,
      overrides: Parameters<typeof createSku>[1] = {},
    ) => (await createSku(db, { store, product: await createProduct(db, { name }), ...overrides })).id
    ids = {
      plenty: await sku(a, 'Saffron Tin 100 g', { remainingQuantity: 500 }),
      low: await sku(a, 'Rice Sack 10 kg', { remainingQuantity: 4 }),
      out: await sku(b, 'Olive Oil 1 L', { remainingQuantity: 0 }),
      discounted: await sku(b, 'Green Tea 500 g', { tiers: [{ unitPrice: 900_000, offerPrice: 800_000 }] }),
      expiring: await sku(b, 'Dates Box 1 kg', {
        tiers: [{ unitPrice: 500_000, validTo: new Date(Date.now() + 3 * DAY) }],
      }),
      unpriced: await sku(a, 'Pistachio Bag 1 kg', { tiers: [] }),
      always: await sku(a, 'Soap Bar Pack', { alwaysAvailable: true, remainingQuantity: 0 }),
    }
    foreignSku = (await createSku(db, { store: await createStore(db, { seller: other }) })).id
    await createPendingOrder(db, { seller, lines: [{ sku: { id: ids.plenty }, quantity: 7 }] })
  })
  afterAll(closeAuthTestDatabase)

  const idsOf = async (input: Record<string, unknown>, who: AuthContext = owner) =>
    (await listInventory(db, who, search(input))).rows.map((row) => row.skuId)

  it('lists every SKU of the seller across stores, and only theirs, with reserved units', async () => {
    const page = await listInventory(db, owner, search())
    expect(page.total).toBe(7)
    expect(page.rows.map((r) => r.skuId)).not.toContain(foreignSku)
    expect(page.stores.map((s) => s.name)).toEqual(['Alpha Depot', 'Beta Depot'])
    const plenty = page.rows.find((r) => r.skuId === ids.plenty)!
    expect(plenty).toMatchObject({ stock: 493, reserved: 7, storeName: 'Alpha Depot', activeTiers: 1 })
    expect(page.rows.find((r) => r.skuId === ids.unpriced)).toMatchObject({
      entryPrice: null,
      activeTiers: 0,
    })
    expect((await listInventory(db, observer, search())).total).toBe(7)
  })

  it('filters by store, text, stock, discount, expiring tiers and "not on sale"', async () => {
    expect((await idsOf({ store: storeA })).sort()).toEqual(
      [ids.plenty, ids.low, ids.unpriced, ids.always].sort(),
    )
    expect(await idsOf({ q: 'saffron' })).toEqual([ids.plenty])
    expect(await idsOf({ stock: 'out' })).toEqual([ids.out])
    // Low: below 10 units, counted SKUs only (the always-available one has no stock to count).
    expect((await idsOf({ stock: 'low' })).sort()).toEqual([ids.low, ids.out].sort())
    expect(await idsOf({ discounted: true })).toEqual([ids.discounted])
    expect(await idsOf({ expiring: true })).toEqual([ids.expiring])
    expect(await idsOf({ noTier: true })).toEqual([ids.unpriced])
    // Another seller's store id finds nothing of theirs.
    expect(await idsOf({ store: storeA }, otherOwner)).toEqual([])
  })

  it('sorts and pages on the server', async () => {
    const byStock = await listInventory(db, owner, search({ sort: 'stock', desc: false }))
    const counted = byStock.rows.map((r) => r.stock)
    expect(counted).toEqual([...counted].sort((x, y) => x - y))
    const byName = await listInventory(db, owner, search({ sort: 'product', desc: false, perPage: 25 }))
    expect(byName.rows[0]!.productName).toBe('Dates Box 1 kg')
    const firstPage = await listInventory(db, owner, search({ sort: 'sku', desc: false, perPage: 25 }))
    expect(firstPage.rows).toHaveLength(7)
    expect((await listInventory(db, owner, search({ page: 2, perPage: 25 }))).rows).toEqual([])
    expect(v.safeParse(inventorySearch, { perPage: 1000 }).success).toBe(false)
    expect(v.safeParse(inventorySearch, { q: 'x'.repeat(101) }).success).toBe(false)
  })

  it('pauses and activates selected SKUs (owner and observer), audited; all or nothing', async () => {
    expect(await setSkuStatuses(db, observer, { skuIds: [ids.low, ids.out], status: 'inactive' })).toEqual({
      changed: 2,
    })
    expect(await idsOf({ status: 'inactive' })).toEqual(expect.arrayContaining([ids.low, ids.out]))
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'sku.pause'), eq(auditEvents.recordId, String(ids.low))))
    expect(events[0]).toMatchObject({
      actorUserId: roles.observer.id,
      changes: { status: { before: 'active', after: 'inactive' } },
    })
    // One id that is not the seller's: 404, and nothing changed.
    expect(
      await statusOf(() =>
        setSkuStatuses(db, owner, { skuIds: [ids.plenty, foreignSku], status: 'inactive' }),
      ),
    ).toBe(404)
    const [plenty] = await db.select({ status: skus.status }).from(skus).where(eq(skus.id, ids.plenty))
    expect(plenty!.status).toBe('active')
    expect(await setSkuStatuses(db, owner, { skuIds: [ids.low, ids.out], status: 'active' })).toEqual({
      changed: 2,
    })
  })

  it('refuses buyers and guests', async () => {
    const buyer = await authOf(db, roles.buyer.id)
    expect(await statusOf(() => listInventory(db, buyer, search()))).toBe(403)
    expect(await statusOf(() => listInventory(db, null, search()))).toBe(401)
    expect(await statusOf(() => setSkuStatuses(db, buyer, { skuIds: [ids.low], status: 'inactive' }))).toBe(
      403,
    )
    // Prices untouched by any of this.
    expect((await db.select().from(prices).where(eq(prices.skuId, ids.discounted))).length).toBe(1)
  })
})
