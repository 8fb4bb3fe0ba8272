import { and, asc, eq, inArray } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SKU_COLUMNS } from '~/features/imports/import-format'
import { checkImport, getImport, startImport } from '~/features/imports/imports.server'
import { inventorySearch, exportQuery } from '~/features/inventory/inventory.schemas'
import { listInventory } from '~/features/inventory/inventory.server'
import { setLowStockThreshold, setSkuAvailability } from '~/features/inventory/sku-settings.server'
import { ledgerMismatches } from '~/features/inventory/stock-ledger.server'
import { adjustStock, getStockLedger } from '~/features/inventory/stock.server'
import { lowStockThresholdInput, reasonLabel } from '~/features/inventory/stock.schemas'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, skus, stockMovements } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { inLocale } from '~/server/log.server'
import { Route as templateRoute } from '~/routes/api/seller/imports/template'
import { Route as exportRoute } from '~/routes/api/seller/inventory/export'
import { setClock } from '~/server/clock.server'
import { createProduct, createSeller, createSku, createStore, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import {
  apiRequest,
  closeAuthTestDatabase,
  createRoleUsers,
  openAuthTestDatabase,
  routeHandler,
  signInAs,
  type RoleUsers,
} from './auth-fixtures'
import { authOf, statusOf, tempStorage } from './tickets-fixtures'

/**
 * Issue #16, the inventory table's tools: bulk "always available" and back, the per-SKU low-stock
 * threshold (the "low stock" filter uses it), and the export of the filtered table, which the
 * import reads back with nothing to change.
 */

const search = (input: Record<string, unknown> = {}) => v.parse(inventorySearch, input)
const exportFile = routeHandler(exportRoute, 'GET')
const priceSheet = routeHandler(templateRoute, 'GET')

describe(`inventory stock tools (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  let owner: AuthContext
  let observer: AuthContext
  let ownerToken: string
  let observerToken: string
  let storeA: number
  let storeB: number
  let foreignSku: number
  const sku = async (store: { id: number }, name: string, overrides: Parameters<typeof createSku>[1] = {}) =>
    createSku(db, { store, product: await createProduct(db, { name }), ...overrides })

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    owner = await authOf(db, roles.approvedSeller.id)
    observer = await authOf(db, roles.observer.id)
    ownerToken = (await signInAs(db, roles.approvedSeller.id)).accessToken
    observerToken = (await signInAs(db, roles.observer.id)).accessToken
    const seller = { id: roles.approvedSeller.sellerId }
    storeA = (await createStore(db, { seller, name: 'Alpha Depot' })).id
    storeB = (await createStore(db, { seller, name: 'Beta Depot' })).id
    const otherUser = await createUser(db, { isSeller: true })
    const other = await createSeller(db, { owner: otherUser })
    foreignSku = (await createSku(db, { store: await createStore(db, { seller: other }) })).id
  })
  afterAll(closeAuthTestDatabase)

  const rowOf = async (id: number) =>
    (
      await db
        .select({
          stock: skus.remainingQuantity,
          always: skus.alwaysAvailable,
          threshold: skus.lowStockThreshold,
        })
        .from(skus)
        .where(eq(skus.id, id))
    )[0]!

  it('sets selected SKUs always available and back to counted stock with a figure, audited and in the ledger', async () => {
    const a = await sku({ id: storeA }, 'Tea Crate', { remainingQuantity: 12 })
    const b = await sku({ id: storeA }, 'Sugar Sack', { remainingQuantity: 0 })
    expect(await setSkuAvailability(db, owner, { skuIds: [a.id, b.id], alwaysAvailable: true })).toEqual({
      changed: 2,
    })
    expect(await rowOf(a.id)).toMatchObject({ always: true, stock: 12 })
    // Already on: nothing changes, nothing recorded twice.
    expect(await setSkuAvailability(db, owner, { skuIds: [a.id], alwaysAvailable: true })).toEqual({
      changed: 0,
    })
    // The observer counts them again at 40 each: one ledger adjustment per SKU, one audit event each.
    expect(
      await setSkuAvailability(db, observer, { skuIds: [a.id, b.id], alwaysAvailable: false, quantity: 40 }),
    ).toEqual({ changed: 2 })
    expect(await rowOf(a.id)).toMatchObject({ always: false, stock: 40 })
    expect(await rowOf(b.id)).toMatchObject({ always: false, stock: 40 })
    const ledger = await db
      .select()
      .from(stockMovements)
      .where(inArray(stockMovements.skuId, [a.id, b.id]))
      .orderBy(asc(stockMovements.id))
    expect(
      ledger.filter((m) => m.reason === 'recount').map((m) => [m.skuId, m.delta, m.actorUserId]),
    ).toEqual([
      [a.id, 28, roles.observer.id],
      [b.id, 40, roles.observer.id],
    ])
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordType, 'sku'), eq(auditEvents.recordId, String(a.id))))
      .orderBy(asc(auditEvents.id))
    expect(events.map((e) => [e.action, e.changes])).toEqual([
      ['sku.always_available_on', { alwaysAvailable: { before: false, after: true } }],
      [
        'sku.always_available_off',
        { alwaysAvailable: { before: true, after: false }, stock: { before: 12, after: 40 } },
      ],
    ])
    expect(await ledgerMismatches(db)).toEqual([])
  })

  it('words the recount after "always available" in the reader\'s language, old English rows too', async () => {
    const a = await sku({ id: storeA }, 'Rice Sack', { remainingQuantity: 3 })
    await setSkuAvailability(db, owner, { skuIds: [a.id], alwaysAvailable: true })
    await setSkuAvailability(db, owner, { skuIds: [a.id], alwaysAvailable: false, quantity: 9 })
    // A row stored before the note was a code: the English sentence in the note, reason stocktake.
    await db.update(skus).set({ remainingQuantity: 10 }).where(eq(skus.id, a.id))
    await db.insert(stockMovements).values({
      skuId: a.id,
      kind: 'adjustment',
      delta: 1,
      resultingQuantity: 10,
      reason: 'stocktake',
      note: 'Counted stock again (was always available)',
    })
    const code = (await db.select({ sku: skus.sku }).from(skus).where(eq(skus.id, a.id)))[0]!.sku
    const why = (locale: 'fa' | 'en') =>
      inLocale(locale, async () =>
        (await getStockLedger(db, owner, { sku: code, page: 1 })).items
          .slice(0, 2)
          .map((move) => [reasonLabel(move.reason), move.note]),
      )
    // Newest first: the old row, then the recount; neither carries a note any more.
    expect(await why('fa')).toEqual([
      ['شمارش دوباره (پیش‌تر همیشه موجود بود)', null],
      ['شمارش دوباره (پیش‌تر همیشه موجود بود)', null],
    ])
    expect(await why('en')).toEqual([
      ['Counted stock again (was always available)', null],
      ['Counted stock again (was always available)', null],
    ])
    // A note a person typed stays as typed.
    await adjustStock(db, owner, {
      sku: code,
      mode: 'add',
      quantity: 1,
      expected: 10,
      reason: 'received',
      note: 'Counted stock again',
    })
    expect((await why('fa'))[0]).toEqual(['دریافت کالا', 'Counted stock again'])
  })

  it('changes all or none: another seller\'s SKU is a 404; a figure with "always available" is a 422', async () => {
    const a = await sku({ id: storeB }, 'Flour Bag', { remainingQuantity: 5 })
    expect(
      await statusOf(() =>
        setSkuAvailability(db, owner, { skuIds: [a.id, foreignSku], alwaysAvailable: true }),
      ),
    ).toBe(404)
    expect(await rowOf(a.id)).toMatchObject({ always: false, stock: 5 })
    expect(
      await statusOf(() =>
        setSkuAvailability(db, owner, { skuIds: [a.id], alwaysAvailable: true, quantity: 3 }),
      ),
    ).toBe(422)
    const buyer = await authOf(db, roles.buyer.id)
    expect(
      await statusOf(() => setSkuAvailability(db, buyer, { skuIds: [a.id], alwaysAvailable: true })),
    ).toBe(403)
    expect(
      await statusOf(() => setSkuAvailability(db, null, { skuIds: [a.id], alwaysAvailable: true })),
    ).toBe(401)
    expect(await rowOf(a.id)).toMatchObject({ always: false, stock: 5 })
  })

  it('"low stock" uses each SKU\'s own threshold, which owner and observer set (audited, bounded, own SKUs only)', async () => {
    const seller = { id: roles.approvedSeller.sellerId }
    const store = await createStore(db, { seller, name: 'Gamma Depot' })
    const eight = await sku(store, 'Eight Left', { remainingQuantity: 8 })
    const thirty = await sku(store, 'Thirty Left', { remainingQuantity: 30 })
    const lowIds = async () =>
      (await listInventory(db, owner, search({ store: store.id, stock: 'low' }))).rows.map((r) => r.sku)
    expect(await lowIds()).toEqual([eight.sku])
    await setLowStockThreshold(
      db,
      observer,
      parseInput(lowStockThresholdInput, { sku: thirty.sku, threshold: 50 }),
    )
    await setLowStockThreshold(
      db,
      owner,
      parseInput(lowStockThresholdInput, { sku: eight.sku, threshold: 5 }),
    )
    expect(await lowIds()).toEqual([thirty.sku])
    const page = await listInventory(db, owner, search({ store: store.id }))
    expect(page.rows.find((r) => r.sku === thirty.sku)).toMatchObject({ lowStockThreshold: 50 })
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'sku.low_stock_threshold'), eq(auditEvents.recordId, String(thirty.id))),
      )
    expect(event).toMatchObject({
      actorUserId: roles.observer.id,
      changes: { lowStockThreshold: { before: 10, after: 50 } },
    })
    expect(() => parseInput(lowStockThresholdInput, { sku: thirty.sku, threshold: -1 })).toThrow()
    expect(() => parseInput(lowStockThresholdInput, { sku: thirty.sku, threshold: 1.5 })).toThrow()
    expect(() => parseInput(lowStockThresholdInput, { sku: thirty.sku, threshold: 10_000_001 })).toThrow()
    const [theirs] = await db.select({ sku: skus.sku }).from(skus).where(eq(skus.id, foreignSku))
    expect(
      await statusOf(() =>
        setLowStockThreshold(
          db,
          owner,
          parseInput(lowStockThresholdInput, { sku: theirs!.sku, threshold: 3 }),
        ),
      ),
    ).toBe(404)
    expect((await rowOf(foreignSku)).threshold).toBe(10)
  })

  describe('export of the filtered table', () => {
    let exported: { low: string; plenty: string; other: string; always: string }
    beforeAll(async () => {
      const seller = { id: roles.approvedSeller.sellerId }
      const store = await createStore(db, { seller, name: 'Export Depot' })
      const otherStore = await createStore(db, { seller, name: 'Other Depot' })
      exported = {
        low: (
          await sku(store, 'Export Low', {
            remainingQuantity: 3,
            tiers: [{ unitPrice: 120_000 }, { unitPrice: 100_000, minQuantity: 10 }],
          })
        ).sku,
        plenty: (await sku(store, 'Export Plenty', { remainingQuantity: 300 })).sku,
        always: (await sku(store, 'Export Always', { alwaysAvailable: true, remainingQuantity: 0 })).sku,
        other: (await sku(otherStore, 'Export Elsewhere', { remainingQuantity: 2 })).sku,
      }
      exportStore = store.id
    })
    let exportStore: number

    const download = (query: string, bearer = ownerToken) =>
      exportFile({ request: apiRequest(`/api/seller/inventory/export?${query}`, { bearer }) })

    it("writes the SKUs the filters find (every page), in the import's columns, as CSV and XLSX", async () => {
      const filters = search({ store: exportStore, stock: 'low' })
      const csv = await download(exportQuery(filters, 'csv'))
      expect(csv.status).toBe(200)
      expect(csv.headers.get('content-type')).toContain('text/csv')
      expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="omdeh-inventory-.*\.csv"/)
      const lines = (await csv.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
      expect(lines[0]).toContain(`${SKU_COLUMNS.sku},${SKU_COLUMNS.store},${SKU_COLUMNS.product}`)
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([exported.low])
      // Every SKU of the store, across pages, in XLSX.
      const xlsx = await download(exportQuery(search({ store: exportStore, perPage: 25, page: 1 }), 'xlsx'))
      expect(xlsx.status).toBe(200)
      const book = new ExcelJS.Workbook()
      await book.xlsx.load(await xlsx.arrayBuffer())
      const codes: string[] = []
      book.worksheets[0]!.eachRow((row, n) => {
        if (n > 1) codes.push(String(row.getCell(1).value))
      })
      expect(codes.sort()).toEqual([exported.low, exported.plenty, exported.always].sort())
    })

    it('round-trips: an exported file, imported back, changes nothing in the dry run (CSV and XLSX)', async () => {
      const storage = tempStorage()
      for (const format of ['csv', 'xlsx'] as const) {
        const response = await download(exportQuery(search({ store: exportStore }), format))
        const bytes = new Uint8Array(await response.arrayBuffer())
        const { importId } = await startImport(db, owner, { name: `inventory.${format}`, bytes }, storage)
        await checkImport(db, importId, storage)
        const state = await getImport(db, owner, importId)
        expect([format, state.status, state.counts]).toMatchObject([
          format,
          'checked',
          { read: 3, unchanged: 3, update: 0, errors: 0 },
        ])
      }
    })

    it("lets the observer export; refuses buyers, guests and bad filters; another seller's store finds nothing", async () => {
      const observed = await download(exportQuery(search({ store: exportStore }), 'csv'), observerToken)
      expect(observed.status).toBe(200)
      expect((await observed.text()).trim().split(/\r?\n/)).toHaveLength(4)
      const buyerToken = (await signInAs(db, roles.buyer.id)).accessToken
      expect((await download('format=csv', buyerToken)).status).toBe(403)
      expect(
        (await exportFile({ request: apiRequest('/api/seller/inventory/export?format=csv') })).status,
      ).toBe(401)
      expect((await download('format=pdf')).status).toBe(422)
      expect((await download('format=csv&stock=plenty')).status).toBe(422)
      expect((await download(`format=csv&q=${'x'.repeat(101)}`)).status).toBe(422)
      const [theirStore] = await db.select({ id: skus.storeId }).from(skus).where(eq(skus.id, foreignSku))
      const foreign = await download(`format=csv&store=${theirStore!.id}`)
      expect(foreign.status).toBe(200)
      expect((await foreign.text()).trim().split(/\r?\n/)).toHaveLength(1)
    })
  })

  describe('downloads are named with the Tehran day they were made', () => {
    afterEach(() => setClock(null))

    const nameOf = async (response: Response) => {
      expect(response.status).toBe(200)
      await response.text()
      return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1]
    }
    const downloadAt = async (at: string) => {
      setClock(at)
      const bearer = (await signInAs(db, roles.approvedSeller.id)).accessToken
      return {
        prices: await nameOf(
          await priceSheet({ request: apiRequest('/api/seller/imports/template?format=csv', { bearer }) }),
        ),
        inventory: await nameOf(
          await exportFile({ request: apiRequest('/api/seller/inventory/export?format=csv', { bearer }) }),
        ),
      }
    }

    it('at 21:00 UTC on 1 December it is already 2 December in Tehran, and the files say so', async () => {
      expect(await downloadAt('2026-12-01T21:00:00Z')).toEqual({
        prices: 'omdeh-prices-2026-12-02.csv',
        inventory: 'omdeh-inventory-2026-12-02.csv',
      })
    })

    it('until midnight in Tehran (20:30 UTC) they carry the day before', async () => {
      expect(await downloadAt('2026-12-01T20:29:00Z')).toEqual({
        prices: 'omdeh-prices-2026-12-01.csv',
        inventory: 'omdeh-inventory-2026-12-01.csv',
      })
    })
  })

  it("the inline edit path is the stock page's adjustment: a stale figure is a 409 and changes nothing", async () => {
    const a = await sku({ id: storeA }, 'Inline Edit', { remainingQuantity: 20 })
    const input = {
      sku: a.sku,
      mode: 'set' as const,
      quantity: 15,
      expected: 21,
      reason: 'stocktake' as const,
      note: '',
    }
    expect(await statusOf(() => adjustStock(db, observer, input))).toBe(409)
    expect((await rowOf(a.id)).stock).toBe(20)
    expect(await adjustStock(db, observer, { ...input, expected: 20 })).toEqual({ stock: 15, moved: true })
  })
})
