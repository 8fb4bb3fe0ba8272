import '@tanstack/react-start/server-only'
import { and, eq, isNull } from 'drizzle-orm'
import { now } from '../../clock.server'
import type { DbOrTx } from '../../db/client.server'
import { paymentSessions } from '../../db/schema'
import { log } from '../../log.server'
import { paymentProvider } from './payment-provider.server'

/**
 * The `payment.refund` job: asks the provider to return a refund that was recorded on the session
 * (refunded_amount > 0, refunded_at still null; only the payments code records one, and only for
 * money the provider confirmed) and stores the provider's refund reference. The
 * session id goes to the provider as the refund's idempotency key, so a retry after a lost reply
 * does not refund twice at a provider that honours it.
 *
 * A provider that cannot refund through its API (Zarinpal and Zibal here) answers `manual`: the
 * session keeps refunded_at empty and gets MANUAL_REFUND_REFERENCE as its refund reference, which
 * reads "refund recorded, to be made by hand at the bank or the provider's panel"; the job ends
 * (a retry would not change the answer) and a warning is logged for the operator.
 */
export const MANUAL_REFUND_REFERENCE = 'manual'

export async function executePaymentRefund(db: DbOrTx, sessionId: string): Promise<void> {
  const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId))
  // Money was received on this session (succeeded, or a duplicate payment kept as failed) and a
  // refund was recorded for it, not yet carried out.
  if (!session || session.refundedAt || session.refundedAmount <= 0) return
  if (session.refundReference === MANUAL_REFUND_REFERENCE) return
  if (!session.providerReference)
    throw new Error(`Payment session ${sessionId} has no provider reference to refund`)
  const provider = paymentProvider()
  if (provider.name !== session.provider) {
    throw new Error(
      `Payment session ${sessionId} was paid through ${session.provider}, but ${provider.name} is configured`,
    )
  }
  const outcome = await provider.refund({
    providerReference: session.providerReference,
    amount: session.refundedAmount,
    paidAmount: session.amount,
    refundId: session.id,
  })
  if (outcome.kind === 'manual') {
    await db
      .update(paymentSessions)
      .set({ refundReference: MANUAL_REFUND_REFERENCE })
      .where(and(eq(paymentSessions.id, sessionId), isNull(paymentSessions.refundedAt)))
    log().warn(
      {
        sessionId,
        provider: provider.name,
        providerReference: session.providerReference,
        amount: session.refundedAmount,
        reason: outcome.reason,
      },
      'payment refund must be made by hand at the bank',
    )
    return
  }
  const { refundReference } = outcome
  await db
    .update(paymentSessions)
    .set({ refundedAt: now(), refundReference })
    .where(and(eq(paymentSessions.id, sessionId), isNull(paymentSessions.refundedAt)))
  log().info({ sessionId, refundReference, amount: session.refundedAmount }, 'payment refunded')
}
