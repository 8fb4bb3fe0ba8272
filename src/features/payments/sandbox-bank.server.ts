import '@tanstack/react-start/server-only'
import { and, eq } from 'drizzle-orm'
import { constants } from '#app-config'
import { now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { orders, paymentSessions, platformPurchases, sellers } from '~/server/db/schema'
import { notFound, parseInput } from '~/server/http/api-errors.server'
import { paymentProvider } from '~/server/providers/payment/payment-provider.server'
import { SANDBOX_CALLBACK_PATH, signSandboxOutcome } from '~/server/providers/payment/sandbox-bank.server'
import {
  paymentSessionIdSchema,
  sandboxDecisionInput,
  type SandboxDecision,
  type SandboxSessionView,
} from './payments.schemas'
import { PAYMENT_SESSION_NOT_FOUND, paymentResultUrl } from './payments.server'

/**
 * The sandbox bank's own side (its page at /payment/{session} and the endpoint behind its buttons).
 * It plays an outside bank: it knows the session by its unguessable id, not by who is signed in,
 * and it reports outcomes only through a signed callback, never by touching orders itself.
 */

function assertSandbox(): void {
  if (paymentProvider().name !== 'sandbox') throw notFound(PAYMENT_SESSION_NOT_FOUND())
}

async function findSession(db: DbOrTx, sessionId: string) {
  const id = parseInput(paymentSessionIdSchema, sessionId)
  const [row] = await db
    .select({
      session: paymentSessions,
      orderNumber: orders.number,
      orderStatus: orders.status,
      payee: sellers.displayName,
      purchaseNumber: platformPurchases.number,
      purchaseStatus: platformPurchases.status,
      purchaseKind: platformPurchases.kind,
    })
    .from(paymentSessions)
    .leftJoin(orders, eq(orders.id, paymentSessions.orderId))
    .leftJoin(sellers, eq(sellers.id, orders.sellerId))
    .leftJoin(platformPurchases, eq(platformPurchases.id, paymentSessions.purchaseId))
    .where(and(eq(paymentSessions.id, id), eq(paymentSessions.provider, 'sandbox')))
  if (!row) throw notFound(PAYMENT_SESSION_NOT_FOUND())
  // An order's payment, or a platform purchase's (a plan period: the platform is the payee).
  const purchase = row.purchaseNumber !== null
  return {
    session: row.session,
    purchase,
    purchaseKind: row.purchaseKind ?? undefined,
    orderNumber: (purchase ? row.purchaseNumber : row.orderNumber) ?? '',
    payable: purchase ? row.purchaseStatus === 'pending' : row.orderStatus === 'pending_payment',
    payee: (purchase ? constants.brand.name : row.payee) ?? '',
  }
}

export async function loadSandboxSession(db: DbOrTx, sessionId: string): Promise<SandboxSessionView> {
  assertSandbox()
  const { session, orderNumber, payable, payee } = await findSession(db, sessionId)
  const at = now()
  // A session past its time, or whose order no longer awaits payment, is shown as expired even
  // before the sweep marks it.
  const lapsed = session.expiresAt <= at || !payable
  return {
    id: session.id,
    status: session.status === 'open' && lapsed ? 'expired' : session.status,
    amount: session.amount,
    currency: session.currency,
    order_number: orderNumber,
    payee,
    split_amount: session.splitAmount,
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
  const { session, orderNumber, payable, purchase, purchaseKind } = await findSession(db, sessionId)
  if (session.status !== 'open' || session.expiresAt <= now() || !payable || !session.providerReference) {
    const succeeded = session.status === 'succeeded'
    return {
      url: paymentResultUrl({
        status: succeeded ? 'success' : 'failure',
        orderNumber,
        purchase,
        purchaseKind,
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
