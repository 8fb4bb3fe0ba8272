import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  applyImport,
  getImport,
  listImportRows,
  requestApply,
  revertImport,
} from '~/features/imports/imports.server'
import { changeStock, ledgerMismatches } from '~/features/inventory/stock-ledger.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { prices, skus, stockMovements } from '~/server/db/schema'
import { getStockLedger } from '~/features/inventory/stock.server'
import { movementWhat, reasonLabel } from '~/features/inventory/stock.schemas'
import { inLocale } from '~/server/log.server'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { checkedImport, DAY, importSnapshot, sellerWithManySkus, sheetLine } from './import-fixtures'
import { tempStorage } from './tickets-fixtures'

/**
 * The set-based apply and revert at a size where a per-row path would show: thousands of rows,
 * with stock, "always available", current and scheduled tiers, restored exactly through the ledger,
 * and the revert's guard (what changed since the import stays as it is and is listed).
 */

let db: Db
const storage = tempStorage()

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

async function applied(auth: AuthContext, importId: number, mode: 'all_or_nothing' | 'valid_rows') {
  await requestApply(db, auth, importId, mode)
  await applyImport(db, importId, { isLastAttempt: true })
  return getImport(db, auth, importId)
}

const checked = (auth: AuthContext, lines: string[]) => checkedImport(db, storage, auth, lines)
const snapshot = (ids: number[]) => importSnapshot(db, ids)

