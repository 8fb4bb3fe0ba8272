import '@tanstack/react-start/server-only'
import { eq } from 'drizzle-orm'
import type { PurchaseLifecycle } from '~/features/payments/index.server'
import type { OrderStatus } from '~/lib/domain-enums'
import { orders } from '~/server/db/schema'
import { SYSTEM_ORDER_NOTES } from './order-event-notes'
import { orderStatusLabels } from './order-machine'
import { transitionOrder } from './order-transitions.server'

/**
 * What payments does to an order, registered with the purchase lifecycle at start: paid moves an
 * order awaiting payment to `paid` through the state machine (an order that ended first is not
 * honoured, so its money goes back); an unpaid order past its deadline expires.
 */
export const orderLifecycle: PurchaseLifecycle = {
  async paid(tx, orderId) {
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId))
    if (!order) return { ok: false, reason: 'unknown_order' }
    if (order.status !== 'pending_payment') return { ok: false, reason: `paid_after_${order.status}` }
    await transitionOrder(tx, { orderId, to: 'paid', actor: { kind: 'system', userId: null } })
    return { ok: true }
  },
  async expired(tx, orderId) {
    await transitionOrder(tx, {
      orderId,
      to: 'expired',
      actor: { kind: 'system', userId: null },
      note: SYSTEM_ORDER_NOTES.paymentTimeout,
    })
  },
  statusLabel: (status) => orderStatusLabels[status as OrderStatus] ?? status,
}
