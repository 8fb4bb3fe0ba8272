import '@tanstack/react-start/server-only'
import { randomBytes, randomInt } from 'node:crypto'
import { and, asc, desc, eq } from 'drizzle-orm'
import { constants } from '#app-config'
import { minutes, now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { paymentSessions, platformPurchases } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import type { SplitShare } from '~/server/providers/payment/payment.server'
import { paymentProvider } from '~/server/providers/payment/payment-provider.server'
import { paymentEvent } from './payment-refunds.server'
import { m } from '~/lib/messages'

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
 * A pending platform purchase (a plan period or a Plus year) in `tx`: inserted, numbered
 * `PL-1000NN` from its id, audited as `purchase.create`, with an open payment session. The plan
 * and Plus checkouts decide what is bought and for how much; this is the part they share.
 */
export async function openPlatformPurchase(
  tx: DbOrTx,
  values: Omit<typeof platformPurchases.$inferInsert, 'number' | 'id' | 'status'>,
  audit: { actorUserId: number; sellerId?: number; after: Record<string, unknown> },
): Promise<{ sessionId: string; number: string; amount: number; currency: string }> {
  const [row] = await tx
    .insert(platformPurchases)
    .values({ ...values, number: `PL-TMP-${randomInt(1e9)}` })
    .returning({ id: platformPurchases.id })
  const number = `PL-${String(100000 + row!.id)}`
  await tx.update(platformPurchases).set({ number }).where(eq(platformPurchases.id, row!.id))
  await recordAuditEvent(tx, {
    actorUserId: audit.actorUserId,
    sellerId: audit.sellerId,
    action: 'purchase.create',
    recordType: 'purchase',
    recordId: row!.id,
    after: { number, ...audit.after },
  })
  const sessionId = await openPurchaseSession(tx, {
    id: row!.id,
    number,
    amount: values.amount,
    currency: values.currency,
  })
  return { sessionId, number, amount: values.amount, currency: values.currency }
}

/** A purchase's latest payment, as the pages the bank returns to show it (null before any). */
export async function latestPurchasePayment(
  db: DbOrTx,
  purchaseId: number,
): Promise<{ status: string; reason: string | null; refunded: boolean } | null> {
  const [session] = await db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.purchaseId, purchaseId))
    .orderBy(desc(paymentSessions.createdAt), asc(paymentSessions.id))
    .limit(1)
  return session
    ? { status: session.status, reason: session.failureReason, refunded: session.refundedAmount > 0 }
    : null
}

/**
 * Asks the provider for the payer's page of a committed open session. If the provider fails the
 * session is closed as failed and a 502 tells the payer to try again.
 */
export async function redirectToProvider(
  db: Db,
  session: {
    id: string
    amount: number
    currency: string
    reference: string
    payee: string
    split?: readonly SplitShare[]
  },
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
      ...(session.split ? { split: session.split } : {}),
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
    throw new HttpError(502, m.server_payment_service_down({ kept: whatIsKept }))
  }
}