describe('set-based import apply and revert', () => {
  it("the SKU's ledger words an import and its revert in the reader's language, naming the import once", async () => {
    const s = await sellerWithManySkus(db, 1)
    const [k] = s.skus
    const importId = await checked(s.auth, [sheetLine(k!.sku, 50, 70, '')])
    expect(await applied(s.auth, importId, 'all_or_nothing')).toMatchObject({ status: 'applied' })
    await revertImport(db, s.auth, importId)
    const ledger = (locale: 'fa' | 'en') =>
      inLocale(locale, async () =>
        (await getStockLedger(db, s.auth, { sku: k!.sku, page: 1 })).items
          .slice(0, 2)
          .map((move) => [movementWhat(move), reasonLabel(move.reason)]),
      )
    // Newest first: the revert, then the import.
    expect(await ledger('en')).toEqual([
      [`Import #${importId}`, 'Import reverted'],
      [`Import #${importId}`, 'Applied from an import file'],
    ])
    expect(await ledger('fa')).toEqual([
      [`بارگذاری گروهی #${importId}`, 'بارگذاری گروهی برگردانده شد'],
      [`بارگذاری گروهی #${importId}`, 'اعمال از فایل بارگذاری گروهی'],
    ])
  })

  it('reverts 2,500 applied rows exactly: stock through the ledger, tiers, "always available"', async () => {
    const s = await sellerWithManySkus(db, 2_500)
    const ids = s.skus.map((k) => k.id)
    // Every tenth SKU also has a scheduled tier, which the import removes and the revert restores.
    const inAWeek = new Date(Math.floor((Date.now() + 7 * DAY) / 60_000) * 60_000)
    await db.insert(prices).values(
      s.skus
        .filter((_, i) => i % 10 === 0)
        .map((k) => ({
          skuId: k.id,
          minQuantity: 50,
          unitPrice: 80_000,
          offerPrice: 0,
          pricePerPiece: 80_000,
          validFrom: inAWeek,
          validTo: new Date(inAWeek.getTime() + 30 * DAY),
        })),
    )
    const before = await snapshot(ids)
    const movementsBefore = await db.$count(stockMovements, inArray(stockMovements.skuId, ids))

    // Stock changes on every row (some down to 3, below the alert level), tiers on every other row,
    // "always available" on every third.
    const importId = await checked(
      s.auth,
      s.skus.map((k, i) =>
        sheetLine(
          k.sku,
          50,
          i % 7 === 0 ? 3 : 60 + (i % 40),
          i % 3 === 0 ? 'yes' : '',
          i % 2 === 0
            ? [
                [1, 120_000, 110_000, '', ''],
                [20, 100_000, 0, '', ''],
              ]
            : [],
        ),
      ),
    )
    const result = await applied(s.auth, importId, 'all_or_nothing')
    expect(result).toMatchObject({ status: 'applied', counts: { read: 2_500, applied: 2_500, stale: 0 } })

    const during = await snapshot(ids)
    expect(during.skus.every((k, i) => k.stock === (i % 7 === 0 ? 3 : 60 + (i % 40)))).toBe(true)
    expect(during.skus.every((k, i) => k.always === (i % 3 === 0))).toBe(true)
    const sku0Tiers = await db
      .select()
      .from(prices)
      .where(and(eq(prices.skuId, ids[0]!), sql`(valid_to is null or valid_to > now())`))
      .orderBy(asc(prices.minQuantity))
    // The sheet's tiers replaced the current ones and the scheduled one.
    expect(sku0Tiers.map((t) => [t.minQuantity, t.unitPrice, t.offerPrice, t.pricePerPiece])).toEqual([
      [1, 120_000, 110_000, 110_000],
      [20, 100_000, 0, 100_000],
    ])
    // The stored entry tier follows the tiers: where the sheet replaced them, it holds until the
    // sheet's tiers start; elsewhere it is as it was.
    const startOf = await db
      .select({ skuId: prices.skuId, from: sql<string>`min(${prices.validFrom})::text` })
      .from(prices)
      .where(and(inArray(prices.skuId, ids), sql`${prices.validFrom} > now() - interval '1 hour'`))
      .groupBy(prices.skuId)
    const sheetTierStart = new Map(startOf.map((r) => [r.skuId, r.from]))
    during.skus.forEach((k, i) => {
      if (i % 2 === 0) expect(k.entry.split('|')[4]).toBe(sheetTierStart.get(k.id))
      else expect(k.entry).toBe(before.skus[i]!.entry)
    })
    const importMoves = await db.select().from(stockMovements).where(eq(stockMovements.importId, importId))
    expect(importMoves).toHaveLength(2_500)
    expect(importMoves.every((m) => m.kind === 'import' && m.reason === 'import')).toBe(true)

    const revert = await revertImport(db, s.auth, importId)
    expect(revert).toEqual({ reverted: 2_500, notReverted: [] })
    const after = await snapshot(ids)
    expect(after.skus).toEqual(before.skus)
    expect(after.tiers).toEqual(before.tiers)
    // One movement in, one back, per SKU; the stock still equals the sum of the ledger.
    const reverts = await db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.importId, importId), eq(stockMovements.reason, 'revert')))
    expect(reverts).toHaveLength(2_500)
    const deltaOf = new Map(importMoves.map((m) => [m.skuId, m.delta]))
    expect(
      reverts.every(
        (m) => m.kind === 'import' && m.delta === -deltaOf.get(m.skuId)! && m.resultingQuantity === 50,
      ),
    ).toBe(true)
    expect(await db.$count(stockMovements, inArray(stockMovements.skuId, ids))).toBe(movementsBefore + 5_000)
    expect(await ledgerMismatches(db)).toEqual([])
    expect(await getImport(db, s.auth, importId)).toMatchObject({ status: 'reverted' })
  }, 300_000)

  it('the revert leaves whatever changed since the import as it is, lists it, and reverts the rest', async () => {
    const s = await sellerWithManySkus(db, 300)
    const ids = s.skus.map((k) => k.id)
    const before = await snapshot(ids)
    const importId = await checked(
      s.auth,
      s.skus.map((k, i) =>
        sheetLine(k.sku, 50, 70, i === 2 ? 'yes' : '', i === 1 ? [[1, 95_000, 0, '', '']] : []),
      ),
    )
    await applied(s.auth, importId, 'valid_rows')
    const [sold, repriced, flagged] = s.skus
    // Since the import: an order takes 4 of the first SKU, the second gets another tier, and the
    // third stops being always available.
    await db.transaction((tx) =>
      changeStock(tx, { skuId: sold!.id, delta: -4, kind: 'reservation', actorUserId: null }),
    )
    await db.insert(prices).values({
      skuId: repriced!.id,
      minQuantity: 30,
      unitPrice: 85_000,
      offerPrice: 0,
      pricePerPiece: 85_000,
    })
    await db.update(skus).set({ alwaysAvailable: false }).where(eq(skus.id, flagged!.id))

    const revert = await revertImport(db, s.auth, importId)
    expect(revert.reverted).toBe(297)
    expect(revert.notReverted).toEqual([
      {
        rowNumber: 2,
        sku: sold!.sku,
        reason: 'Its stock moved since the import (an order or another change)',
      },
      { rowNumber: 3, sku: repriced!.sku, reason: 'Its tiers changed since the import' },
      { rowNumber: 4, sku: flagged!.sku, reason: '"Always available" changed since the import' },
    ])
    const now = await snapshot(ids)
    // Untouched by the revert: the sold SKU keeps 66, the repriced one its stock of 70 and the
    // import's tier beside the new one, the flagged one its stock of 70.
    expect(now.skus.slice(0, 3).map((k) => k.stock)).toEqual([66, 70, 70])
    const live = await db
      .select({ minQuantity: prices.minQuantity, unitPrice: prices.unitPrice })
      .from(prices)
      .where(and(eq(prices.skuId, repriced!.id), sql`valid_to is null`))
      .orderBy(asc(prices.minQuantity))
    expect(live).toEqual([
      { minQuantity: 1, unitPrice: 95_000 },
      { minQuantity: 30, unitPrice: 85_000 },
    ])
    // Everything else is back as it was.
    expect(now.skus.slice(3)).toEqual(before.skus.slice(3))
    expect(await ledgerMismatches(db)).toEqual([])
    const { total } = await listImportRows(db, s.auth, importId, { filter: 'all', page: 1, perPage: 10 })
    expect(total).toBe(300)
    // The import is reverted, and what the revert could not undo stays on record with its reason:
    // counted, listed under "Not reverted", read again later (a reload) exactly as the revert said.
    const state = await getImport(db, s.auth, importId)
    expect(state).toMatchObject({ status: 'reverted', counts: { reverted: 297, notReverted: 3 } })
    const blocked = await listImportRows(db, s.auth, importId, {
      filter: 'not_reverted',
      page: 1,
      perPage: 10,
    })
    expect(blocked.total).toBe(3)
    expect(blocked.rows.map((r) => [r.rowNumber, r.sku, r.result, r.notReverted])).toEqual([
      [2, sold!.sku, 'not_reverted', 'Row 2: its stock moved since the import (an order or another change)'],
      [3, repriced!.sku, 'not_reverted', 'Row 3: its tiers changed since the import'],
      [4, flagged!.sku, 'not_reverted', 'Row 4: "Always available" changed since the import'],
    ])
  }, 300_000)

  it('a row whose tiers changed between the dry run and the apply is not applied (stale)', async () => {
    const s = await sellerWithManySkus(db, 3)
    const [a, b] = s.skus
    const importId = await checked(s.auth, [
      sheetLine(a!.sku, 50, 55, '', [[1, 99_000, 0, '', '']]),
      sheetLine(b!.sku, 50, 56, '', [[1, 98_000, 0, '', '']]),
    ])
    await db.insert(prices).values({
      skuId: a!.id,
      minQuantity: 40,
      unitPrice: 70_000,
      offerPrice: 0,
      pricePerPiece: 70_000,
    })
    const result = await applied(s.auth, importId, 'valid_rows')
    expect(result.counts).toMatchObject({ applied: 1, stale: 1 })
    const { rows } = await listImportRows(db, s.auth, importId, { filter: 'stale', page: 1, perPage: 10 })
    expect(rows.map((r) => [r.sku, r.warnings.at(-1)])).toEqual([
      [a!.sku, 'Row 2: its tiers changed since the file was checked'],
    ])
    const [stockA] = await db.select({ n: skus.remainingQuantity }).from(skus).where(eq(skus.id, a!.id))
    expect(stockA!.n).toBe(50)
  }, 60_000)
})
