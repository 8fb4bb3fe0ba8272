import '@tanstack/react-start/server-only'
import { and, eq, inArray } from 'drizzle-orm'
import { refreshProductListings } from '~/features/catalog/index.server'
import { recordAuditEvent, recordAuditEvents } from '~/server/audit/audit.server'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { skus, stores } from '~/server/db/schema'
import { HttpError, notFound } from '~/server/http/api-errors.server'
import type { bulkAvailabilityInput } from './inventory.schemas'
import { changeStock } from './stock-ledger.server'
import type { lowStockThresholdInput } from './stock.schemas'
import type * as v from 'valibot'
import { m } from '~/lib/messages'

/**
 * Stock-keeping settings of SKUs: "always available" (bulk, from the inventory table) and the
 * low-stock threshold (the stock page). Both are stock work, so the owner and the seller's
 * observers may do them (DOMAIN.md: observers adjust stock); another seller's SKU is a 404.
 */

const actorOf = (auth: AuthContext | null) => requireApprovedSeller(auth, { allowObserver: true })

export const QUANTITY_ONLY_WHEN_COUNTED = () => m.inventory_quantity_only_when_counted()

/**
 * Turns "always available" on or off for selected SKUs, all or none, in one transaction. Turning it
 * off with a quantity sets the stock of each SKU that changes to it through the ledger (an
 * adjustment, reason `recount`); SKUs already counted keep the figure they have. Every SKU that
 * changes gets an audit event; the listings follow (in stock or not).
 */
export async function setSkuAvailability(
  db: Db,
  auth: AuthContext | null,
  input: v.InferOutput<typeof bulkAvailabilityInput>,
): Promise<{ changed: number }> {
  const actor = actorOf(auth)
  if (input.alwaysAvailable && input.quantity !== undefined)
    throw new HttpError(422, QUANTITY_ONLY_WHEN_COUNTED(), { quantity: [QUANTITY_ONLY_WHEN_COUNTED()] })
  const ids = [...new Set(input.skuIds)]
  return db.transaction(async (tx) => {
    const owned = await tx
      .select({
        id: skus.id,
        productId: skus.productId,
        alwaysAvailable: skus.alwaysAvailable,
        stock: skus.remainingQuantity,
      })
      .from(skus)
      .innerJoin(stores, eq(stores.id, skus.storeId))
      .where(and(inArray(skus.id, ids), eq(stores.sellerId, actor.sellerId)))
      .orderBy(skus.id)
      .for('update', { of: skus })
    if (owned.length !== ids.length) throw notFound(m.server_error_sku_not_found())
    const changing = owned.filter((row) => row.alwaysAvailable !== input.alwaysAvailable)
    if (changing.length === 0) return { changed: 0 }
    await tx
      .update(skus)
      .set({ alwaysAvailable: input.alwaysAvailable, updatedAt: new Date() })
      .where(
        inArray(
          skus.id,
          changing.map((row) => row.id),
        ),
      )
    const stockAfter = new Map<number, number>()
    if (!input.alwaysAvailable && input.quantity !== undefined)
      for (const row of changing) {
        const result = await changeStock(tx, {
          skuId: row.id,
          setTo: input.quantity,
          kind: 'adjustment',
          actorUserId: actor.auth.user.id,
          reason: 'recount',
        })
        if (result) stockAfter.set(row.id, result.after)
      }
    await recordAuditEvents(
      tx,
      changing.map((row) => ({
        actorUserId: actor.auth.user.id,
        sellerId: actor.sellerId,
        action: input.alwaysAvailable ? 'sku.always_available_on' : 'sku.always_available_off',
        recordType: 'sku',
        recordId: row.id,
        before: { alwaysAvailable: row.alwaysAvailable, stock: row.stock },
        after: { alwaysAvailable: input.alwaysAvailable, stock: stockAfter.get(row.id) ?? row.stock },
      })),
    )
    await refreshProductListings(tx, [...new Set(changing.map((row) => row.productId))])
    return { changed: changing.length }
  })
}

/** A SKU's low-stock threshold (the stock page; the inventory's "low stock" filter uses it). */
export async function setLowStockThreshold(
  db: Db,
  auth: AuthContext | null,
  input: v.InferOutput<typeof lowStockThresholdInput>,
): Promise<{ threshold: number }> {
  const actor = actorOf(auth)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: skus.id, threshold: skus.lowStockThreshold })
      .from(skus)
      .innerJoin(stores, eq(stores.id, skus.storeId))
      .where(and(eq(skus.sku, input.sku), eq(stores.sellerId, actor.sellerId)))
      .for('update', { of: skus })
    if (!row) throw notFound(m.server_error_sku_not_found())
    if (row.threshold === input.threshold) return { threshold: row.threshold }
    await tx
      .update(skus)
      .set({ lowStockThreshold: input.threshold, updatedAt: new Date() })
      .where(eq(skus.id, row.id))
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: 'sku.low_stock_threshold',
      recordType: 'sku',
      recordId: row.id,
      before: { lowStockThreshold: row.threshold },
      after: { lowStockThreshold: input.threshold },
    })
    return { threshold: input.threshold }
  })
}
