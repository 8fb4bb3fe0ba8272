import '@tanstack/react-start/server-only'
import { and, desc, eq, lte, ne, or, sql } from 'drizzle-orm'
import { textInLocale } from '~/lib/i18n'
import { constants } from '#app-config'
import type { PurchaseKind } from '~/lib/domain-enums'
import type { AuthContext } from '~/server/auth/session.server'
import { requireUser } from '~/server/auth/guards.server'
import { minutes, now } from '~/server/clock.server'
import type { Db, DbOrTx, Tx } from '~/server/db/client.server'
import { orders, paymentSessions, platformPurchases, sellers } from '~/server/db/schema'
import { HttpError, conflict, notFound, parseInput } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import {
  PaymentCallbackRejected,
  type SessionForVerification,
} from '~/server/providers/payment/payment.server'
import { paymentProvider } from '~/server/providers/payment/payment-provider.server'
import { enforceRateLimits } from '~/server/rate-limit/rate-limit.server'
import {
  checkoutResultInput,
  paymentReasonCodes,
  startPaymentInput,
  type CheckoutResultView,
  type PaymentReasonCode,
  type StartPaymentInput,
} from './payments.schemas'
import {
  paymentEvent,
  refundDuplicatePayment,
  returnUnappliedPayment,
  reopenableSession,
} from './payment-refunds.server'
import { newSessionId, redirectToProvider } from './payment-sessions.server'
import { orderSplit, recordSessionSplit } from './settlement.server'
import { purchaseLifecycle } from './purchase-lifecycle.server'
import { purchaseResultUrl, settlePurchaseCallback } from './purchase-payments.server'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

export const ORDER_NOT_FOUND = () => m.server_error_order_not_found()
export const PAYMENT_SESSION_NOT_FOUND = () => m.server_error_payment_not_found()
export const CHECKOUT_RESULT_PATH = '/cart/checkout-result'

/** Session lifetime: 15 minutes, never past the order's payment deadline. */
/** An order's state in words, as the orders feature registered them. */
const orderStatusLabel = (status: string) => purchaseLifecycle('order').statusLabel?.(status) ?? status

export function sessionExpiry(at: Date, paymentDueAt: Date): Date {
  return new Date(Math.min(at.getTime() + minutes(constants.payments.sessionMinutes), paymentDueAt.getTime()))
}

// ---------------------------------------------------------------------------------------------
// Starting a payment (contract P)
// ---------------------------------------------------------------------------------------------

const startLimit = {
  name: 'payment-start:user',
  limit: constants.payments.startLimitPerHour,
  windowMs: minutes(60),
}

/**
 * Opens a payment session for the caller's order awaiting payment (expiring any earlier open one)
 * and returns where to send the payer. The provider is called after the session row is committed
 * (no network inside a transaction); if it fails the session is closed as failed and the buyer may
 * try again.
 */
export async function startPayment(
  db: Db,
  auth: AuthContext | null,
  input: StartPaymentInput,
): Promise<{ url: string }> {
  const { user } = requireUser(auth)
  const { orderNumber } = parseInput(startPaymentInput, input)
  await enforceRateLimits(db, [{ rule: startLimit, subject: String(user.id) }], (s) => {
    const wait = Math.ceil(s / 60)
    return wait === 1
      ? m.server_payment_too_many_attempts_minute()
      : m.server_payment_too_many_attempts({ minutes: formatNumber(wait) })
  })
  const provider = paymentProvider()

  const opened = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        number: orders.number,
        buyerUserId: orders.buyerUserId,
        sellerId: orders.sellerId,
        status: orders.status,
        total: orders.total,
        currency: orders.currency,
        paymentDueAt: orders.paymentDueAt,
        payee: sellers.displayName,
      })
      .from(orders)
      .innerJoin(sellers, eq(sellers.id, orders.sellerId))
      .where(eq(orders.number, orderNumber))
      .for('update', { of: orders })
    if (!order || order.buyerUserId !== user.id) throw notFound(ORDER_NOT_FOUND())
    if (order.status !== 'pending_payment') {
      throw conflict(
        m.server_payment_no_longer_awaits({ state: orderStatusLabel(order.status).toLowerCase() }),
      )
    }
    const at = now()
    if (order.paymentDueAt <= at) {
      throw conflict(m.server_payment_time_ran_out())
    }
    const expired = await tx
      .update(paymentSessions)
      .set({ status: 'expired', failureReason: 'expired', completedAt: at })
      .where(and(eq(paymentSessions.orderId, order.id), eq(paymentSessions.status, 'open')))
      .returning({ id: paymentSessions.id })
    for (const s of expired)
      await paymentEvent(tx, 'payment_expired', {
        session_id: s.id,
        order_number: order.number,
        replaced: true,
      })
    const id = newSessionId()
    const split = await orderSplit(tx, order)
    await tx.insert(paymentSessions).values({
      id,
      orderId: order.id,
      provider: provider.name,
      amount: order.total,
      currency: order.currency,
      status: 'open',
      expiresAt: sessionExpiry(at, order.paymentDueAt),
      splitAmount: split?.amount ?? 0,
      splitIban: split?.iban ?? null,
      createdAt: at,
    })
    await paymentEvent(tx, 'payment_started', {
      session_id: id,
      order_number: order.number,
      provider: provider.name,
      amount: order.total,
      ...(split ? { split_amount: split.amount } : {}),
    })
    return { id, order, split }
  })

  return redirectToProvider(
    db,
    {
      id: opened.id,
      amount: opened.order.total,
      currency: opened.order.currency,
      reference: opened.order.number,
      payee: opened.order.payee,
      ...(opened.split
        ? {
            split: [
              {
                iban: opened.split.iban,
                amount: opened.split.amount,
                description: `Seller share of order ${opened.order.number}`,
              },
            ],
          }
        : {}),
    },
    m.server_payment_kept_order(),
  )
}

