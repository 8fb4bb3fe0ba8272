import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { constants } from '#app-config'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { lowStockAlerts } from '~/server/db/schema'
import { queueMessage } from '~/server/providers/sms/outbox.server'

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
  owner_phone: string | null
}

export const lowStockMessage = (
  fall: { sku: string; productName: string; storeName: string },
  quantity: number,
  threshold: number,
) =>
  `${constants.brand.name}: ${fall.productName} (${fall.sku}) in ${fall.storeName} is low: ${quantity.toLocaleString('en-US')} left, below your alert level of ${threshold.toLocaleString('en-US')}.`

export async function alertLowStockFalls(tx: DbOrTx, moves: readonly MovedStock[]): Promise<number> {
  const falling = moves.filter((move) => move.delta < 0)
  if (falling.length === 0) return 0
  const ids = [...new Set(falling.map((move) => move.skuId))]
  const rows = await selectRows<FallRow>(
    tx,
    sql`select s.id as sku_id, s.sku, s.low_stock_threshold as threshold, st.seller_id,
          pr.name as product_name, st.name as store_name, u.cellphone as owner_phone
        from skus s
        join stores st on st.id = s.store_id
        join products pr on pr.id = s.product_id
        join sellers se on se.id = st.seller_id
        left join users u on u.id = se.owner_user_id
        where not s.always_available and s.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  )
  const bySku = new Map(rows.map((row) => [Number(row.sku_id), row]))
  let alerts = 0
  for (const move of falling) {
    const sku = bySku.get(move.skuId)
    if (!sku) continue
    const threshold = Number(sku.threshold)
    const before = move.resultingQuantity - move.delta
    if (!(before >= threshold && move.resultingQuantity < threshold)) continue
    await tx.insert(lowStockAlerts).values({
      sellerId: Number(sku.seller_id),
      skuId: move.skuId,
      movementId: move.movementId ?? null,
      quantity: move.resultingQuantity,
      threshold,
    })
    if (sku.owner_phone)
      await queueMessage(tx, {
        channel: 'sms',
        to: sku.owner_phone,
        body: lowStockMessage(
          { sku: sku.sku, productName: sku.product_name, storeName: sku.store_name },
          move.resultingQuantity,
          threshold,
        ),
      })
    alerts++
  }
  return alerts
}
