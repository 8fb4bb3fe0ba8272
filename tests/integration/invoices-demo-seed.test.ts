import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getInvoiceForViewer } from '~/features/orders/invoices.server'
import { actOnOrder } from '~/features/orders/order-transitions.server'
import type { Db } from '~/server/db/client.server'
import { invoices, orderEvents, orders, paymentSessions, sellers, users } from '~/server/db/schema'
import { demoAccounts, demoOrderNumbers, demoSeller } from '~/features/demo/data/demo-accounts'
import { createSeededCatalog, type SeededCatalog } from '../support/seeded-catalog'
import { authOf } from './tickets-fixtures'

describe('the demo seed: orders of the demo buyer with the demo seller, made by the state machine', () => {
  let catalog: SeededCatalog
  let db: Db
  let buyerId: number

  beforeAll(async () => {
    catalog = await createSeededCatalog()
    db = catalog.handle.db
    const [buyer] = await db.select().from(users).where(eq(users.cellphone, demoAccounts.buyer.cellphone))
    buyerId = buyer!.id
  }, 120_000)
  afterAll(() => catalog?.close())

  const demoOrders = () =>
    db.select().from(orders).where(eq(orders.buyerUserId, buyerId)).orderBy(asc(orders.createdAt))

  it('has paid, accepted, shipped and completed orders with timelines and invoices', async () => {
    const rows = await demoOrders()
    expect(rows.map((o) => o.status).sort()).toEqual(['accepted', 'completed', 'paid', 'shipped'])
    expect(Object.fromEntries(rows.map((o) => [o.status, o.number]))).toEqual(demoOrderNumbers)
    const [seller] = await db.select().from(sellers).where(eq(sellers.id, rows[0]!.sellerId))
    expect(seller!.legalName).toBe(demoSeller.legalName)
    const completed = rows.find((o) => o.status === 'completed')!
    const timeline = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, completed.id))
      .orderBy(asc(orderEvents.id))
    expect(timeline.map((e) => e.toStatus)).toEqual([
      'pending_payment',
      'paid',
      'accepted',
      'shipped',
      'delivered',
      'completed',
    ])
    const times = timeline.map((e) => e.createdAt.getTime())
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    const invoiceRows = await db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.orderId,
          rows.map((o) => o.id),
        ),
      )
    expect(invoiceRows.map((i) => i.sequence).sort()).toEqual([1, 2, 3, 4])
    const shipped = rows.find((o) => o.status === 'shipped')!
    expect(shipped.trackingNumber).toBe('TPX-40021877')
  })

  it('the demo buyer reads its invoice; cancelling the paid demo order refunds it', async () => {
    const buyer = await authOf(db, buyerId)
    const [invoice] = await db.select().from(invoices).where(eq(invoices.buyerUserId, buyerId)).limit(1)
    const view = await getInvoiceForViewer(db, buyer, invoice!.id)
    expect(view.lines.length).toBeGreaterThan(0)
    expect(view.total).toBe(view.subtotal - view.discount + view.delivery_fee + view.vat)
    const paid = (await demoOrders()).find((o) => o.status === 'paid')!
    await actOnOrder(db, buyer, { orderId: paid.id, action: 'cancel' })
    const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, paid.id))
    expect(session!.refundedAmount).toBe(paid.total)
  })
})
