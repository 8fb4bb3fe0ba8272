/** Shared helpers for the order state machine and invoice tests. */
import { randomBytes } from 'node:crypto'
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { OrderStatus } from '~/lib/domain-enums'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import {
  invoices,
  orderEvents,
  orderLines,
  orders,
  outboxMessages,
  paymentSessions,
  skus,
} from '~/server/db/schema'

/** Puts an order straight into a state (test set-up only: real moves go through transitionOrder). */
export async function forceStatus(db: DbOrTx, orderId: number, status: OrderStatus): Promise<void> {
  await db
    .update(orders)
    .set({ status, paidAt: status === 'pending_payment' || status === 'expired' ? null : now() })
    .where(eq(orders.id, orderId))
}

/** A succeeded payment session for the order, as the payment callback leaves it. */
export async function recordSucceededPayment(db: DbOrTx, orderId: number): Promise<string> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  const id = randomBytes(12).toString('hex')
  await db.insert(paymentSessions).values({
    id,
    orderId,
    provider: 'sandbox',
    amount: order!.total,
    currency: order!.currency,
    status: 'succeeded',
    expiresAt: new Date(now().getTime() + 30 * 60_000),
    completedAt: now(),
  })
  return id
}

/** Everything a refused move must leave as it was. */
export async function orderSnapshot(db: Db, orderId: number) {
  const [order] = await db
    .select({
      status: orders.status,
      paidAt: orders.paidAt,
      updatedAt: orders.updatedAt,
      carrier: orders.shippingCarrier,
      tracking: orders.trackingNumber,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  const lines = await db
    .select({ skuId: orderLines.skuId, reserved: orderLines.reservedQuantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
  const skuIds = lines.map((l) => l.skuId).filter((id): id is number => id !== null)
  const stock = skuIds.length
    ? await db
        .select({ id: skus.id, remaining: skus.remainingQuantity })
        .from(skus)
        .where(inArray(skus.id, skuIds))
        .orderBy(skus.id)
    : []
  const [events] = await db.select({ n: count() }).from(orderEvents).where(eq(orderEvents.orderId, orderId))
  const [outbox] = await db.select({ n: count() }).from(outboxMessages)
  const [invoiceCount] = await db.select({ n: count() }).from(invoices).where(eq(invoices.orderId, orderId))
  const [refunded] = await db
    .select({ total: sql<number>`coalesce(sum(${paymentSessions.refundedAmount}), 0)`.mapWith(Number) })
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, orderId))
  return {
    order,
    reserved: lines.map((l) => l.reserved),
    stock,
    events: events!.n,
    outbox: outbox!.n,
    invoices: invoiceCount!.n,
    refunded: refunded!.total,
  }
}

export async function eventsOf(db: Db, orderId: number) {
  return db
    .select({
      from: orderEvents.fromStatus,
      to: orderEvents.toStatus,
      actorKind: orderEvents.actorKind,
      actorUserId: orderEvents.actorUserId,
      note: orderEvents.note,
    })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), sql`${orderEvents.fromStatus} is not null`))
    .orderBy(orderEvents.id)
}

export async function messagesTo(db: Db, phone: string): Promise<string[]> {
  const rows = await db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.to, phone))
    .orderBy(outboxMessages.id)
  return rows.map((r) => r.body)
}
