import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  actOnOrder,
  releaseReservedStock,
  transitionOrder,
  type OrderActor,
} from '~/features/orders/order-transitions.server'
import type { OrderAction } from '~/features/orders/order-transitions.schemas'
import { orderStatuses, type OrderActorKind, type OrderStatus } from '~/lib/domain-enums'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { invoices, orderLines, orders, paymentSessions, skus, users } from '~/server/db/schema'
import {
  createSeller,
  createSku,
  createStore,
  createUser,
  type SellerRow,
  type UserRow,
} from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import {
  eventsOf,
  forceStatus,
  messagesTo,
  orderSnapshot,
  recordSucceededPayment,
} from './order-core-fixtures'
import { authOf, errorOf, statusOf } from './tickets-fixtures'

/**
 * DOMAIN.md "Basket, checkout, orders", written out by hand (not read from order-machine.ts), so a
 * wrong entry in the machine's table fails here: from -> to -> who may.
 */
const ALLOWED: Partial<Record<OrderStatus, Partial<Record<OrderStatus, OrderActorKind[]>>>> = {
  pending_payment: { paid: ['system'], expired: ['system'], cancelled: ['buyer', 'admin'] },
  paid: { accepted: ['seller', 'admin'], rejected: ['seller', 'admin'], cancelled: ['buyer', 'admin'] },
  accepted: { shipped: ['seller', 'admin'], cancelled: ['buyer', 'admin'] },
  shipped: { delivered: ['seller', 'buyer', 'admin'] },
  delivered: { completed: ['buyer', 'system', 'admin'] },
}
const allowed = (from: OrderStatus, to: OrderStatus, kind: OrderActorKind) =>
  ALLOWED[from]?.[to]?.includes(kind) ?? false

/** What a person presses, and where it should take the order. */
const ACTIONS: { action: OrderAction; to: OrderStatus }[] = [
  { action: 'accept', to: 'accepted' },
  { action: 'reject', to: 'rejected' },
  { action: 'ship', to: 'shipped' },
  { action: 'deliver', to: 'delivered' },
  { action: 'confirm_delivery', to: 'completed' },
  { action: 'cancel', to: 'cancelled' },
]

/** confirm_delivery on a shipped order is two steps (delivered, then completed) by the same actor. */
function actionAllowed(
  from: OrderStatus,
  action: OrderAction,
  to: OrderStatus,
  kind: OrderActorKind,
): boolean {
  if (action === 'confirm_delivery' && from === 'shipped')
    return allowed('shipped', 'delivered', kind) && allowed('delivered', 'completed', kind)
  return allowed(from, to, kind)
}

const actionInput = (orderId: number, action: OrderAction) => ({
  orderId,
  action,
  note: action === 'reject' ? 'Out of stock in our warehouse' : undefined,
  carrier: action === 'ship' ? 'Tipax' : undefined,
  trackingNumber: action === 'ship' ? 'TPX-123456' : undefined,
})

type Persona = {
  name: string
  auth: () => AuthContext
  /** The actor kind this person acts as on the seller's orders, or the status they are refused with. */
  acts: OrderActorKind | 404 | 403
  pendingSellerOrders?: boolean
  userId: () => number
}

