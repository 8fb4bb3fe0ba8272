import '@tanstack/react-start/server-only'
import { and, eq, gt, ne } from 'drizzle-orm'
import { issuePlatformInvoice } from '~/features/plans/plan-fulfilment.server'
import { periodEndOf } from '~/features/plans/plan-pricing'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { now } from '~/server/clock.server'
import type { Tx } from '~/server/db/client.server'
import { platformPurchases, plusMemberships } from '~/server/db/schema'
import { openPlusPeriods } from './plus-membership.server'

/**
 * What a paid Plus purchase does, inside the payment callback's transaction (called by
 * features/payments): a year of membership starts now, or where the buyer's current year ends (a
 * renewal), and the platform's invoice is issued with the next number of its gapless sequence.
 * Idempotent: a purchase that is no longer pending is not honoured again.
 */
export async function fulfilMembership(
  tx: Tx,
  purchaseId: number,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const [purchase] = await tx
    .select()
    .from(platformPurchases)
    .where(eq(platformPurchases.id, purchaseId))
    .for('update')
  if (!purchase || purchase.kind !== 'membership') return { ok: false, reason: 'unknown_purchase' }
  const refuse = async (reason: string) => {
    if (purchase.status === 'pending')
      await tx
        .update(platformPurchases)
        .set({ status: 'cancelled' })
        .where(eq(platformPurchases.id, purchase.id))
    return { ok: false as const, reason }
  }
  if (purchase.status !== 'pending') return refuse(`purchase_${purchase.status}`)
  // Another Plus year of this buyer was paid after this one was priced: this one is a duplicate.
  const [later] = await tx
    .select({ id: platformPurchases.id })
    .from(platformPurchases)
    .where(
      and(
        eq(platformPurchases.userId, purchase.userId),
        eq(platformPurchases.kind, 'membership'),
        eq(platformPurchases.status, 'paid'),
        ne(platformPurchases.id, purchase.id),
        gt(platformPurchases.paidAt, purchase.createdAt),
      ),
    )
    .limit(1)
  if (later) return refuse('later_plus_year_paid')

  const at = now()
  // The year runs from payment (not from the click), or from the end of the year already paid.
  const [current] = await openPlusPeriods(tx, purchase.userId, at)
  const start = current ? current.periodEnd : at
  const end = periodEndOf(start, 'yearly')
  await tx
    .update(platformPurchases)
    .set({ status: 'paid', paidAt: at, periodStart: start, periodEnd: end })
    .where(eq(platformPurchases.id, purchase.id))
  const [membership] = await tx
    .insert(plusMemberships)
    .values({
      userId: purchase.userId,
      periodStart: start,
      periodEnd: end,
      status: current ? 'scheduled' : 'active',
      purchaseId: purchase.id,
      amountPaid: purchase.amount,
      createdAt: at,
    })
    .returning()
  await recordAuditEvent(tx, {
    actorUserId: purchase.userId,
    action: current ? 'plus.renew' : 'plus.join',
    recordType: 'plus_membership',
    recordId: membership!.id,
    after: {
      periodStart: start.toISOString(),
      periodEnd: end.toISOString(),
      amount: purchase.amount,
      purchase: purchase.number,
    },
  })
  await issuePlatformInvoice(tx, purchase.id)
  return { ok: true }
}
