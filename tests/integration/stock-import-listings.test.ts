import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { applyImport, getImport, requestApply, revertImport } from '~/features/imports/imports.server'
import { ledgerMismatches } from '~/features/inventory/stock-ledger.server'
import type { Db } from '~/server/db/client.server'
import { productListings, stockMovements } from '~/server/db/schema'
import { createSeller, createSku, createStore } from '../factories/create'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { checkedImport, sheetLine } from './import-fixtures'
import { authOf, tempStorage } from './tickets-fixtures'

/**
 * What buyers see after an import: the listings refresh only the products whose card can change
 * (tiers, "always available", stock to or from zero), so these check that each of those reaches
 * the catalogue, and back with the revert, while a stock figure moving between two positive ones
 * still moves through the ledger.
 */

let db: Db
const storage = tempStorage()

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

describe('the catalogue after an import', () => {
  it('products go in and out of stock with the sheet, and back with the revert', async () => {
    const seller = await createSeller(db)
    const store = await createStore(db, { seller })
    const soldOut = await createSku(db, { store, remainingQuantity: 0 })
    const selling = await createSku(db, { store, remainingQuantity: 10 })
    const plenty = await createSku(db, { store, remainingQuantity: 10 })
    const madeToOrder = await createSku(db, { store, remainingQuantity: 0 })
    const all = [soldOut, selling, plenty, madeToOrder]
    await refreshProductListings(
      db,
      all.map((s) => s.productId),
    )
    const inStock = async () => {
      const rows = await db
        .select({ productId: productListings.productId, inStock: productListings.inStock })
        .from(productListings)
        .where(
          inArray(
            productListings.productId,
            all.map((s) => s.productId),
          ),
        )
      const byProduct = new Map(rows.map((r) => [r.productId, r.inStock]))
      return all.map((s) => byProduct.get(s.productId))
    }
    expect(await inStock()).toEqual([false, true, true, false])

    const auth = await authOf(db, seller.owner.id)
    const importId = await checkedImport(db, storage, auth, [
      sheetLine(soldOut.sku, 0, 5, ''),
      sheetLine(selling.sku, 10, 0, ''),
      sheetLine(plenty.sku, 10, 40, ''),
      sheetLine(madeToOrder.sku, 0, 0, 'yes'),
    ])
    await requestApply(db, auth, importId, 'all_or_nothing')
    await applyImport(db, importId, { isLastAttempt: true })
    expect(await getImport(db, auth, importId)).toMatchObject({ status: 'applied', counts: { applied: 4 } })
    expect(await inStock()).toEqual([true, false, true, true])
    // Every stock change went through the ledger, the one between positive figures too.
    const moved = await db
      .select({ skuId: stockMovements.skuId, delta: stockMovements.delta })
      .from(stockMovements)
      .where(inArray(stockMovements.importId, [importId]))
    expect(moved.map((m) => [m.skuId, m.delta]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [soldOut.id, 5],
      [selling.id, -10],
      [plenty.id, 30],
    ])

    expect(await revertImport(db, auth, importId)).toEqual({ reverted: 4, notReverted: [] })
    expect(await inStock()).toEqual([false, true, true, false])
    expect(await ledgerMismatches(db)).toEqual([])
  })
})