describe('order state machine: every move, every actor', () => {
  let db: Db
  let buyer: UserRow
  let seller: SellerRow & { owner: Pick<UserRow, 'id'> }
  let pendingSeller: SellerRow & { owner: Pick<UserRow, 'id'> }
  const auth: Record<string, AuthContext> = {}
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    buyer = await createUser(db)
    seller = await createSeller(db)
    pendingSeller = await createSeller(db, { status: 'pending' })
    const otherSeller = await createSeller(db)
    const people: Record<string, { id: number }> = {
      buyer,
      stranger: await createUser(db),
      owner: seller.owner,
      observer: await createUser(db, { isObserver: true, pointingSellerId: seller.id }),
      otherSeller: otherSeller.owner,
      pendingOwner: pendingSeller.owner,
      admin: await createUser(db, { isAdmin: true }),
    }
    for (const [name, user] of Object.entries(people)) {
      auth[name] = await authOf(db, user.id)
      ids[name] = user.id
    }
  })
  afterAll(closeAuthTestDatabase)

  const personas: Persona[] = [
    { name: 'buyer', acts: 'buyer' },
    { name: 'stranger', acts: 404 },
    { name: 'owner', acts: 'seller' },
    { name: 'observer', acts: 'seller' },
    { name: 'otherSeller', acts: 404 },
    { name: 'pendingOwner', acts: 403, pendingSellerOrders: true },
    // Issue #13 §7: an admin's moves go through the admin path only (tests/integration/orders-admin).
    { name: 'admin', acts: 403 },
  ].map((p) => ({ ...p, auth: () => auth[p.name]!, userId: () => ids[p.name]! }) as Persona)

  /** A fresh order of the buyer in `from`, paid through a real session when past payment. */
  async function orderIn(from: OrderStatus, ofSeller: SellerRow = seller) {
    const order = await createPendingOrder(db, { buyer, seller: ofSeller })
    if (from !== 'pending_payment') await forceStatus(db, order.id, from)
    if (!['pending_payment', 'expired'].includes(from)) await recordSucceededPayment(db, order.id)
    return order
  }

  const probes = new Map<string, number>()
  const probeFor = async (from: OrderStatus, pending: boolean) => {
    const key = `${from}:${pending}`
    if (!probes.has(key)) probes.set(key, (await orderIn(from, pending ? pendingSeller : seller)).id)
    return probes.get(key)!
  }

  /** Each person's successful moves, as "action from". */
  const EXPECTED_OK: Record<string, string[]> = {
    buyer: [
      'cancel pending_payment',
      'cancel paid',
      'cancel accepted',
      'deliver shipped',
      'confirm_delivery shipped',
      'confirm_delivery delivered',
    ],
    owner: ['accept paid', 'reject paid', 'ship accepted', 'deliver shipped'],
    observer: ['accept paid', 'reject paid', 'ship accepted', 'deliver shipped'],
  }

  it.each(personas.map((p) => [p.name, p] as const))(
    '%s: allowed moves succeed and are recorded; refused ones answer 409/404/403 and change nothing',
    async (_name, persona) => {
      const succeeded: string[] = []
      for (const { action, to } of ACTIONS) {
        for (const from of orderStatuses) {
          const kind = typeof persona.acts === 'string' ? persona.acts : null
          const label = `${persona.name} ${action} ${from}`
          if (kind !== null && actionAllowed(from, action, to, kind)) {
            const order = await orderIn(from)
            const result = await actOnOrder(db, persona.auth(), actionInput(order.id, action))
            expect(result.status, label).toBe(to)
            const [row] = await db
              .select({ status: orders.status })
              .from(orders)
              .where(eq(orders.id, order.id))
            expect(row!.status, label).toBe(to)
            const events = await eventsOf(db, order.id)
            expect(events.at(-1), label).toMatchObject({ to, actorKind: kind, actorUserId: persona.userId() })
            expect(events[0]!.from, label).toBe(from)
            succeeded.push(`${action} ${from}`)
          } else {
            const orderId = await probeFor(from, Boolean(persona.pendingSellerOrders))
            const before = await orderSnapshot(db, orderId)
            const status = await statusOf(() => actOnOrder(db, persona.auth(), actionInput(orderId, action)))
            expect(status, label).toBe(typeof persona.acts === 'number' ? persona.acts : 409)
            expect(await orderSnapshot(db, orderId), label).toEqual(before)
          }
        }
      }
      expect(succeeded.sort()).toEqual([...(EXPECTED_OK[persona.name] ?? [])].sort())
    },
    60_000,
  )

  it('every (from, to, kind) through transitionOrder follows the table, incl. the system job', async () => {
    const kinds: OrderActorKind[] = ['buyer', 'seller', 'admin', 'system']
    const probes = new Map<OrderStatus, number>()
    for (const from of orderStatuses) probes.set(from, (await orderIn(from)).id)
    let successes = 0
    for (const from of orderStatuses) {
      for (const to of orderStatuses) {
        for (const kind of kinds) {
          const actor: OrderActor = { kind, userId: kind === 'system' ? null : ids.admin! }
          const input = {
            to,
            actor,
            note: to === 'rejected' ? 'Cannot supply this' : undefined,
            shipping: to === 'shipped' ? { carrier: 'Post', trackingNumber: 'P-9988' } : undefined,
          }
          const label = `${kind} ${from} -> ${to}`
          if (allowed(from, to, kind)) {
            const order = await orderIn(from)
            const result = await db.transaction((tx) => transitionOrder(tx, { ...input, orderId: order.id }))
            expect(result, label).toEqual({ from, to })
            expect((await eventsOf(db, order.id)).at(-1), label).toMatchObject({ from, to, actorKind: kind })
            successes++
          } else {
            const orderId = probes.get(from)!
            const before = await orderSnapshot(db, orderId)
            const error = await errorOf(() =>
              db.transaction((tx) => transitionOrder(tx, { ...input, orderId })),
            )
            expect(error.status, label).toBe(409)
            expect(await orderSnapshot(db, orderId), label).toEqual(before)
          }
        }
      }
    }
    expect(successes).toBe(20)
  }, 120_000)

  it('refusals say the state and the refused action in plain words', async () => {
    const shipped = await orderIn('shipped')
    const cancel = await errorOf(() => actOnOrder(db, auth.buyer!, { orderId: shipped.id, action: 'cancel' }))
    expect(cancel.status).toBe(409)
    expect(cancel.message).toBe('This order is Shipped; it can no longer be cancelled.')
    const paid = await orderIn('paid')
    const ship = await errorOf(() => actOnOrder(db, auth.owner!, actionInput(paid.id, 'ship')))
    expect(ship.message).toBe('This order is Paid; it cannot be shipped yet.')
    const accept = await errorOf(() => actOnOrder(db, auth.buyer!, actionInput(paid.id, 'accept')))
    expect(accept).toMatchObject({
      status: 409,
      message: 'This order is Paid; only its seller or an administrator can accept it.',
    })
    // A two-step action is checked whole: the message names the state the order is really in.
    const confirm = await errorOf(() =>
      actOnOrder(db, auth.owner!, actionInput(shipped.id, 'confirm_delivery')),
    )
    expect(confirm).toMatchObject({
      status: 409,
      message: 'This order is Shipped; it cannot be completed yet.',
    })
    const unpaid = await orderIn('pending_payment')
    const byHand = await errorOf(() =>
      db.transaction((tx) =>
        transitionOrder(tx, { orderId: unpaid.id, to: 'paid', actor: { kind: 'admin', userId: ids.admin! } }),
      ),
    )
    expect(byHand.message).toBe(
      'This order is Awaiting payment; it is marked paid only when the bank confirms the payment.',
    )
    const pending = await orderIn('paid', pendingSeller)
    const refused = await errorOf(() => actOnOrder(db, auth.pendingOwner!, actionInput(pending.id, 'accept')))
    expect(refused).toMatchObject({
      status: 403,
      message: 'You need to be an approved seller to access this page',
    })
    expect(await statusOf(() => actOnOrder(db, null, actionInput(paid.id, 'accept')))).toBe(401)
    expect(await statusOf(() => actOnOrder(db, auth.owner!, actionInput(987654, 'accept')))).toBe(404)
  })

  it('a rejection needs a reason and shipping needs carrier and tracking (422, nothing changed)', async () => {
    const paid = await orderIn('paid')
    const before = await orderSnapshot(db, paid.id)
    const noReason = await errorOf(() =>
      actOnOrder(db, auth.owner!, { orderId: paid.id, action: 'reject', note: ' x ' }),
    )
    expect(noReason.status).toBe(422)
    expect(noReason.fieldErrors?.note?.[0]).toMatch(/reason/)
    expect(await orderSnapshot(db, paid.id)).toEqual(before)

    const accepted = await orderIn('accepted')
    const beforeShip = await orderSnapshot(db, accepted.id)
    const noTracking = await errorOf(() =>
      actOnOrder(db, auth.owner!, {
        orderId: accepted.id,
        action: 'ship',
        carrier: 'Tipax',
        trackingNumber: '1',
      }),
    )
    expect(noTracking.status).toBe(422)
    expect(noTracking.fieldErrors).toHaveProperty('trackingNumber')
    const noCarrier = await errorOf(() =>
      actOnOrder(db, auth.owner!, { orderId: accepted.id, action: 'ship' }),
    )
    expect(noCarrier.fieldErrors).toHaveProperty('carrier')
    expect(await orderSnapshot(db, accepted.id)).toEqual(beforeShip)

    await actOnOrder(db, auth.observer!, {
      orderId: accepted.id,
      action: 'ship',
      carrier: '  Tipax ',
      trackingNumber: 'TPX-777',
    })
    const [row] = await db.select().from(orders).where(eq(orders.id, accepted.id))
    expect(row).toMatchObject({ status: 'shipped', shippingCarrier: 'Tipax', trackingNumber: 'TPX-777' })
  })

  it('payment issues the invoice, stamps paid_at and tells both sides', async () => {
    const order = await createPendingOrder(db, { buyer, seller })
    await db.transaction((tx) =>
      transitionOrder(tx, { orderId: order.id, to: 'paid', actor: { kind: 'system', userId: null } }),
    )
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.paidAt).toBeInstanceOf(Date)
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id))
    expect(invoice!.number).toMatch(new RegExp(`^S${seller.id}-\\d{4}-\\d{6}$`))
    expect((await messagesTo(db, buyer.cellphone)).at(-1)).toContain(`payment of`)
    expect((await messagesTo(db, buyer.cellphone)).at(-1)).toContain(order.number)
    const sellerTexts = await messagesTo(db, (await phoneOf(db, seller.owner.id))!)
    expect(sellerTexts.at(-1)).toBe(
      `Omdeh: new paid order ${order.number} (IRR ${order.total.toLocaleString('en-US')}). Accept or reject it in your seller panel.`,
    )
  })

  it('expiry and cancellation give the stock back exactly once; a deleted SKU is skipped', async () => {
    const store = await createStore(db, { seller })
    const sku = await createSku(db, { store, remainingQuantity: 50 })
    const gone = await createSku(db, { store, remainingQuantity: 10 })
    const order = await createPendingOrder(db, {
      buyer,
      lines: [
        { sku, quantity: 7 },
        { sku: gone, quantity: 3 },
      ],
    })
    const stockOf = async (id: number) =>
      (await db.select({ n: skus.remainingQuantity }).from(skus).where(eq(skus.id, id)))[0]!.n
    expect(await stockOf(sku.id)).toBe(43)
    // The second SKU's line lost its SKU (deleted from the catalogue): nothing to give back.
    await db.update(orderLines).set({ skuId: null }).where(eq(orderLines.skuId, gone.id))

    await db.transaction((tx) =>
      transitionOrder(tx, { orderId: order.id, to: 'expired', actor: { kind: 'system', userId: null } }),
    )
    expect(await stockOf(sku.id)).toBe(50)
    expect(await stockOf(gone.id)).toBe(7)
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id))
    expect(lines.map((l) => l.reservedQuantity)).toEqual([0, 0])

    // A second release (a retried job, a race) gives nothing back again.
    await db.transaction((tx) => releaseReservedStock(tx, order.id))
    expect(await stockOf(sku.id)).toBe(50)
    expect(await statusOf(() => actOnOrder(db, auth.buyer!, { orderId: order.id, action: 'cancel' }))).toBe(
      409,
    )
    expect(await stockOf(sku.id)).toBe(50)
  })

  it('rejecting a paid order refunds it, releases stock and sends the reason to the buyer', async () => {
    const store = await createStore(db, { seller })
    const sku = await createSku(db, { store, remainingQuantity: 20 })
    const order = await createPendingOrder(db, { buyer, lines: [{ sku, quantity: 5 }] })
    await db.transaction((tx) =>
      transitionOrder(tx, { orderId: order.id, to: 'paid', actor: { kind: 'system', userId: null } }),
    )
    await recordSucceededPayment(db, order.id)
    await actOnOrder(db, auth.owner!, {
      orderId: order.id,
      action: 'reject',
      note: 'Discontinued by the factory',
    })
    const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, order.id))
    expect(session!.refundedAmount).toBe(order.total)
    expect((await db.select({ n: skus.remainingQuantity }).from(skus).where(eq(skus.id, sku.id)))[0]!.n).toBe(
      20,
    )
    const buyerTexts = await messagesTo(db, buyer.cellphone)
    expect(buyerTexts.at(-1)).toContain('Discontinued by the factory')
    expect(buyerTexts.at(-1)).toContain(order.number)
    const sellerTexts = await messagesTo(db, (await phoneOf(db, seller.owner.id))!)
    expect(sellerTexts.at(-1)).toContain('rejected')
    const events = await eventsOf(db, order.id)
    expect(events.at(-1)).toMatchObject({
      to: 'rejected',
      actorKind: 'seller',
      note: 'Discontinued by the factory',
    })
  })

  it('a buyer cancelling an accepted order is refunded; confirming delivery records delivered then completed', async () => {
    const accepted = await orderIn('accepted')
    await actOnOrder(db, auth.buyer!, { orderId: accepted.id, action: 'cancel', note: 'Ordered by mistake' })
    const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, accepted.id))
    expect(session!.refundedAmount).toBe(accepted.total)

    const shipped = await orderIn('shipped')
    const before = (await messagesTo(db, buyer.cellphone)).length
    const result = await actOnOrder(db, auth.buyer!, { orderId: shipped.id, action: 'confirm_delivery' })
    expect(result.status).toBe('completed')
    expect((await eventsOf(db, shipped.id)).map((e) => [e.from, e.to, e.actorKind])).toEqual([
      ['shipped', 'delivered', 'buyer'],
      ['delivered', 'completed', 'buyer'],
    ])
    const texts = await messagesTo(db, buyer.cellphone)
    expect(texts.length).toBe(before + 1)
    expect(texts.at(-1)).toContain(`order ${shipped.number} is delivered`)
  })

  it('shipping tells the buyer the carrier and tracking number; accepted and delivered notify both sides', async () => {
    const paid = await orderIn('paid')
    const sellerPhone = (await phoneOf(db, seller.owner.id))!
    const sellerBefore = (await messagesTo(db, sellerPhone)).length
    await actOnOrder(db, auth.owner!, { orderId: paid.id, action: 'accept' })
    await actOnOrder(db, auth.owner!, {
      orderId: paid.id,
      action: 'ship',
      carrier: 'Chapar',
      trackingNumber: 'CH-42-77',
    })
    await actOnOrder(db, auth.owner!, { orderId: paid.id, action: 'deliver' })
    const buyerTexts = (await messagesTo(db, buyer.cellphone)).slice(-3)
    expect(buyerTexts[0]).toContain('accepted')
    expect(buyerTexts[1]).toContain('Chapar, tracking number CH-42-77')
    expect(buyerTexts[2]).toContain('delivered')
    for (const text of buyerTexts) expect(text).toMatch(/^Omdeh: /)
    expect((await messagesTo(db, sellerPhone)).length).toBe(sellerBefore + 3)
  })
})

async function phoneOf(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ phone: users.cellphone }).from(users).where(eq(users.id, userId))
  return row?.phone
}
