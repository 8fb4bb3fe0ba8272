import '@tanstack/react-start/server-only'
import { eq } from 'drizzle-orm'
import { constants } from '#app-config'
import { formatMoney } from '~/lib/money'
import type { OrderStatus } from '~/lib/domain-enums'
import type { Tx } from '~/server/db/client.server'
import { orders, sellers, users } from '~/server/db/schema'
import { queueMessage } from '~/server/providers/sms/outbox.server'

/** The moves the buyer and the seller hear about (issue #8). */
const notified = new Set<OrderStatus>(['paid', 'accepted', 'rejected', 'shipped', 'delivered'])

interface OrderFacts {
  number: string
  total: string
  sellerName: string
  note: string
  shipping: { carrier: string; trackingNumber: string } | null
}

/** Short plain texts: one for the buyer, one for the seller. */
function texts(to: OrderStatus, o: OrderFacts): { buyer: string; seller: string } | null {
  const brand = constants.brand.name
  switch (to) {
    case 'paid':
      return {
        buyer: `${brand}: payment of ${o.total} received for order ${o.number}. ${o.sellerName} will confirm it soon.`,
        seller: `${brand}: new paid order ${o.number} (${o.total}). Accept or reject it in your seller panel.`,
      }
    case 'accepted':
      return {
        buyer: `${brand}: ${o.sellerName} accepted your order ${o.number} and is preparing it.`,
        seller: `${brand}: order ${o.number} is accepted. Ship it and add the tracking number.`,
      }
    case 'rejected':
      return {
        buyer: `${brand}: order ${o.number} was rejected: ${o.note}. Your payment of ${o.total} will be refunded.`,
        seller: `${brand}: order ${o.number} was rejected: ${o.note}. The buyer is refunded.`,
      }
    case 'shipped': {
      const via = o.shipping
        ? ` with ${o.shipping.carrier}, tracking number ${o.shipping.trackingNumber}`
        : ''
      return {
        buyer: `${brand}: your order ${o.number} has shipped${via}.`,
        seller: `${brand}: order ${o.number} is marked as shipped${via}.`,
      }
    }
    case 'delivered':
      return {
        buyer: `${brand}: order ${o.number} is delivered. Thank you for buying on ${brand}.`,
        seller: `${brand}: order ${o.number} is delivered to the buyer.`,
      }
    default:
      return null
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
  if (!notified.has(input.to)) return
  const [row] = await tx
    .select({
      number: orders.number,
      total: orders.total,
      currency: orders.currency,
      buyerPhone: users.cellphone,
      sellerName: sellers.displayName,
      sellerOwnerUserId: sellers.ownerUserId,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerUserId))
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(orders.id, input.orderId))
  if (!row) return
  const [owner] = await tx
    .select({ phone: users.cellphone })
    .from(users)
    .where(eq(users.id, row.sellerOwnerUserId))
  const message = texts(input.to, {
    number: row.number,
    total: formatMoney(row.total, row.currency),
    sellerName: row.sellerName,
    note: input.note,
    shipping: input.shipping,
  })
  if (!message) return
  await queueMessage(tx, { channel: 'sms', to: row.buyerPhone, body: message.buyer })
  if (owner) await queueMessage(tx, { channel: 'sms', to: owner.phone, body: message.seller })
}
