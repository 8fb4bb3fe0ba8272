import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHEET_COLUMNS } from '~/features/imports/import-format'
import {
  applyImport,
  checkImport,
  getImport,
  listImportRows,
  requestApply,
  startImport,
} from '~/features/imports/imports.server'
import { ledgerMismatches } from '~/features/inventory/stock-ledger.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { HttpError } from '~/server/http/api-errors.server'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { IMPORT_HEADER, importSnapshot, sellerWithManySkus, sheetLine, type BulkSku } from './import-fixtures'
import { tempStorage } from './tickets-fixtures'

/**
 * Issue #17's bad input, each through upload → dry run → apply in both modes: a row error or a
 * file error in words, or a 4xx, never a 500; all or nothing then changes nothing at all, and
 * "apply valid rows" applies the good row beside the bad one.
 */

let db: Db
const storage = tempStorage()

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

const csv = (lines: string[]) => Buffer.from([IMPORT_HEADER, ...lines].join('\n'))

async function xlsxWithFormula(bad: BulkSku, good: BulkSku): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Prices and stock')
  sheet.addRow(SHEET_COLUMNS.map((c) => c.header))
  sheet.addRow([bad.sku, 'Store', 'Product', 50, { formula: '50+5', result: 55 }, ''])
  sheet.addRow([good.sku, 'Store', 'Product', 50, 58, ''])
  return Buffer.from(await book.xlsx.writeBuffer())
}

interface Case {
  name: string
  file: (bad: BulkSku, good: BulkSku) => Promise<{ name: string; bytes: Buffer }>
  /** The bad row's error, in words; or the file's error when the whole file is unusable. */
  rowError?: RegExp
  fileError?: RegExp
}

const GOOD = (good: BulkSku) => sheetLine(good.sku, 50, 58, '')

const cases: Case[] = [
  {
    name: 'duplicate SKU rows',
    file: async (bad, good) => ({
      name: 'dup.csv',
      bytes: csv([sheetLine(bad.sku, 50, 51, ''), sheetLine(bad.sku, 50, 52, ''), GOOD(good)]),
    }),
    rowError: /^Row 3: SKU RV\d+-\d+ is listed twice \(first on row 2\)$/,
  },
  {
    name: 'fractional stock',
    file: async (bad, good) => ({
      name: 'frac.csv',
      bytes: csv([sheetLine(bad.sku, 50, '12.5', ''), GOOD(good)]),
    }),
    rowError: /^Row 2: new stock 12\.5 is not a whole number$/,
  },
  {
    name: 'letters in a price',
    file: async (bad, good) => ({
      name: 'letters.csv',
      bytes: csv([sheetLine(bad.sku, 50, 50, '', [[1, '12O,000', 0, '', '']]), GOOD(good)]),
    }),
    rowError: /^Row 2: tier 1 unit price "12O,000" is not a number$/i,
  },
  {
    name: 'dates in the wrong order',
    file: async (bad, good) => ({
      name: 'dates.csv',
      bytes: csv([sheetLine(bad.sku, 50, 50, '', [[1, 95_000, 0, '2030-02-10', '2030-01-01']]), GOOD(good)]),
    }),
    rowError: /^Row 2: .*(valid to|end).*/i,
  },
  {
    name: 'an XLSX formula cell',
    file: async (bad, good) => ({ name: 'formula.xlsx', bytes: await xlsxWithFormula(bad, good) }),
    rowError: /^Row 2: new stock is a formula; paste the value instead$/,
  },
  {
    name: 'a Windows-1256 CSV',
    file: async (bad, good) => ({
      name: 'arabic.csv',
      // "Product" typed in Persian and saved as Windows-1256 (bytes that are not UTF-8).
      bytes: Buffer.concat([
        Buffer.from(`${IMPORT_HEADER}\n${bad.sku},Store,`),
        Buffer.from([0xe3, 0xcd, 0xd5, 0xe6, 0xe1]),
        Buffer.from(`,50,51,\n${GOOD(good)}\n`),
      ]),
    }),
    fileError: /not UTF-8 text.*CSV UTF-8/,
  },
]

async function attempt(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
    return 200
  } catch (error) {
    if (error instanceof HttpError) return error.status
    throw error // anything else would be a 500
  }
}

async function dryRun(auth: AuthContext, file: { name: string; bytes: Buffer }) {
  const { importId } = await startImport(db, auth, file, storage)
  await checkImport(db, importId, storage)
  return importId
}

describe('bad input, both modes', () => {
  for (const c of cases) {
    it(`${c.name}: an error in words; all or nothing changes nothing, valid rows applies the rest`, async () => {
      const s = await sellerWithManySkus(db, 2)
      const [bad, good] = s.skus as [BulkSku, BulkSku]
      const ids = [bad.id, good.id]
      const before = await importSnapshot(db, ids)

      // All or nothing.
      const strict = await dryRun(s.auth, await c.file(bad, good))
      const checked = await getImport(db, s.auth, strict)
      if (c.fileError) {
        expect(checked).toMatchObject({ status: 'failed' })
        expect(checked.fileError).toMatch(c.fileError)
      } else {
        expect(checked).toMatchObject({ status: 'checked', counts: { errors: 1 } })
        const { rows } = await listImportRows(db, s.auth, strict, { filter: 'error', page: 1, perPage: 10 })
        expect(rows.flatMap((r) => r.errors)).toEqual([expect.stringMatching(c.rowError!)])
      }
      const refused = await attempt(() => requestApply(db, s.auth, strict, 'all_or_nothing'))
      expect(refused).toBeGreaterThanOrEqual(400)
      expect(refused).toBeLessThan(500)
      await applyImport(db, strict, { isLastAttempt: true })
      expect(await importSnapshot(db, ids)).toEqual(before)

      // Apply valid rows.
      const lenient = await dryRun(s.auth, await c.file(bad, good))
      const status = await attempt(async () => {
        await requestApply(db, s.auth, lenient, 'valid_rows')
        await applyImport(db, lenient, { isLastAttempt: true })
      })
      const after = await importSnapshot(db, ids)
      if (c.fileError) {
        expect(status).toBe(409)
        expect(after).toEqual(before)
      } else {
        expect(status).toBe(200)
        expect(await getImport(db, s.auth, lenient)).toMatchObject({
          status: 'applied',
          counts: { applied: c.name === 'duplicate SKU rows' ? 2 : 1, skipped: 1 },
        })
        expect(after.skus.find((k) => k.id === good.id)?.stock).toBe(58)
        expect(after.tiers).toEqual(before.tiers)
      }
      expect(await ledgerMismatches(db)).toEqual([])
    }, 60_000)
  }
})
