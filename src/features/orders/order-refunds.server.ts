import '@tanstack/react-start/server-only'
import { and, eq } from 'drizzle-orm'
import { postOrderRefund } from '~/features/ledger/index.server'
import { refundOrderPayment } from '~/features/payments/index.server'
import { formatMoney } from '~/lib/money'
import { m } from '~/lib/messages'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { orders, paymentSessions } from '~/server/db/schema'
import { conflict, fieldError, notFound, parseInput } from '~/server/http/api-errors.server'
import { adminOrderRefundInput, type AdminOrderRefundInput } from './orders-admin.schemas'
import { ORDER_NOT_FOUND } from './order-transitions.server'

/**
 * An operator refunds the buyer of a delivered or completed order (a complaint upheld), in full or
 * in part, once per order: in one transaction the payment's refund is recorded and queued for the
 * bank (as a cancellation's is), the ledger reverses the order's money in proportion (from the
 * seller's available balance once released, which may go below zero after a payout and is then
 * recovered from later payouts), and the audit trail records who, how much and why. The order keeps
 * its state: the goods were delivered. An order not yet delivered is cancelled or rejected instead.
 */
export async function refundDeliveredOrder(
  db: Db,
  auth: AuthContext | null,
  rawInput: AdminOrderRefundInput,
): Promise<{ refunded: number }> {
  const admin = requireAdmin(auth)
  const input = parseInput(adminOrderRefundInput, rawInput)
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, sellerId: orders.sellerId, currency: orders.currency })
      .from(orders)
      .where(eq(orders.id, input.order_id))
      .for('update')
    if (!order) throw notFound(ORDER_NOT_FOUND())
    if (order.status !== 'delivered' && order.status !== 'completed')
      throw conflict(m.server_order_refund_not_delivered())
    const [session] = await tx
      .select({ amount: paymentSessions.amount, refundedAmount: paymentSessions.refundedAmount })
      .from(paymentSessions)
      .where(and(eq(paymentSessions.orderId, order.id), eq(paymentSessions.status, 'succeeded')))
    if (!session) throw conflict(m.server_order_refund_no_payment())
    if (session.refundedAmount > 0) throw conflict(m.server_order_refund_already())
    if (input.amount > session.amount)
      throw fieldError(
        'amount',
        m.server_order_refund_too_much({ paid: formatMoney(session.amount, order.currency) }),
      )
    if (!(await refundOrderPayment(tx, order.id, input.reason, input.amount)))
      throw conflict(m.server_order_refund_already())
    await postOrderRefund(tx, {
      orderId: order.id,
      amount: input.amount,
      idempotencyKey: `order:${order.id}:refund:after_delivery`,
      actorUserId: admin.user.id,
      memo: input.reason,
    })
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      sellerId: order.sellerId,
      action: 'order.refund',
      recordType: 'order',
      recordId: order.id,
      before: { refunded_amount: 0 },
      after: { refunded_amount: input.amount },
      reason: input.reason,
    })
    return { refunded: input.amount }
  })
}
