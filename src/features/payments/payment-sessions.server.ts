import '@tanstack/react-start/server-only'
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { constants } from '#app-config'
import { minutes, now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { paymentSessions } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import { paymentProvider } from '~/server/providers/payment/payment-provider.server'
import { paymentEvent } from './payment-refunds.server'

/**
 * Opening a payment session at the provider, whatever it pays for: an order (payments.server) or a
 * platform purchase such as a plan period (features/plans). The session row is written in the
 * caller's transaction; the provider is called after it committed (no network inside a
 * transaction).
 */

export const newSessionId = () => randomBytes(24).toString('base64url')

/** Inserts an open session for a platform purchase (closing its earlier open ones) in `tx`. */
export async function openPurchaseSession(
  tx: DbOrTx,
  purchase: { id: number; number: string; amount: number; currency: string },
): Promise<string> {
  const at = now()
  const provider = paymentProvider()
  await tx
    .update(paymentSessions)
    .set({ status: 'expired', failureReason: 'expired', completedAt: at })
    .where(and(eq(paymentSessions.purchaseId, purchase.id), eq(paymentSessions.status, 'open')))
  const id = newSessionId()
  await tx.insert(paymentSessions).values({
    id,
    purchaseId: purchase.id,
    provider: provider.name,
    amount: purchase.amount,
    currency: purchase.currency,
    status: 'open',
    expiresAt: new Date(at.getTime() + minutes(constants.payments.sessionMinutes)),
    createdAt: at,
  })
  await paymentEvent(tx, 'payment_started', {
    session_id: id,
    purchase_number: purchase.number,
    provider: provider.name,
    amount: purchase.amount,
  })
  return id
}

/**
 * Asks the provider for the payer's page of a committed open session. If the provider fails the
 * session is closed as failed and a 502 tells the payer to try again.
 */
export async function redirectToProvider(
  db: Db,
  session: { id: string; amount: number; currency: string; reference: string; payee: string },
  whatIsKept: string,
): Promise<{ url: string }> {
  const provider = paymentProvider()
  try {
    const created = await provider.createSession({
      sessionId: session.id,
      amount: session.amount,
      currency: session.currency,
      orderNumber: session.reference,
      payee: session.payee,
      returnUrl: `${serverConfig().publicSiteUrl}/api/payments/callback/${provider.name}?session=${encodeURIComponent(session.id)}`,
    })
    await db
      .update(paymentSessions)
      .set({ providerReference: created.providerReference })
      .where(eq(paymentSessions.id, session.id))
    return { url: created.redirectUrl }
  } catch (error) {
    log().error(
      { err: error, sessionId: session.id, provider: provider.name },
      'payment provider refused to open a session',
    )
    await db
      .update(paymentSessions)
      .set({ status: 'failed', failureReason: 'provider_unavailable', completedAt: now() })
      .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.status, 'open')))
    throw new HttpError(
      502,
      `The payment service is not answering right now. Try again in a minute; ${whatIsKept}.`,
    )
  }
}
