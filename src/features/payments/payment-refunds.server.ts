import '@tanstack/react-start/server-only'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { recordServerEvent } from '~/features/analytics/index.server'
import { postPaymentReturned } from '~/features/ledger/index.server'
import { now } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import { paymentSessions } from '~/server/db/schema'
import { sendJob } from '~/server/jobs/jobs.server'
import { log } from '~/server/log.server'

/**
 * Refunds of received payments (contract P), apart from the rest of payments so that order
 * transitions can refund without payments and orders importing each other.
 */

/** A payment event for the analytics stream. */
export async function paymentEvent(
  db: DbOrTx,
  name:
    | 'payment_started'
    | 'payment_succeeded'
    | 'payment_failed'
    | 'payment_expired'
    | 'payment_refund_requested',
  props: Record<string, string | number | boolean | null>,
): Promise<void> {
  await recordServerEvent(db, { name, path: '/payment', props, at: now() })
}

// ---------------------------------------------------------------------------------------------
// Refunds (contract P)
// ---------------------------------------------------------------------------------------------

/** Records a refund of one received payment and queues the provider call for after the commit. */
export async function requestSessionRefund(
  tx: DbOrTx,
  session: { id: string; amount: number; orderId?: number | null; purchaseId?: number | null },
  reason: string,
): Promise<boolean> {
  const [recorded] = await tx
    .update(paymentSessions)
    .set({ refundedAmount: session.amount })
    .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.refundedAmount, 0)))
    .returning({ id: paymentSessions.id })
  if (!recorded) return false
  await sendJob(tx, 'payment.refund', { sessionId: session.id })
  await paymentEvent(tx, 'payment_refund_requested', {
    session_id: session.id,
    order_id: session.orderId ?? null,
    purchase_id: session.purchaseId ?? null,
    amount: session.amount,
  })
  log().info(
    {
      orderId: session.orderId,
      purchaseId: session.purchaseId,
      sessionId: session.id,
      amount: session.amount,
      reason,
    },
    'payment refund requested',
  )
  return true
}

/**
 * Called by transitionOrder inside its transaction when a paid order is rejected or cancelled (and
 * by the payment callback when money arrives for an order that has already ended): records the
 * refund on the order's succeeded payment session (refunded_amount = the amount paid, refunded_at
 * still empty = "refund under way") and queues the `payment.refund` job, which calls the provider
 * after the transaction commits and stores refunded_at and the provider's refund reference.
 * No-op (false) when the order has no succeeded session or its refund was already recorded.
 */
export async function refundOrderPayment(
  tx: DbOrTx,
  orderId: number,
  reason: string,
  /** Rials to give back, when not the whole payment (a refund after delivery). */
  amount?: number,
): Promise<boolean> {
  const [session] = await tx
    .select({
      id: paymentSessions.id,
      amount: paymentSessions.amount,
      orderId: paymentSessions.orderId,
      refundedAmount: paymentSessions.refundedAmount,
    })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.status, 'succeeded')))
    .for('update')
  if (!session || session.refundedAmount > 0) return false
  return requestSessionRefund(
    tx,
    { ...session, amount: Math.min(amount ?? session.amount, session.amount) },
    reason,
  )
}

/**
 * Money verified for an order or purchase that has already closed (expired, cancelled, no longer
 * honoured): the session's refund is requested and, since the money paid for nothing, the ledger
 * records it received and returned.
 */
export async function returnUnappliedPayment(
  tx: DbOrTx,
  session: { id: string; amount: number; orderId?: number | null; purchaseId?: number | null },
  reason: string,
): Promise<void> {
  if (await requestSessionRefund(tx, session, reason))
    await postPaymentReturned(tx, { sessionId: session.id, amount: session.amount, reason })
}

/** Statuses a verified payment may still land on (a replay of a completed one changes nothing). */
export const reopenableSession = inArray(paymentSessions.status, ['open', 'expired', 'failed'])

/**
 * Money that arrived on a second session of something already paid (an order or a purchase): the
 * session is marked `duplicate_payment` and its refund requested, once; true if this call did it.
 */
export async function refundDuplicatePayment(
  tx: DbOrTx,
  session: { id: string; amount: number; orderId?: number | null; purchaseId?: number | null },
  providerReference: string | null,
  at: Date,
): Promise<boolean> {
  const [dup] = await tx
    .update(paymentSessions)
    .set({ status: 'failed', failureReason: 'duplicate_payment', providerReference, completedAt: at })
    .where(
      and(
        eq(paymentSessions.id, session.id),
        reopenableSession,
        sql`coalesce(${paymentSessions.failureReason}, '') <> 'duplicate_payment'`,
      ),
    )
    .returning({ id: paymentSessions.id })
  if (!dup) return false
  await requestSessionRefund(tx, session, 'duplicate_payment')
  await postPaymentReturned(tx, {
    sessionId: session.id,
    amount: session.amount,
    reason: 'duplicate_payment',
  })
  return true
}
