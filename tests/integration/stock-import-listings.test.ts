import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { listProducts } from '~/features/catalog/catalog-listing.server'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { applyImport, getImport, requestApply, revertImport } from '~/features/imports/imports.server'
import { ledgerMismatches } from '~/features/inventory/stock-ledger.server'
import type { Db } from '~/server/db/client.server'
import { productListings, stockMovements } from '~/server/db/schema'
import { createProduct, createSeller, createSku, createStore } from '../factories/create'
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
  setCatalogCacheEnabled(false)
})
afterAll(async () => {
  setCatalogCacheEnabled(true)
  await closeAuthTestDatabase()
})

describe('the catalogue after an import', () => {
  it('products go in and out of stock with the sheet, and back with the revert', async () => {
    const seller = await createSeller(db)
    const store = await createStore(db, { seller })
    const named = async (name: string, remainingQuantity: number) =>
      createSku(db, { store, remainingQuantity, product: await createProduct(db, { name }) })
    const soldOut = await named('Quokka flask sold out', 0)
    const selling = await named('Quokka flask selling', 10)
    const plenty = await named('Quokka flask plenty', 10)
    const madeToOrder = await named('Quokka flask made to order', 0)
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
      const stock = all.map((s) => byProduct.get(s.productId))
      // A search filtered to what is in stock shows the same products, and counts them: the search
      // documents' copy of the stock follows an import too (it rebuilds no document).
      const found = await listProducts(db, { q: 'quokka', in_stock: true, sort: 'newest' }, { facets: false })
      expect(all.map((s) => found.items.some((item) => item.id === s.productId))).toEqual(stock)
      expect(found.total).toBe(stock.filter(Boolean).length)
      return stock
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