// ---------------------------------------------------------------------------------------------
// The provider's callback
// ---------------------------------------------------------------------------------------------

export interface CallbackResult {
  status: 'success' | 'failure'
  /** The order's number, or a platform purchase's (PL-…) when `purchase` is true. */
  orderNumber: string
  purchase?: boolean
  purchaseKind?: PurchaseKind
  reason: PaymentReasonCode | null
  /** False when the callback was a replay: nothing was changed. */
  changed: boolean
}

/** Where the payer lands after the bank: the checkout result for an order, /subscription for a plan. */
export function paymentResultUrl(
  result: Pick<CallbackResult, 'status' | 'orderNumber' | 'reason' | 'purchase' | 'purchaseKind'>,
): string {
  if (result.purchase) return purchaseResultUrl(result.orderNumber, result.purchaseKind)
  return checkoutResultUrl(result)
}

export function checkoutResultUrl(result: Pick<CallbackResult, 'status' | 'orderNumber' | 'reason'>): string {
  const query = new URLSearchParams({ status: result.status, order: result.orderNumber })
  if (result.reason) query.set('reason', result.reason)
  return `${CHECKOUT_RESULT_PATH}?${query.toString()}`
}

const asReason = (value: string | null | undefined): PaymentReasonCode | null =>
  (paymentReasonCodes as readonly string[]).includes(value ?? '') ? (value as PaymentReasonCode) : null

/**
 * Handles a provider callback: the provider proves it (signature, or a server-to-server check),
 * then ONE transaction moves the session out of `open` with a conditional update (a replay finds it
 * closed and changes nothing) and, for a payment, marks the order paid through the state machine.
 * Money that arrives for an order that has already ended (or was paid by another session) is
 * recorded and refunded. Throws HttpError 400/404 for a callback that cannot be trusted.
 */
