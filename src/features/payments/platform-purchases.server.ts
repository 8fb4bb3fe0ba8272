import '@tanstack/react-start/server-only'
import { and, eq, gt, ne, type SQL } from 'drizzle-orm'
import type { Tx } from '~/server/db/client.server'
import { platformPurchases } from '~/server/db/schema'
import type { Fulfilment } from './purchase-lifecycle.server'

/** Helpers for what a platform purchase (a plan period, a Plus year) does when it is paid. */

export type PlatformPurchase = typeof platformPurchases.$inferSelect

/** The purchase, locked for the rest of the payment's transaction. */
export async function lockPurchase(tx: Tx, purchaseId: number): Promise<PlatformPurchase | undefined> {
  const [purchase] = await tx
    .select()
    .from(platformPurchases)
    .where(eq(platformPurchases.id, purchaseId))
    .for('update')
  return purchase
}

/**
 * A paid purchase that can no longer be honoured: a pending one is cancelled, and the reason goes
 * to the caller, which refunds the money.
 */
export async function refusePurchase(
  tx: Tx,
  purchase: PlatformPurchase,
  reason: string,
): Promise<Fulfilment & { ok: false }> {
  if (purchase.status === 'pending')
    await tx
      .update(platformPurchases)
      .set({ status: 'cancelled' })
      .where(eq(platformPurchases.id, purchase.id))
  return { ok: false, reason }
}

/**
 * Another purchase of the same buyer (`sameOwner`: the seller's, or a user's Plus years) was paid
 * after this one was priced: this one's quote is stale, or it is a duplicate.
 */
export async function paidSincePriced(tx: Tx, purchase: PlatformPurchase, sameOwner: SQL): Promise<boolean> {
  const [later] = await tx
    .select({ id: platformPurchases.id })
    .from(platformPurchases)
    .where(
      and(
        sameOwner,
        eq(platformPurchases.status, 'paid'),
        ne(platformPurchases.id, purchase.id),
        gt(platformPurchases.paidAt, purchase.createdAt),
      ),
    )
    .limit(1)
  return Boolean(later)
}
