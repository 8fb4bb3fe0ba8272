import '@tanstack/react-start/server-only'
import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { stringify as stringifyCsv } from 'csv-stringify'
import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { formatTehranMinute } from '~/lib/tehran-time'
import type { Db } from '~/server/db/client.server'
import { prices, products, skus, stores } from '~/server/db/schema'
import { SHEET_COLUMNS, TIER_SLOTS } from './import-format'
import { neutraliseText } from './import-values'
import type { SheetKind } from './import-sheet.server'

/**
 * The price and stock sheet of the seller's SKUs (all, or one store's): the template to edit and
 * the inventory's export, in the columns the import reads back. Written as a stream, a page of
 * SKUs at a time. "New stock" starts equal to the current stock, so an untouched row changes nothing.
 */

const PAGE = 1_000

type Cell = string | number

export interface TemplateOptions {
  storeId?: number
  /** Only these SKUs: a subquery of ids (the inventory's export of its filtered table). */
  skuIdsIn?: SQL
  at: Date
}

async function* templateRows(db: Db, sellerId: number, options: TemplateOptions) {
  let afterId = 0
  for (;;) {
    const page = await db
      .select({
        id: skus.id,
        sku: skus.sku,
        store: stores.name,
        product: products.name,
        stock: skus.remainingQuantity,
        alwaysAvailable: skus.alwaysAvailable,
      })
      .from(skus)
      .innerJoin(stores, eq(stores.id, skus.storeId))
      .innerJoin(products, eq(products.id, skus.productId))
      .where(
        and(
          eq(stores.sellerId, sellerId),
          gt(skus.id, afterId),
          options.storeId ? eq(stores.id, options.storeId) : undefined,
          options.skuIdsIn ? sql`${skus.id} in ${options.skuIdsIn}` : undefined,
        ),
      )
      .orderBy(asc(skus.id))
      .limit(PAGE)
    if (page.length === 0) return
    afterId = page.at(-1)!.id
    const tiers = await db
      .select()
      .from(prices)
      .where(
        and(
          inArray(
            prices.skuId,
            page.map((row) => row.id),
          ),
          or(isNull(prices.validTo), gt(prices.validTo, options.at)),
        ),
      )
      .orderBy(asc(prices.minQuantity), asc(prices.validFrom))
    const bySku = new Map<number, (typeof tiers)[number][]>()
    for (const tier of tiers) bySku.set(tier.skuId, [...(bySku.get(tier.skuId) ?? []), tier])
    for (const row of page) {
      // Store and product names are typed by people (a product may be another seller's): defused.
      const cells: Cell[] = [
        neutraliseText(row.sku),
        neutraliseText(row.store),
        neutraliseText(row.product),
        row.stock,
        row.stock,
        row.alwaysAvailable ? 'yes' : 'no',
      ]
      const own = bySku.get(row.id) ?? []
      // More tiers than the sheet holds: left empty, so the import leaves them as they are.
      for (let slot = 0; slot < TIER_SLOTS; slot++) {
        const tier = own.length <= TIER_SLOTS ? own[slot] : undefined
        cells.push(
          ...(tier
            ? [
                tier.minQuantity,
                tier.unitPrice,
                tier.offerPrice,
                tier.validFrom > options.at ? formatTehranMinute(tier.validFrom) : '',
                tier.validTo ? formatTehranMinute(tier.validTo) : '',
              ]
            : ['', '', '', '', '']),
        )
      }
      yield cells
    }
  }
}

export async function writeTemplate(
  db: Db,
  sellerId: number,
  kind: SheetKind,
  out: Writable,
  options: TemplateOptions,
): Promise<void> {
  const header = SHEET_COLUMNS.map((column) => column.header)
  if (kind === 'csv') {
    await pipeline(
      async function* () {
        yield header
        yield* templateRows(db, sellerId, options)
      },
      stringifyCsv({ bom: true }),
      out,
    )
    return
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet('Prices and stock', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = header.map((name) => ({ header: name, width: Math.max(12, name.length + 2) }))
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()
  for await (const cells of templateRows(db, sellerId, options)) sheet.addRow(cells).commit()
  sheet.commit()
  await workbook.commit()
}
