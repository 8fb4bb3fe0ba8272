import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actOnOrder, transitionOrder } from '~/features/orders/order-transitions.server'
import { actOnOrderAsAdmin, getAdminOrder, listAdminOrders } from '~/features/orders/orders-admin.server'
import { adminOrderFilters } from '~/features/orders/orders-admin.schemas'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { orders, paymentSessions, skus } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { createSeller, createSku, createStore, createUser } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { eventsOf, forceStatus, orderSnapshot, recordSucceededPayment } from './order-core-fixtures'
import { authOf, errorOf, statusOf } from './tickets-fixtures'

/** /admin/orders: administrators see every order and may make every move the machine gives them. */
describe('administrators see and act on every order', () => {
  let db: Db
  let admin: AuthContext
  let adminId: number
  let buyer: AuthContext
  let sellerOwner: AuthContext
  let sellerA: Awaited<ReturnType<typeof createSeller>>
  let sellerB: Awaited<ReturnType<typeof createSeller>>
  let skuA: { id: number }
  let skuB: { id: number }

  const filters = (input: object = {}) => parseInput(adminOrderFilters, input)
  const system = { kind: 'system' as const, userId: null }

  beforeAll(async () => {
    setClock('2026-11-10T09:00:00Z')
    ;({ db } = await openAuthTestDatabase())
    sellerA = await createSeller(db, { displayName: 'Golestan Spices', legalName: 'Golestan Food Co.' })
    sellerB = await createSeller(db, { displayName: 'Kavir Textiles', legalName: 'Kavir Weaving Ltd.' })
    skuA = await createSku(db, { store: await createStore(db, { seller: sellerA }), remainingQuantity: 100 })
    skuB = await createSku(db, { store: await createStore(db, { seller: sellerB }), remainingQuantity: 100 })
    const adminUser = await createUser(db, { isAdmin: true, firstName: 'Azar', lastName: 'Admin' })
    adminId = adminUser.id
    const buyerUser = await createUser(db)
    ;[admin, buyer, sellerOwner] = await Promise.all([
      authOf(db, adminUser.id),
      authOf(db, buyerUser.id),
      authOf(db, sellerA.owner.id),
    ])
  })
  afterAll(closeAuthTestDatabase)

  it('refuses buyers, sellers and guests with the admin 403 (or 401), even for their own orders', async () => {
    const own = await createPendingOrder(db, { buyer: buyer.user, lines: [{ sku: skuA, quantity: 1 }] })
    for (const who of [buyer, sellerOwner]) {
      const listError = await errorOf(() => listAdminOrders(db, who, filters()))
      expect(listError.status).toBe(403)
      expect(listError.message).toBe('Only administrators can do this')
      expect(await statusOf(() => getAdminOrder(db, who, own.id))).toBe(403)
      expect(
        await statusOf(() =>
          actOnOrderAsAdmin(db, who, { order_id: own.id, action: 'cancel', reason: 'x'.repeat(5) }),
        ),
      ).toBe(403)
    }
    expect(await statusOf(() => listAdminOrders(db, null, filters()))).toBe(401)
    expect(await statusOf(() => getAdminOrder(db, null, own.id))).toBe(401)
    // The refusal changed nothing.
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, own.id))
    expect(row!.status).toBe('pending_payment')
    await forceStatus(db, own.id, 'cancelled')
  })

  it('lists every seller’s orders newest first, filters by status, seller name, number and dates, and counts per status', async () => {
    setClock('2026-11-12T10:00:00Z')
    const a1 = await createPendingOrder(db, { buyer: buyer.user, lines: [{ sku: skuA, quantity: 1 }] })
    setClock('2026-11-13T10:00:00Z')
    const b1 = await createPendingOrder(db, { buyer: buyer.user, lines: [{ sku: skuB, quantity: 1 }] })
    await forceStatus(db, b1.id, 'paid')
    setClock('2026-11-14T10:00:00Z')
    const a2 = await createPendingOrder(db, { buyer: buyer.user, lines: [{ sku: skuA, quantity: 2 }] })
    await forceStatus(db, a2.id, 'paid')

    const all = await listAdminOrders(db, admin, filters({ from: '2026-11-12' }))
    expect(all.items.map((o) => o.number)).toEqual([a2.number, b1.number, a1.number])
    expect(all.total).toBe(3)
    expect(all.items[0]).toMatchObject({ seller_name: 'Golestan Spices', status: 'paid', line_count: 1 })
    expect(all.items[1]!.seller_name).toBe('Kavir Textiles')
    expect(all.counts.paid).toBe(2)
    expect(all.counts.pending_payment).toBe(1)

    // Seller by (part of) its shop or legal name, any case; counts follow the seller filter.
    const golestan = await listAdminOrders(db, admin, filters({ seller: 'golestan', from: '2026-11-12' }))
    expect(golestan.items.map((o) => o.number)).toEqual([a2.number, a1.number])
    expect(golestan.counts).toMatchObject({ paid: 1, pending_payment: 1 })
    const byLegal = await listAdminOrders(db, admin, filters({ seller: 'WEAVING' }))
    expect(byLegal.items.map((o) => o.number)).toEqual([b1.number])

    // Status narrows the list but not the counts.
    const paidGolestan = await listAdminOrders(db, admin, filters({ seller: 'Golestan', status: 'paid' }))
    expect(paidGolestan.items.map((o) => o.number)).toEqual([a2.number])
    expect(paidGolestan.counts.pending_payment).toBeGreaterThanOrEqual(1)

    // A fragment of the number, typed in lower case.
    const byNumber = await listAdminOrders(db, admin, filters({ q: b1.number.slice(3, 8).toLowerCase() }))
    expect(byNumber.items.map((o) => o.number)).toContain(b1.number)
    expect(byNumber.items.every((o) => o.number.includes(b1.number.slice(3, 8)))).toBe(true)

    // A date range of UTC days, both ends included.
    const day13 = await listAdminOrders(db, admin, filters({ from: '2026-11-13', to: '2026-11-13' }))
    expect(day13.items.map((o) => o.number)).toEqual([b1.number])
    expect(day13.counts).toMatchObject({ paid: 1, pending_payment: 0 })

    // Pages.
    const page2 = await listAdminOrders(db, admin, filters({ from: '2026-11-12', per_page: 2, page: 2 }))
    expect(page2.items.map((o) => o.number)).toEqual([a1.number])
    expect(page2.total).toBe(3)

    // `%` is a character, not a wildcard.
    expect((await listAdminOrders(db, admin, filters({ seller: '%' }))).total).toBe(0)
    expect(() => filters({ from: '2026-11-14', to: '2026-11-12' })).toThrow()
  })

  it('shows any order with buyer and seller, and the moves an administrator may make', async () => {
    const order = await createPendingOrder(db, { buyer: buyer.user, lines: [{ sku: skuB, quantity: 1 }] })
    await db.transaction((tx) => transitionOrder(tx, { orderId: order.id, to: 'paid', actor: system }))
    const detail = await getAdminOrder(db, admin, order.id)
    expect(detail.seller).toMatchObject({
      id: sellerB.id,
      name: 'Kavir Textiles',
      legal_name: 'Kavir Weaving Ltd.',
    })
    expect(detail.buyer.phone).toBe(buyer.user.cellphone)
    expect(detail.next_statuses.sort()).toEqual(['accepted', 'cancelled', 'rejected'])
    expect(detail.can_pay).toBe(false)
    expect(await statusOf(() => getAdminOrder(db, admin, 987_654))).toBe(404)
  })

  it('an admin cancel of a paid order needs a reason, records the admin with it, refunds and releases stock', async () => {
    const store = await createStore(db, { seller: sellerA })
    const sku = await createSku(db, { store, remainingQuantity: 30 })
    const order = await createPendingOrder(db, { buyer: buyer.user, lines: [{ sku, quantity: 7 }] })
    await db.transaction((tx) => transitionOrder(tx, { orderId: order.id, to: 'paid', actor: system }))
    await recordSucceededPayment(db, order.id)
    const stockOf = async () =>
      (await db.select({ n: skus.remainingQuantity }).from(skus).where(eq(skus.id, sku.id)))[0]!.n
    expect(await stockOf()).toBe(23)

    const before = await orderSnapshot(db, order.id)
    const missing = await errorOf(() =>
      actOnOrderAsAdmin(db, admin, { order_id: order.id, action: 'cancel', reason: '  ' }),
    )
    expect(missing.status).toBe(422)
    expect(await orderSnapshot(db, order.id)).toEqual(before)

    const result = await actOnOrderAsAdmin(db, admin, {
      order_id: order.id,
      action: 'cancel',
      reason: 'Seller closed after a fire; buyer asked us to cancel',
    })
    expect(result.status).toBe('cancelled')
    const events = await eventsOf(db, order.id)
    expect(events.at(-1)).toEqual({
      from: 'paid',
      to: 'cancelled',
      actorKind: 'admin',
      actorUserId: adminId,
      note: 'Seller closed after a fire; buyer asked us to cancel',
    })
    const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, order.id))
    expect(session!.refundedAmount).toBe(order.total)
    expect(await stockOf()).toBe(30)
    // Both the admin page's timeline and the buyer's say who and why.
    const detail = await getAdminOrder(db, admin, order.id)
    expect(detail.timeline.at(-1)).toMatchObject({
      to_status: 'cancelled',
      actor_kind: 'admin',
      actor_name: 'Omdeh support (Azar Admin)',
      note: 'Seller closed after a fire; buyer asked us to cancel',
    })
    expect(detail.next_statuses).toEqual([])
  })

  it('an admin walks an order through accept, ship and deliver to complete', async () => {
    const order = await createPendingOrder(db, { buyer: buyer.user, lines: [{ sku: skuA, quantity: 1 }] })
    await db.transaction((tx) => transitionOrder(tx, { orderId: order.id, to: 'paid', actor: system }))
    await actOnOrderAsAdmin(db, admin, { order_id: order.id, action: 'accept' })
    await actOnOrderAsAdmin(db, admin, {
      order_id: order.id,
      action: 'ship',
      carrier: 'Tipax',
      tracking_number: 'TPX-4411',
    })
    // Complete is refused until the order is delivered (it does not skip the delivered step).
    const early = await errorOf(() =>
      actOnOrderAsAdmin(db, admin, { order_id: order.id, action: 'complete' }),
    )
    expect(early.status).toBe(409)
    await actOnOrderAsAdmin(db, admin, { order_id: order.id, action: 'deliver' })
    await actOnOrderAsAdmin(db, admin, { order_id: order.id, action: 'complete' })
    const events = await eventsOf(db, order.id)
    expect(events.map((e) => [e.to, e.actorKind])).toEqual([
      ['paid', 'system'],
      ['accepted', 'admin'],
      ['shipped', 'admin'],
      ['delivered', 'admin'],
      ['completed', 'admin'],
    ])
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ status: 'completed', shippingCarrier: 'Tipax', trackingNumber: 'TPX-4411' })
  })

  it('an admin acting from the admin pages on an order they bought themselves is recorded as admin', async () => {
    const own = await createPendingOrder(db, { buyer: admin.user, lines: [{ sku: skuA, quantity: 1 }] })
    await db.transaction((tx) => transitionOrder(tx, { orderId: own.id, to: 'paid', actor: system }))
    await actOnOrderAsAdmin(db, admin, { order_id: own.id, action: 'cancel', reason: 'Duplicate order' })
    const last = (await eventsOf(db, own.id)).at(-1)!
    expect(last).toMatchObject({
      to: 'cancelled',
      actorKind: 'admin',
      actorUserId: adminId,
      note: 'Duplicate order',
    })
  })

  // Issue #13 §7: the buyer's and seller's endpoints used to let an admin cancel without a reason
  // and deliver and complete in one step.
  it("an admin cannot move orders through the buyer's and seller's endpoints", async () => {
    const paid = await createPendingOrder(db, { buyer: buyer.user, lines: [{ sku: skuA, quantity: 1 }] })
    await db.transaction((tx) => transitionOrder(tx, { orderId: paid.id, to: 'paid', actor: system }))
    const shipped = await createPendingOrder(db, { buyer: buyer.user, lines: [{ sku: skuA, quantity: 1 }] })
    await forceStatus(db, shipped.id, 'shipped')
    await recordSucceededPayment(db, shipped.id)
    for (const [order, action] of [
      [paid, 'cancel'],
      [paid, 'accept'],
      [shipped, 'confirm_delivery'],
      [shipped, 'deliver'],
    ] as const) {
      const before = await orderSnapshot(db, order.id)
      const refused = await errorOf(() => actOnOrder(db, admin, { orderId: order.id, action }))
      expect(refused, action).toMatchObject({
        status: 403,
        message: 'Administrators act on orders from the admin order page',
      })
      expect(await orderSnapshot(db, order.id), action).toEqual(before)
    }
    // On an order the admin bought, the buyer's endpoint acts for the buyer, as the buyer.
    const own = await createPendingOrder(db, { buyer: admin.user, lines: [{ sku: skuA, quantity: 1 }] })
    await actOnOrder(db, admin, { orderId: own.id, action: 'cancel' })
    expect((await eventsOf(db, own.id)).at(-1)).toMatchObject({ to: 'cancelled', actorKind: 'buyer' })
  })

  it('an illegal admin move gets 409 and changes nothing', async () => {
    const pending = await createPendingOrder(db, { buyer: buyer.user, lines: [{ sku: skuA, quantity: 1 }] })
    const before = await orderSnapshot(db, pending.id)
    const accept = await errorOf(() =>
      actOnOrderAsAdmin(db, admin, { order_id: pending.id, action: 'accept' }),
    )
    expect(accept.status).toBe(409)
    expect(accept.message).toBe('This order is Awaiting payment; it cannot be accepted yet.')
    expect(
      await statusOf(() =>
        actOnOrderAsAdmin(db, admin, {
          order_id: pending.id,
          action: 'ship',
          carrier: 'Tipax',
          tracking_number: 'T-1',
        }),
      ),
    ).toBe(409)
    expect(await orderSnapshot(db, pending.id)).toEqual(before)

    const shipped = await createPendingOrder(db, { buyer: buyer.user, lines: [{ sku: skuA, quantity: 1 }] })
    await forceStatus(db, shipped.id, 'shipped')
    const cancel = await errorOf(() =>
      actOnOrderAsAdmin(db, admin, { order_id: shipped.id, action: 'cancel', reason: 'Too late to cancel' }),
    )
    expect(cancel.status).toBe(409)
    expect(cancel.message).toBe('This order is Shipped; it can no longer be cancelled.')
    expect(await statusOf(() => actOnOrderAsAdmin(db, admin, { order_id: 987_654, action: 'accept' }))).toBe(
      404,
    )
  })
})