export async function handlePaymentCallback(
  db: Db,
  providerName: string,
  params: Record<string, string>,
): Promise<CallbackResult> {
  const provider = paymentProvider()
  if (provider.name !== providerName) throw notFound(m.server_payment_unknown_provider())

  const loadSession = async (sessionId: string): Promise<SessionForVerification | null> => {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(sessionId)) return null
    const [row] = await db
      .select({
        id: paymentSessions.id,
        amount: paymentSessions.amount,
        currency: paymentSessions.currency,
        providerReference: paymentSessions.providerReference,
        provider: paymentSessions.provider,
      })
      .from(paymentSessions)
      .where(eq(paymentSessions.id, sessionId))
    return row && row.provider === provider.name ? row : null
  }

  let verified
  try {
    verified = await provider.verifyCallback(params, loadSession)
  } catch (error) {
    if (error instanceof PaymentCallbackRejected) {
      log().warn({ provider: provider.name, reason: error.message }, 'payment callback rejected')
      throw new HttpError(error.status, error.message)
    }
    log().error({ err: error, provider: provider.name }, 'payment callback could not be verified')
    throw new HttpError(502, m.server_payment_not_confirmed())
  }

  return db.transaction(async (tx) => {
    const at = now()
    // Order first, then its session: the same lock order as startPayment and the expiry task.
    const [owner] = await tx
      .select({ orderId: paymentSessions.orderId, purchaseId: paymentSessions.purchaseId })
      .from(paymentSessions)
      .where(eq(paymentSessions.id, verified.sessionId))
    if (!owner) throw notFound(PAYMENT_SESSION_NOT_FOUND())
    // A platform purchase (a plan period): the same rules, its own fulfilment.
    if (owner.orderId === null) return settlePurchaseCallback(tx, verified, provider.name)
    const [order] = await tx.select().from(orders).where(eq(orders.id, owner.orderId)).for('update')
    if (!order) throw notFound(ORDER_NOT_FOUND())
    const [session] = await tx
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, verified.sessionId))
      .for('update')
    if (!session) throw notFound(PAYMENT_SESSION_NOT_FOUND())

    if (verified.outcome === 'failed' && verified.reason === 'not_confirmed') {
      // "Paid", said the callback; "not paid", says the provider. Believe the provider and change
      // nothing: the session stays as it was (a genuine payment may still be confirmed later).
      return {
        status: session.status === 'succeeded' ? 'success' : 'failure',
        orderNumber: order.number,
        reason: session.status === 'succeeded' ? null : 'not_confirmed',
        changed: false,
      }
    }

    if (verified.outcome === 'failed') {
      const [failed] = await tx
        .update(paymentSessions)
        .set({ status: 'failed', failureReason: verified.reason ?? 'declined', completedAt: at })
        .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.status, 'open')))
        .returning({ id: paymentSessions.id })
      if (failed) {
        await paymentEvent(tx, 'payment_failed', {
          session_id: session.id,
          order_number: order.number,
          provider: provider.name,
          reason: verified.reason ?? 'declined',
        })
      }
      return replayAware(session, order.number, Boolean(failed), {
        status: 'failure',
        orderNumber: order.number,
        reason: verified.reason ?? 'declined',
        changed: Boolean(failed),
      })
    }

    // Money was taken. An expired (or earlier failed) session still counts: the provider has
    // confirmed the payment, so it is either applied to the order or given back.
    const [alreadyPaid] = await tx
      .select({ id: paymentSessions.id })
      .from(paymentSessions)
      .where(
        and(
          eq(paymentSessions.orderId, order.id),
          eq(paymentSessions.status, 'succeeded'),
          ne(paymentSessions.id, session.id),
        ),
      )
    if (alreadyPaid) {
      // Paid twice through two sessions: keep the first, give this one back.
      const dup = await refundDuplicatePayment(
        tx,
        { id: session.id, amount: session.amount, orderId: order.id },
        verified.providerReference,
        at,
      )
      // A split share of it already reached the seller, who owes it back.
      if (dup) await recordSessionSplit(tx, session, order, false)
      return replayAware(session, order.number, dup, {
        status: 'failure',
        orderNumber: order.number,
        reason: 'duplicate_payment',
        changed: Boolean(dup),
      })
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
    if (!succeeded) {
      return replayAware(session, order.number, false, {
        status: 'failure',
        orderNumber: order.number,
        reason: null,
        changed: false,
      })
    }
    await paymentEvent(tx, 'payment_succeeded', {
      session_id: session.id,
      order_number: order.number,
      provider: provider.name,
      amount: session.amount,
    })
    // The order moves to paid, unless it expired or was cancelled before the money came: give it back.
    const fulfilled = await purchaseLifecycle('order').paid(tx, order.id)
    // The share the gateway paid straight to the seller (split settlement) is already paid out.
    await recordSessionSplit(tx, session, order, fulfilled.ok)
    if (fulfilled.ok) return { status: 'success', orderNumber: order.number, reason: null, changed: true }
    await returnUnappliedPayment(
      tx,
      { id: session.id, amount: session.amount, orderId: order.id },
      fulfilled.reason,
    )
    return { status: 'failure', orderNumber: order.number, reason: 'order_closed', changed: true }
  })
}

/** For a replay (nothing changed), the result reflects what the session already says. */
function replayAware(
  session: typeof paymentSessions.$inferSelect,
  orderNumber: string,
  changed: boolean,
  fresh: CallbackResult,
): CallbackResult {
  if (changed) return fresh
  if (session.status === 'succeeded') {
    return { status: 'success', orderNumber, reason: null, changed: false }
  }
  return {
    status: 'failure',
    orderNumber,
    reason: asReason(session.failureReason) ?? fresh.reason,
    changed: false,
  }
}

// ---------------------------------------------------------------------------------------------
// Expiry (a periodic task)
// ---------------------------------------------------------------------------------------------

const EXPIRY_BATCH = 200

/** The order moves to `expired` (its stock goes back on sale), as the orders feature registered. */
async function expireOrder(tx: Tx, orderId: number): Promise<void> {
  const { expired } = purchaseLifecycle('order')
  if (!expired) throw new Error('The order lifecycle registered no expiry')
  await expired(tx, orderId)
}

/**
 * Every minute: open payment sessions past their time become `expired`; orders still awaiting
 * payment past payment_due_at move to `expired` through the state machine (which gives their
 * reserved stock back), one transaction per order, rows claimed with `for update skip locked` so
 * two app instances never expire the same order.
 */
