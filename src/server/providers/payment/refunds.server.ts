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
 */
export async function executePaymentRefund(db: DbOrTx, sessionId: string): Promise<void> {
  const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId))
  // Money was received on this session (succeeded, or a duplicate payment kept as failed) and a
  // refund was recorded for it, not yet carried out.
  if (!session || session.refundedAt || session.refundedAmount <= 0) return
  if (!session.providerReference)
    throw new Error(`Payment session ${sessionId} has no provider reference to refund`)
  const provider = paymentProvider()
  if (provider.name !== session.provider) {
    throw new Error(
      `Payment session ${sessionId} was paid through ${session.provider}, but ${provider.name} is configured`,
    )
  }
  const { refundReference } = await provider.refund({
    providerReference: session.providerReference,
    amount: session.refundedAmount,
    refundId: session.id,
  })
  await db
    .update(paymentSessions)
    .set({ refundedAt: now(), refundReference })
    .where(and(eq(paymentSessions.id, sessionId), isNull(paymentSessions.refundedAt)))
  log().info({ sessionId, refundReference, amount: session.refundedAmount }, 'payment refunded')
}
