import '@tanstack/react-start/server-only'
import { and, eq } from 'drizzle-orm'
import { now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { orders, paymentSessions, sellers } from '~/server/db/schema'
import { notFound, parseInput } from '~/server/http/api-errors.server'
import { paymentProvider } from '~/server/providers/payment/payment-provider.server'
import { SANDBOX_CALLBACK_PATH, signSandboxOutcome } from '~/server/providers/payment/sandbox-bank.server'
import {
  paymentSessionIdSchema,
  sandboxDecisionInput,
  type SandboxDecision,
  type SandboxSessionView,
} from './payments.schemas'
import { PAYMENT_SESSION_NOT_FOUND, checkoutResultUrl } from './payments.server'

/**
 * The sandbox bank's own side (its page at /payment/{session} and the endpoint behind its buttons).
 * It plays an outside bank: it knows the session by its unguessable id, not by who is signed in,
 * and it reports outcomes only through a signed callback, never by touching orders itself.
 */

function assertSandbox(): void {
  if (paymentProvider().name !== 'sandbox') throw notFound(PAYMENT_SESSION_NOT_FOUND)
}

async function findSession(db: DbOrTx, sessionId: string) {
  const id = parseInput(paymentSessionIdSchema, sessionId)
  const [row] = await db
    .select({
      session: paymentSessions,
      orderNumber: orders.number,
      orderStatus: orders.status,
      payee: sellers.displayName,
    })
    .from(paymentSessions)
    .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(and(eq(paymentSessions.id, id), eq(paymentSessions.provider, 'sandbox')))
  if (!row) throw notFound(PAYMENT_SESSION_NOT_FOUND)
  return row
}

export async function loadSandboxSession(db: DbOrTx, sessionId: string): Promise<SandboxSessionView> {
  assertSandbox()
  const { session, orderNumber, orderStatus, payee } = await findSession(db, sessionId)
  const at = now()
  // A session past its time, or whose order no longer awaits payment, is shown as expired even
  // before the sweep marks it.
  const lapsed = session.expiresAt <= at || orderStatus !== 'pending_payment'
  return {
    id: session.id,
    status: session.status === 'open' && lapsed ? 'expired' : session.status,
    amount: session.amount,
    currency: session.currency,
    order_number: orderNumber,
    payee,
    expires_at: session.expiresAt.toISOString(),
    server_time: at.toISOString(),
  }
}

/**
 * The payer pressed Approve, Decline or "Simulate timeout": the bank signs that outcome and sends
 * the browser to our callback. A session that is no longer open (or past its time) goes straight to
 * the result page, where the order's real state is shown.
 */
export async function decideSandboxPayment(
  db: Db,
  sessionId: string,
  input: { decision: SandboxDecision },
): Promise<{ url: string }> {
  assertSandbox()
  const { decision } = parseInput(sandboxDecisionInput, input)
  const { session, orderNumber, orderStatus } = await findSession(db, sessionId)
  if (
    session.status !== 'open' ||
    session.expiresAt <= now() ||
    orderStatus !== 'pending_payment' ||
    !session.providerReference
  ) {
    const succeeded = session.status === 'succeeded'
    return {
      url: checkoutResultUrl({
        status: succeeded ? 'success' : 'failure',
        orderNumber,
        reason: succeeded ? null : 'expired',
      }),
    }
  }
  const params = signSandboxOutcome(serverConfig().sessionSecret, {
    sessionId: session.id,
    outcome: decision === 'approve' ? 'succeeded' : 'failed',
    reason: decision === 'approve' ? undefined : decision === 'decline' ? 'declined' : 'timeout',
    providerReference: session.providerReference,
    amount: session.amount,
  })
  return { url: `${SANDBOX_CALLBACK_PATH}?${new URLSearchParams(params).toString()}` }
}
