import '@tanstack/react-start/server-only'
import { and, eq } from 'drizzle-orm'
import { issuePlatformInvoice, periodEndOf } from '~/features/plans/index.server'
import {
  type PurchaseLifecycle,
  insertPaidPeriod,
  lockPurchase,
  paidSincePriced,
  refusePurchase,
} from '~/features/payments/index.server'
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
  const purchase = await lockPurchase(tx, purchaseId)
  if (!purchase || purchase.kind !== 'membership') return { ok: false, reason: 'unknown_purchase' }
  const refuse = (reason: string) => refusePurchase(tx, purchase, reason)
  if (purchase.status !== 'pending') return refuse(`purchase_${purchase.status}`)
  // Another Plus year of this buyer was paid after this one was priced: this one is a duplicate.
  const sameBuyer = and(
    eq(platformPurchases.userId, purchase.userId),
    eq(platformPurchases.kind, 'membership'),
  )!
  if (await paidSincePriced(tx, purchase, sameBuyer)) return refuse('later_plus_year_paid')

  const at = now()
  // The year runs from payment (not from the click), or from the end of the year already paid.
  const [current] = await openPlusPeriods(tx, purchase.userId, at)
  const start = current ? current.periodEnd : at
  const end = periodEndOf(start, 'yearly')
  await tx
    .update(platformPurchases)
    .set({ status: 'paid', paidAt: at, periodStart: start, periodEnd: end })
    .where(eq(platformPurchases.id, purchase.id))
  await insertPaidPeriod(
    tx,
    plusMemberships,
    purchase,
    { owner: { userId: purchase.userId }, periodStart: start, periodEnd: end, active: !current, at },
    () => ({
      action: current ? 'plus.renew' : 'plus.join',
      recordType: 'plus_membership',
      after: {
        periodStart: start.toISOString(),
        periodEnd: end.toISOString(),
        amount: purchase.amount,
        purchase: purchase.number,
      },
    }),
  )
  await issuePlatformInvoice(tx, purchase.id)
  return { ok: true }
}

/** A Plus year paid: registered with the purchase lifecycle at start (src/feature-hooks.server.ts). */
export const plusLifecycle: PurchaseLifecycle = { paid: fulfilMembership }
