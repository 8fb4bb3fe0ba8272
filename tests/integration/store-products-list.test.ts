import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { listStoreProducts } from '~/features/stores/store-products-read.server'
import { storeProductsSearch, type StoreProductsSearch } from '~/features/stores/stores.schemas'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { parseInput } from '~/server/http/api-errors.server'
import { createProduct, createSeller, createSku, createStore, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

const DAY = 24 * 60 * 60 * 1000

describe(`/seller/stores/{id}/products: search, filters, sorts, paging, ownership (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let owner: AuthContext
  let observer: AuthContext
  let otherOwner: AuthContext
  let storeId: number
  let otherStoreId: number

  const search = (fields: Partial<StoreProductsSearch> = {}) =>
    parseInput(storeProductsSearch, { storeId, ...fields })
  const list = (fields: Partial<StoreProductsSearch> = {}, as: AuthContext = owner) =>
    listStoreProducts(db, as, search(fields))
  const names = async (fields: Partial<StoreProductsSearch> = {}) =>
    (await list(fields)).rows.map((row) => row.productName)

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    const roles = await createRoleUsers(db)
    owner = await authOf(db, roles.approvedSeller.id)
    observer = await authOf(db, roles.observer.id)
    const otherUser = await createUser(db, { isSeller: true })
    const other = await createSeller(db, { owner: otherUser })
    otherOwner = await authOf(db, otherUser.id)
    const store = await createStore(db, { seller: { id: roles.approvedSeller.sellerId } })
    storeId = store.id
    otherStoreId = (await createStore(db, { seller: other })).id
    const now = Date.now()
    const sku = async (
      name: string,
      options: Omit<Parameters<typeof createSku>[1] & object, 'store' | 'product'>,
    ) => createSku(db, { store, product: await createProduct(db, { name }), ...options })
    // Created in this order: "newest" is the reverse.
    await sku('Almond kernels', { sku: 'ALM-1', remainingQuantity: 30, tiers: [{ unitPrice: 900_000 }] })
    await sku('Black tea', {
      sku: 'TEA-B',
      remainingQuantity: 0,
      tiers: [{ unitPrice: 400_000, offerPrice: 350_000 }],
    })
    await sku('Cashew', {
      sku: 'CSH-1',
      remainingQuantity: 5,
      status: 'inactive',
      tiers: [
        { unitPrice: 1_500_000 },
        // Expired and scheduled tiers: only the scheduled one counts, neither sets the entry price.
        {
          unitPrice: 100_000,
          minQuantity: 1,
          validFrom: new Date(now - 10 * DAY),
          validTo: new Date(now - 5 * DAY),
        },
        { unitPrice: 1_400_000, minQuantity: 20, validFrom: new Date(now + 5 * DAY) },
      ],
    })
    await sku('Green tea', {
      sku: 'TEA-G',
      remainingQuantity: 0,
      alwaysAvailable: true,
      tiers: [{ unitPrice: 500_000 }],
    })
    await sku('Dates', { sku: 'DAT-1', remainingQuantity: 12, tiers: [] })
    // 50 a page: 52 more plain SKUs make three pages.
    for (let i = 0; i < 52; i++)
      await sku(`Zz filler ${String(i).padStart(2, '0')}`, {
        remainingQuantity: 100 + i,
        tiers: [{ unitPrice: 2_000_000 + i }],
      })
    // Another seller's store has a "tea" too: never in this list.
    await createSku(db, {
      store: { id: otherStoreId },
      product: await createProduct(db, { name: 'Foreign tea' }),
    })
  }, 120_000)
  afterEach(() => setClock(null))
  afterAll(closeAuthTestDatabase)

  it('pages by 50 with the total, the newest first by default', async () => {
    const first = await list()
    expect(first).toMatchObject({ total: 57, page: 1, pageSize: 50 })
    expect(first.rows).toHaveLength(50)
    expect(first.rows[0]!.productName).toBe('Zz filler 51')
    const second = await list({ page: 2 })
    expect(second.rows).toHaveLength(7)
    expect(second.rows.at(-1)!.productName).toBe('Almond kernels')
    expect((await list({ page: 3 })).rows).toEqual([])
  })

  it('shows each SKU’s stock, entry price and offer, and counts only tiers not expired', async () => {
    const rows = (await list({ q: 'a', sort: 'name' })).rows
    const cashew = rows.find((r) => r.productName === 'Cashew')!
    expect(cashew).toMatchObject({
      sku: 'CSH-1',
      stock: 5,
      entryPrice: 1_500_000,
      offerPrice: null,
      tierCount: 2,
      status: 'inactive',
    })
    expect(rows.find((r) => r.productName === 'Black tea')).toMatchObject({
      entryPrice: 400_000,
      offerPrice: 350_000,
      tierCount: 1,
    })
    expect(rows.find((r) => r.productName === 'Dates')).toMatchObject({ entryPrice: null, tierCount: 0 })
  })

  it('searches product names and SKU codes, case-insensitively, with % and _ taken literally', async () => {
    expect(await names({ q: 'TEA', sort: 'name' })).toEqual(['Black tea', 'Green tea'])
    expect(await names({ q: 'csh-1' })).toEqual(['Cashew'])
    expect(await names({ q: '%' })).toEqual([])
    expect(await names({ q: 'a_m' })).toEqual([])
  })

  it('filters by status, out of stock (not always available) and discount', async () => {
    expect(await names({ status: 'inactive' })).toEqual(['Cashew'])
    expect((await list({ status: 'active' })).total).toBe(56)
    expect(await names({ outOfStock: true })).toEqual(['Black tea'])
    expect(await names({ discounted: true })).toEqual(['Black tea'])
    expect(await names({ q: 'tea', outOfStock: true, discounted: true })).toEqual(['Black tea'])
  })

  it('sorts by name, stock (lowest first) and entry price (none last)', async () => {
    expect(await names({ q: 'a', sort: 'name' })).toEqual([
      'Almond kernels',
      'Black tea',
      'Cashew',
      'Dates',
      'Green tea',
    ])
    expect((await names({ sort: 'stock' })).slice(0, 4)).toEqual([
      'Black tea',
      'Green tea',
      'Cashew',
      'Dates',
    ])
    const byPrice = await names({ q: 'a', sort: 'price' })
    expect(byPrice).toEqual(['Black tea', 'Green tea', 'Almond kernels', 'Cashew', 'Dates'])
  })

  it('follows the app clock, not the database’s: tiers start and end on a pinned clock', async () => {
    setClock(new Date(Date.now() + 6 * DAY))
    const cashew = (await list({ q: 'cashew' })).rows[0]!
    expect(cashew).toMatchObject({ entryPrice: 1_500_000, tierCount: 2 })
    // A week ago only the cheap tier (expired today) was valid; none of the three had ended.
    setClock(new Date(Date.now() - 7 * DAY))
    const before = (await list({ q: 'cashew' })).rows[0]!
    expect(before).toMatchObject({ entryPrice: 100_000, tierCount: 3 })
  })

  it('lets the observer read; another seller’s store is a 404, guests 401', async () => {
    expect((await list({}, observer)).total).toBe(57)
    expect(await statusOf(() => list({}, otherOwner))).toBe(404)
    expect(await statusOf(() => listStoreProducts(db, owner, search({ storeId: otherStoreId })))).toBe(404)
    expect(await statusOf(() => listStoreProducts(db, null, search()))).toBe(401)
  })
})