export async function expireUnpaid(db: Db): Promise<{ sessions: number; orders: number }> {
  const at = now()
  const sessions = await db.transaction(async (tx) => {
    const rows = await tx
      .update(paymentSessions)
      .set({ status: 'expired', failureReason: 'expired', completedAt: at })
      .where(
        // Past its time, or its order no longer awaits payment (cancelled by the buyer, say).
        // Re-checked after any row lock wait, so a session closed meanwhile is left alone.
        and(
          eq(paymentSessions.status, 'open'),
          or(
            lte(paymentSessions.expiresAt, at),
            sql`exists (select 1 from ${orders} where ${orders.id} = ${paymentSessions.orderId} and ${orders.status} <> 'pending_payment')`,
            sql`exists (select 1 from ${platformPurchases} where ${platformPurchases.id} = ${paymentSessions.purchaseId} and ${platformPurchases.status} <> 'pending')`,
          ),
        ),
      )
      .returning({ id: paymentSessions.id, orderId: paymentSessions.orderId })
    for (const row of rows)
      await paymentEvent(tx, 'payment_expired', { session_id: row.id, order_id: row.orderId })
    return rows.length
  })

  let expiredOrders = 0
  for (let i = 0; i < EXPIRY_BATCH; i++) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: orders.id, number: orders.number })
        .from(orders)
        .where(and(eq(orders.status, 'pending_payment'), lte(orders.paymentDueAt, at)))
        .orderBy(orders.paymentDueAt, orders.id)
        .limit(1)
        .for('update', { skipLocked: true })
      if (!due) return false
      await tx
        .update(paymentSessions)
        .set({ status: 'expired', failureReason: 'expired', completedAt: at })
        .where(and(eq(paymentSessions.orderId, due.id), eq(paymentSessions.status, 'open')))
      await expireOrder(tx, due.id)
      await paymentEvent(tx, 'payment_expired', {
        order_id: due.id,
        order_number: due.number,
        order_expired: true,
      })
      return true
    })
    if (!done) break
    expiredOrders++
  }
  if (sessions || expiredOrders) log().info({ sessions, orders: expiredOrders }, 'unpaid payments expired')
  return { sessions, orders: expiredOrders }
}

// ---------------------------------------------------------------------------------------------
// Reads: the checkout result and the sandbox bank page
// ---------------------------------------------------------------------------------------------

/** /cart/checkout-result: the caller's order and its latest payment, as the server knows them. */
export async function loadCheckoutResult(
  db: DbOrTx,
  auth: AuthContext | null,
  input: { orderNumber: string },
): Promise<CheckoutResultView> {
  const { user } = requireUser(auth)
  const { orderNumber } = parseInput(checkoutResultInput, input)
  const [row] = await db
    .select({ order: orders, sellerName: sellers.displayName, sellerNameFa: sellers.displayNameFa })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(orders.number, orderNumber))
  if (!row || row.order.buyerUserId !== user.id) throw notFound(ORDER_NOT_FOUND())
  const { order } = row
  const sessions = await db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, order.id))
    .orderBy(desc(paymentSessions.createdAt), desc(paymentSessions.completedAt))
  // The succeeded session, when there is one, tells the story; otherwise the latest attempt.
  const latest = sessions.find((s) => s.status === 'succeeded') ?? sessions[0] ?? null
  const refunding = sessions.find((s) => s.refundedAmount > 0) ?? null
  const at = now()
  const canRetry = order.status === 'pending_payment' && order.paymentDueAt > at
  let outcome: CheckoutResultView['outcome']
  if (order.status === 'pending_payment') outcome = latest && latest.status !== 'open' ? 'failed' : 'pending'
  else if (
    refunding &&
    (order.status === 'expired' || order.status === 'cancelled' || order.status === 'rejected')
  )
    outcome = 'refunding'
  else if (order.status === 'expired' || order.status === 'cancelled' || order.status === 'rejected')
    outcome = 'closed'
  else outcome = 'paid'
  const shown = outcome === 'refunding' ? refunding : latest
  return {
    order_id: order.id,
    order_number: order.number,
    order_status: order.status,
    seller_name: textInLocale(row.sellerName, row.sellerNameFa),
    total: order.total,
    currency: order.currency,
    paid_at: order.paidAt?.toISOString() ?? null,
    payment_due_at: order.paymentDueAt.toISOString(),
    can_retry: canRetry,
    payment: shown
      ? {
          status: shown.status,
          reason: asReason(shown.failureReason) ?? (outcome === 'refunding' ? 'order_closed' : null),
          amount: shown.amount,
          refunded_amount: shown.refundedAmount,
          refunded: shown.refundedAt !== null,
        }
      : null,
    outcome,
  }
}
