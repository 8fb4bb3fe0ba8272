import '@tanstack/react-start/server-only'
import { and, eq, ne } from 'drizzle-orm'
import { constants } from '#app-config'
import type { PurchaseKind } from '~/lib/domain-enums'
import { postPlatformPurchasePaid } from '~/features/ledger/index.server'
import { now } from '~/server/clock.server'
import type { Tx } from '~/server/db/client.server'
import { paymentSessions, platformPurchases } from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import type { VerifiedCallback } from '~/server/providers/payment/payment.server'
import {
  paymentEvent,
  refundDuplicatePayment,
  reopenableSession,
  returnUnappliedPayment,
} from './payment-refunds.server'
import type { PaymentReasonCode } from './payments.schemas'
import { purchaseLifecycle } from './purchase-lifecycle.server'
import { m } from '~/lib/messages'

/**
 * The provider's verified word on a session that pays for a platform purchase (a plan period or a Plus year),
 * inside the callback's transaction. The same rules as for an order: only a session still open (or
 * expired/failed: the provider confirmed the money) moves, with a conditional update, so a replayed
 * callback changes nothing; money for a purchase already paid, cancelled or no longer possible is
 * recorded and refunded.
 */

/** A plan period lands on /subscription, a Plus year on the Plus page. */
export const purchaseResultUrl = (purchaseNumber: string, kind: PurchaseKind = 'plan') =>
  `${kind === 'membership' ? constants.brand.plusPath : '/subscription'}?${new URLSearchParams({ purchase: purchaseNumber }).toString()}`

interface PurchaseCallbackResult {
  status: 'success' | 'failure'
  orderNumber: string
  purchase: true
  purchaseKind: PurchaseKind
  reason: PaymentReasonCode | null
  changed: boolean
}

export async function settlePurchaseCallback(
  tx: Tx,
  verified: VerifiedCallback,
  providerName: string,
): Promise<PurchaseCallbackResult> {
  const at = now()
  // Purchase first, then its session: the same lock order as opening a session.
  const [owner] = await tx
    .select({ purchaseId: paymentSessions.purchaseId })
    .from(paymentSessions)
    .where(eq(paymentSessions.id, verified.sessionId))
  if (!owner?.purchaseId) throw notFound(m.server_error_payment_not_found())
  const [purchase] = await tx
    .select()
    .from(platformPurchases)
    .where(eq(platformPurchases.id, owner.purchaseId))
    .for('update')
  const [session] = await tx
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.id, verified.sessionId))
    .for('update')
  if (!purchase || !session) throw notFound(m.server_error_payment_not_found())
  const result = (
    status: 'success' | 'failure',
    reason: PaymentReasonCode | null,
    changed: boolean,
  ): PurchaseCallbackResult => ({
    status,
    orderNumber: purchase.number,
    purchase: true,
    purchaseKind: purchase.kind,
    reason,
    changed,
  })

  if (verified.outcome === 'failed' && verified.reason === 'not_confirmed')
    return session.status === 'succeeded'
      ? result('success', null, false)
      : result('failure', 'not_confirmed', false)

  if (verified.outcome === 'failed') {
    const [failed] = await tx
      .update(paymentSessions)
      .set({ status: 'failed', failureReason: verified.reason ?? 'declined', completedAt: at })
      .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.status, 'open')))
      .returning({ id: paymentSessions.id })
    if (failed)
      await paymentEvent(tx, 'payment_failed', {
        session_id: session.id,
        purchase_number: purchase.number,
        provider: providerName,
        reason: verified.reason ?? 'declined',
      })
    if (!failed && session.status === 'succeeded') return result('success', null, false)
    return result(
      'failure',
      (session.failureReason as PaymentReasonCode | null) ?? verified.reason ?? 'declined',
      Boolean(failed),
    )
  }

  const [alreadyPaid] = await tx
    .select({ id: paymentSessions.id })
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.purchaseId, purchase.id),
        eq(paymentSessions.status, 'succeeded'),
        ne(paymentSessions.id, session.id),
      ),
    )
  if (alreadyPaid) {
    const dup = await refundDuplicatePayment(
      tx,
      { id: session.id, amount: session.amount, purchaseId: purchase.id },
      verified.providerReference,
      at,
    )
    return result('failure', 'duplicate_payment', dup)
  }

  const [succeeded] = await tx
    .update(paymentSessions)
    .set({
      status: 'succeeded',
      failureReason: null,
      providerReference: verified.providerReference,
      completedAt: at,
    })
    .where(and(eq(paymentSessions.id, session.id), reopenableSession))
    .returning({ id: paymentSessions.id })
  if (!succeeded)
    return session.status === 'succeeded' ? result('success', null, false) : result('failure', null, false)
  await paymentEvent(tx, 'payment_succeeded', {
    session_id: session.id,
    purchase_number: purchase.number,
    provider: providerName,
    amount: session.amount,
  })
  const fulfilled = await purchaseLifecycle(purchase.kind).paid(tx, purchase.id)
  if (fulfilled.ok) {
    await postPlatformPurchasePaid(tx, {
      purchaseId: purchase.id,
      amount: session.amount,
      memo: purchase.kind,
    })
    return result('success', null, true)
  }
  // The purchase can no longer be honoured (cancelled, or the plan changed meanwhile): give it back.
  await returnUnappliedPayment(
    tx,
    { id: session.id, amount: session.amount, purchaseId: purchase.id },
    fulfilled.reason,
  )
  return result('failure', 'order_closed', true)
}
