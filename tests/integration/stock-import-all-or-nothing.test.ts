import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ALL_OR_NOTHING_FAILED,
  ALL_OR_NOTHING_STALE,
  applyImport,
  getImport,
  listImportRows,
  requestApply,
} from '~/features/imports/imports.server'
import { changeStock, ledgerMismatches } from '~/features/inventory/stock-ledger.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { productListings, stockImportRows } from '~/server/db/schema'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { checkedImport, importSnapshot, sellerWithManySkus, sheetLine } from './import-fixtures'
import { tempStorage } from './tickets-fixtures'

/**
 * "All or nothing" means it (issue #17): the whole file is applied in one transaction, so a
 * failure half-way or one row the stock guard refuses leaves stock, tiers, the ledger and the
 * listings exactly as they were, and the import says so honestly.
 */

const faults = vi.hoisted(() => ({ throwOnRange: 0, calls: 0 }))
vi.mock('~/features/imports/import-apply.server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/features/imports/import-apply.server')>()
  return {
    ...actual,
    applyRange: async (...args: Parameters<typeof actual.applyRange>) => {
      faults.calls++
      if (faults.throwOnRange && faults.calls === faults.throwOnRange)
        throw new Error('injected fault in the middle of the apply')
      return actual.applyRange(...args)
    },
  }
})

let db: Db
const storage = tempStorage()

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

const checked = (auth: AuthContext, lines: string[]) => checkedImport(db, storage, auth, lines)

const listingPrices = async (productIds: number[]) =>
  (await db.select().from(productListings))
    .filter((l) => productIds.includes(l.productId))
    .map((l) => l.price)

describe('all or nothing', () => {
  it('a failure in the second range of 2,000 rows leaves stock, tiers, ledger and listings as they were', async () => {
    const s = await sellerWithManySkus(db, 2_500)
    const ids = s.skus.map((k) => k.id)
    const importId = await checked(
      s.auth,
      s.skus.map((k) => sheetLine(k.sku, 50, 61, 'yes', [[1, 120_000, 110_000, '', '']])),
    )
    const before = await importSnapshot(db, ids)
    const listedBefore = await listingPrices(s.skus.map((k) => k.productId))
    await requestApply(db, s.auth, importId, 'all_or_nothing')

    faults.calls = 0
    faults.throwOnRange = 2
    // An attempt that is not the last one: the job queue retries it.
    await expect(applyImport(db, importId, { isLastAttempt: false })).rejects.toThrow('injected fault')
    expect(faults.calls).toBe(2)
    expect(await importSnapshot(db, ids)).toEqual(before)
    expect(await getImport(db, s.auth, importId)).toMatchObject({ status: 'applying' })
    expect(await db.$count(stockImportRows, eq(stockImportRows.result, 'applied'))).toBe(0)

    // The last attempt fails the same way: the import says nothing changed, and that is true.
    faults.calls = 0
    await applyImport(db, importId, { isLastAttempt: true })
    expect(await getImport(db, s.auth, importId)).toMatchObject({
      status: 'failed',
      fileError: ALL_OR_NOTHING_FAILED(),
    })
    expect(await importSnapshot(db, ids)).toEqual(before)
    expect(await listingPrices(s.skus.map((k) => k.productId))).toEqual(listedBefore)
    expect(await ledgerMismatches(db)).toEqual([])
  }, 300_000)

  it('a retry after a failed attempt applies every row exactly once', async () => {
    const s = await sellerWithManySkus(db, 2_100)
    const ids = s.skus.map((k) => k.id)
    const importId = await checked(
      s.auth,
      s.skus.map((k) => sheetLine(k.sku, 50, 57, '')),
    )
    const before = await importSnapshot(db, ids)
    await requestApply(db, s.auth, importId, 'all_or_nothing')
    faults.calls = 0
    faults.throwOnRange = 2
    await expect(applyImport(db, importId, { isLastAttempt: false })).rejects.toThrow('injected fault')
    faults.throwOnRange = 0
    await applyImport(db, importId, { isLastAttempt: false })
    const after = await importSnapshot(db, ids)
    expect(await getImport(db, s.auth, importId)).toMatchObject({
      status: 'applied',
      counts: { applied: 2_100 },
    })
    expect(after.skus.every((k) => k.stock === 57)).toBe(true)
    expect(after.movements).toBe(before.movements + 2_100)
    // A third run (a duplicate job after a crash) finds nothing to do.
    await applyImport(db, importId, { isLastAttempt: false })
    expect((await importSnapshot(db, ids)).movements).toBe(before.movements + 2_100)
    expect(await ledgerMismatches(db)).toEqual([])
  }, 300_000)

  it('one row the stock guard refuses means nothing is applied, and the row is listed', async () => {
    const s = await sellerWithManySkus(db, 5)
    const ids = s.skus.map((k) => k.id)
    const importId = await checked(
      s.auth,
      s.skus.map((k, i) => sheetLine(k.sku, 50, 70 + i, '', i === 0 ? [[1, 95_000, 0, '', '']] : [])),
    )
    // An order takes 2 of the fourth SKU after the file was checked.
    await db.transaction((tx) =>
      changeStock(tx, { skuId: s.skus[3]!.id, delta: -2, kind: 'reservation', actorUserId: null }),
    )
    const before = await importSnapshot(db, ids)
    await requestApply(db, s.auth, importId, 'all_or_nothing')
    await applyImport(db, importId, { isLastAttempt: true })
    expect(await importSnapshot(db, ids)).toEqual(before)
    expect(await getImport(db, s.auth, importId)).toMatchObject({
      status: 'failed',
      fileError: ALL_OR_NOTHING_STALE(1),
      counts: { read: 5, applied: 0, stale: 1 },
    })
    const { rows } = await listImportRows(db, s.auth, importId, { filter: 'stale', page: 1, perPage: 10 })
    expect(rows.map((r) => [r.sku, r.result, r.warnings.at(-1)])).toEqual([
      [s.skus[3]!.sku, 'stale', 'Row 5: the stock changed since the file was made (now 48)'],
    ])
    expect(await ledgerMismatches(db)).toEqual([])
  }, 120_000)
})
