import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { constants } from '#app-config'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { intArray } from '~/server/db/sql-batch.server'
import { lowStockAlerts } from '~/server/db/schema'
import { queueMessage } from '~/server/providers/sms/outbox.server'
import { userLocale } from '~/server/auth/user-locale.server'
import { inLocale } from '~/server/log.server'
import { nameInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/**
 * Low-stock alerts (issue #16): when a movement takes a counted SKU's stock from at or above its
 * threshold to below it, the seller's owner gets one SMS (through the outbox, in the movement's
 * transaction) and the dashboard one notice. Later movements that stay below the threshold (the
 * next orders) say nothing; once stock is back at or above it, the next fall alerts again. Being a
 * pure function of each movement's before and after, it needs no state to re-arm and is exact under
 * concurrency (the writers hold the SKU's row lock, so before/after are the real figures).
 */

export interface MovedStock {
  skuId: number
  delta: number
  resultingQuantity: number
  movementId?: number | null
}

interface FallRow {
  sku_id: number
  sku: string
  threshold: number
  seller_id: number
  product_name: string
  store_name: string
  product_name_fa: string | null
  owner_phone: string | null
  owner_locale: string | null
}

export const lowStockMessage = (
  fall: { sku: string; productName: string; storeName: string },
  quantity: number,
  threshold: number,
) =>
  m.server_sms_low_stock({
    brand: constants.brand.name,
    product: fall.productName,
    sku: fall.sku,
    store: fall.storeName,
    quantity: formatNumber(quantity),
    threshold: formatNumber(threshold),
  })

export const lowStockSummary = (count: number) =>
  m.server_sms_low_stock_summary({ brand: constants.brand.name, count: formatNumber(count) })

export async function alertLowStockFalls(tx: DbOrTx, moves: readonly MovedStock[]): Promise<number> {
  const falling = moves.filter((move) => move.delta < 0)
  if (falling.length === 0) return 0
  const ids = [...new Set(falling.map((move) => move.skuId))]
  const rows = await selectRows<FallRow>(
    tx,
    sql`select s.id as sku_id, s.sku, s.low_stock_threshold as threshold, st.seller_id,
          pr.name as product_name, pr.name_fa as product_name_fa, st.name as store_name,
          u.cellphone as owner_phone, u.locale as owner_locale
        from skus s
        join stores st on st.id = s.store_id
        join products pr on pr.id = s.product_id
        join sellers se on se.id = st.seller_id
        left join users u on u.id = se.owner_user_id
        where not s.always_available and s.id = any(${intArray(ids)})`,
  )
  const bySku = new Map(rows.map((row) => [Number(row.sku_id), row]))
  const falls = falling.flatMap((move) => {
    const sku = bySku.get(move.skuId)
    if (!sku) return []
    const threshold = Number(sku.threshold)
    const before = move.resultingQuantity - move.delta
    return before >= threshold && move.resultingQuantity < threshold ? [{ move, sku, threshold }] : []
  })
  if (falls.length === 0) return 0
  await tx.insert(lowStockAlerts).values(
    falls.map(({ move, sku, threshold }) => ({
      sellerId: Number(sku.seller_id),
      skuId: move.skuId,
      movementId: move.movementId ?? null,
      quantity: move.resultingQuantity,
      threshold,
    })),
  )
  // One SMS per seller and operation: a sheet that lowers 2,000 SKUs sends one summary, not 2,000.
  const bySeller = new Map<number, typeof falls>()
  for (const fall of falls) {
    const sellerId = Number(fall.sku.seller_id)
    bySeller.set(sellerId, [...(bySeller.get(sellerId) ?? []), fall])
  }
  for (const sellerFalls of bySeller.values()) {
    const [first] = sellerFalls
    if (!first?.sku.owner_phone) continue
    // In the language the seller last chose on the site.
    const body = inLocale(
      userLocale(first.sku.owner_locale),
      () =>
        sellerFalls.length === 1
          ? lowStockMessage(
              {
                sku: first.sku.sku,
                productName: nameInLocale({
                  name: first.sku.product_name,
                  nameFa: first.sku.product_name_fa,
                }),
                storeName: first.sku.store_name,
              },
              first.move.resultingQuantity,
              first.threshold,
            )
          : lowStockSummary(sellerFalls.length),
      'rial',
    )
    await queueMessage(tx, { channel: 'sms', to: first.sku.owner_phone, body })
  }
  const alerts = falls.length
  return alerts
}
