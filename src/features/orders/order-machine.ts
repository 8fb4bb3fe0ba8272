import type { OrderActorKind, OrderStatus } from '~/lib/domain-enums'
import { m } from '~/lib/messages'

/**
 * The order state machine (DOMAIN.md "Basket, checkout, orders"): for each state, the states it may
 * move to and who may move it there. The server enforces it (order-transitions.server.ts); the UI
 * reads it only to decide which buttons to show.
 *
 * Beyond DOMAIN.md's list: a buyer (or admin) may cancel an unpaid order, which releases its stock
 * at once instead of after the 30-minute expiry, and a buyer confirming delivery of a shipped order
 * passes through `delivered` to `completed` (two recorded steps).
 */
export const orderTransitions: Readonly<
  Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActorKind[]>>>
> = {
  pending_payment: { paid: ['system'], expired: ['system'], cancelled: ['buyer', 'admin'] },
  paid: { accepted: ['seller', 'admin'], rejected: ['seller', 'admin'], cancelled: ['buyer', 'admin'] },
  accepted: { shipped: ['seller', 'admin'], cancelled: ['buyer', 'admin'] },
  shipped: { delivered: ['seller', 'buyer', 'admin'] },
  delivered: { completed: ['buyer', 'system', 'admin'] },
  completed: {},
  expired: {},
  rejected: {},
  cancelled: {},
}

export function canTransition(from: OrderStatus, to: OrderStatus, actor: OrderActorKind): boolean {
  return orderTransitions[from][to]?.includes(actor) ?? false
}

/** The states `actor` may move an order in state `from` to. */
export function nextStatuses(from: OrderStatus, actor: OrderActorKind): OrderStatus[] {
  return (Object.keys(orderTransitions[from]) as OrderStatus[]).filter((to) => canTransition(from, to, actor))
}

/** Stock goes back to the SKUs when an order ends in one of these. */
export const releasesStock = (to: OrderStatus) => to === 'expired' || to === 'cancelled' || to === 'rejected'

/** The payment is refunded when a paid order ends in one of these. */
export const refundsPayment = (from: OrderStatus, to: OrderStatus) =>
  (to === 'rejected' || to === 'cancelled') && from !== 'pending_payment'

/** States in which the order still waits for someone to act (the sellers' "to act on"). */
export const openOrderStatuses: readonly OrderStatus[] = ['paid', 'accepted', 'shipped']

/** Human words for a state, in the page's (or request's) language. */
export const orderStatusLabel = (status: OrderStatus): string => statusMessages[status]()

const statusMessages: Readonly<Record<OrderStatus, () => string>> = {
  pending_payment: m.seller_order_status_pending_payment,
  paid: m.seller_order_status_paid,
  accepted: m.seller_order_status_accepted,
  shipped: m.seller_order_status_shipped,
  delivered: m.seller_order_status_delivered,
  completed: m.seller_order_status_completed,
  expired: m.seller_order_status_expired,
  rejected: m.seller_order_status_rejected,
  cancelled: m.seller_order_status_cancelled,
}

/**
 * Human words for each state, read when shown (each entry is a getter, so it follows the locale at
 * the time it is read); prefer `orderStatusLabel(status)`.
 */
export const orderStatusLabels: Readonly<Record<OrderStatus, string>> = Object.defineProperties(
  {} as Record<OrderStatus, string>,
  Object.fromEntries(
    (Object.keys(statusMessages) as OrderStatus[]).map((status) => [
      status,
      { enumerable: true, get: () => statusMessages[status]() },
    ]),
  ),
)
