import '@tanstack/react-start/server-only'
import { eq } from 'drizzle-orm'
import { constants } from '#app-config'
import { formatMoney } from '~/lib/money'
import type { OrderStatus } from '~/lib/domain-enums'
import type { Tx } from '~/server/db/client.server'
import { orders, sellers } from '~/server/db/schema'
import { queueMessageToSellerOwner, queueMessageToUser } from '~/server/providers/sms/outbox.server'
import { m } from '~/lib/messages'

/** The moves the buyer and the seller hear about (issue #8). */
const NOTIFIED = ['paid', 'accepted', 'rejected', 'shipped', 'delivered'] as const
type NotifiedStatus = (typeof NOTIFIED)[number]
const isNotified = (status: OrderStatus): status is NotifiedStatus =>
  (NOTIFIED as readonly OrderStatus[]).includes(status)

interface OrderFacts {
  number: string
  total: number
  currency: string
  sellerName: string
  note: string
  shipping: { carrier: string; trackingNumber: string } | null
}

/**
 * Short plain texts: one for the buyer, one for the seller, each written in the locale of the scope
 * it is called in (the recipient's: see notifyOrderTransition).
 */
function text(to: NotifiedStatus, side: 'buyer' | 'seller', o: OrderFacts): string {
  const words = {
    brand: constants.brand.name,
    number: o.number,
    total: formatMoney(o.total, o.currency),
    seller: o.sellerName,
    note: o.note,
  }
  const buyer = side === 'buyer'
  switch (to) {
    case 'paid':
      return buyer ? m.server_sms_order_paid_buyer(words) : m.server_sms_order_paid_seller(words)
    case 'accepted':
      return buyer ? m.server_sms_order_accepted_buyer(words) : m.server_sms_order_accepted_seller(words)
    case 'rejected':
      return buyer ? m.server_sms_order_rejected_buyer(words) : m.server_sms_order_rejected_seller(words)
    case 'shipped': {
      if (!o.shipping)
        return buyer ? m.server_sms_order_shipped_buyer(words) : m.server_sms_order_shipped_seller(words)
      const via = { ...words, carrier: o.shipping.carrier, tracking: o.shipping.trackingNumber }
      return buyer ? m.server_sms_order_shipped_via_buyer(via) : m.server_sms_order_shipped_via_seller(via)
    }
    case 'delivered':
      return buyer ? m.server_sms_order_delivered_buyer(words) : m.server_sms_order_delivered_seller(words)
  }
}

/** Queues the buyer's and the seller owner's SMS for a move, inside the moving transaction. */
export async function notifyOrderTransition(
  tx: Tx,
  input: {
    orderId: number
    to: OrderStatus
    note: string
    shipping: { carrier: string; trackingNumber: string } | null
  },
): Promise<void> {
  const to = input.to
  if (!isNotified(to)) return
  const [row] = await tx
    .select({
      number: orders.number,
      total: orders.total,
      currency: orders.currency,
      buyerUserId: orders.buyerUserId,
      sellerId: orders.sellerId,
      sellerName: sellers.displayName,
    })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(orders.id, input.orderId))
  if (!row) return
  const facts: OrderFacts = { ...row, note: input.note, shipping: input.shipping }
  // Each in the language its reader last chose on the site.
  await queueMessageToUser(tx, row.buyerUserId, () => text(to, 'buyer', facts))
  await queueMessageToSellerOwner(tx, row.sellerId, () => text(to, 'seller', facts))
}
