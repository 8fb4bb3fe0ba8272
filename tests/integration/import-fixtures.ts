import { asc, eq, inArray, sql } from 'drizzle-orm'
import { SHEET_COLUMNS } from '~/features/imports/import-format'
import { checkImport, startImport } from '~/features/imports/imports.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { prices, skus, stockMovements } from '~/server/db/schema'
import { createProduct, createSeller, createStore } from '../factories/create'
import { authOf } from './tickets-fixtures'

/** Shared by the price and stock import tests: many SKUs made in bulk, sheet lines, snapshots. */

export const IMPORT_HEADER = SHEET_COLUMNS.map((c) => c.header).join(',')
export const DAY = 86_400_000

export interface BulkSku {
  id: number
  sku: string
  productId: number
}

/** A seller with `n` SKUs made in bulk: stock 50 (+ opening ledger row) and two current tiers each. */
export async function sellerWithManySkus(db: Db, n: number) {
  const seller = await createSeller(db)
  const store = await createStore(db, { seller })
  const product = await createProduct(db)
  const prefix = `RV${store.id}-`
  // One product per SKU (a store offers a product once); names from the factory's product.
  await db.execute(sql`
    with p as (
      insert into products (slug, name, category_id, unit)
      select ${`rv-${store.id}-`} || g, 'Revert product ' || g, ${product.categoryId}, 'box'
      from generate_series(1, ${n}) g returning id
    )
    insert into skus (sku, store_id, product_id, remaining_quantity)
    select ${prefix} || p.id, ${store.id}, p.id, 50 from p`)
  const list = await db
    .select({ id: skus.id, sku: skus.sku, productId: skus.productId })
    .from(skus)
    .where(eq(skus.storeId, store.id))
    .orderBy(asc(skus.id))
  const ids = list.map((s) => s.id)
  await db.insert(stockMovements).values(
    ids.map((skuId) => ({
      skuId,
      kind: 'adjustment' as const,
      delta: 50,
      resultingQuantity: 50,
      reason: 'opening_stock',
    })),
  )
  const yesterday = new Date(Date.now() - DAY)
  await db.insert(prices).values(
    ids.flatMap((skuId) => [
      {
        skuId,
        minQuantity: 1,
        unitPrice: 100_000,
        offerPrice: 0,
        pricePerPiece: 100_000,
        validFrom: yesterday,
      },
      {
        skuId,
        minQuantity: 10,
        unitPrice: 90_000,
        offerPrice: 0,
        pricePerPiece: 90_000,
        validFrom: yesterday,
      },
    ]),
  )
  return { seller, store, skus: list as BulkSku[], auth: await authOf(db, seller.owner.id) }
}

/** A CSV line: SKU, store, product, current, new, always available, then tiers (5 columns × 3). */
export function sheetLine(
  sku: string,
  current: number | string,
  next: number | string,
  always: string,
  tiers: (string | number)[][] = [],
) {
  const cells: (string | number)[] = [sku, 'Store', 'Product', current, next, always]
  for (let slot = 0; slot < 3; slot++) cells.push(...(tiers[slot] ?? ['', '', '', '', '']))
  return cells
    .map((c) => (typeof c === 'string' && /[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c))
    .join(',')
}

/** A CSV of these sheet lines uploaded and dry-run: the import's id, ready to apply. */
export async function checkedImport(db: Db, storage: MediaStorage, auth: AuthContext, lines: string[]) {
  const bytes = Buffer.from([IMPORT_HEADER, ...lines].join('\n'))
  const { importId } = await startImport(db, auth, { name: 'prices.csv', bytes }, storage)
  await checkImport(db, importId, storage)
  return importId
}

/** Everything an import may change about these SKUs, in a comparable form (tier ids left out). */
export async function importSnapshot(db: Db, ids: number[]) {
  const skuRows = await db
    .select({
      id: skus.id,
      stock: skus.remainingQuantity,
      always: skus.alwaysAvailable,
      // The stored entry tier the inventory table reads (kept with the tiers).
      entry: sql<string>`concat_ws('|', ${skus.entryUnitPrice}, ${skus.entryOfferPrice}, ${skus.activeTiers},
        ${skus.entryFrom}::text, ${skus.entryUntil}::text)`,
    })
    .from(skus)
    .where(inArray(skus.id, ids))
    .orderBy(asc(skus.id))
  const tierRows = await db
    .select({
      skuId: prices.skuId,
      minQuantity: prices.minQuantity,
      unitPrice: prices.unitPrice,
      offerPrice: prices.offerPrice,
      pricePerPiece: prices.pricePerPiece,
      validFrom: prices.validFrom,
      validTo: prices.validTo,
    })
    .from(prices)
    .where(inArray(prices.skuId, ids))
  const tiers = tierRows
    .map(
      (t) =>
        `${t.skuId}|${t.minQuantity}|${t.unitPrice}|${t.offerPrice}|${t.pricePerPiece}|${t.validFrom.toISOString()}|${t.validTo?.toISOString() ?? '-'}`,
    )
    .sort()
  const movements = await db.$count(stockMovements, inArray(stockMovements.skuId, ids))
  return { skus: skuRows, tiers, movements }
}
