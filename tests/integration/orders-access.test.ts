import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listBuyerInvoices } from '~/features/orders/buyer-invoices.server'
import { getInvoiceForViewer } from '~/features/orders/invoices.server'
import { actOnOrder, transitionOrder } from '~/features/orders/order-transitions.server'
import { getSellerDashboard } from '~/features/orders/orders-dashboard.server'
import { tehranWeekStart } from '~/lib/tehran-time'
import {
  getBuyerOrder,
  getSellerOrder,
  listBuyerOrders,
  listSellerOrders,
} from '~/features/orders/orders-read.server'
import {
  buyerOrderFilters,
  invoiceListFilters,
  sellerActionInput,
  sellerOrderFilters,
} from '~/features/orders/orders.schemas'
import type { AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { parseInput } from '~/server/http/api-errors.server'
import { createSeller, createSku, createStore, createUser } from '../factories/create'
import { createPendingOrder, type OrderRow } from '../factories/orders'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

/**
 * Who sees which orders and invoices. Every read is tried with ids that belong to someone else
 * (id guessing): the answer must be 404, exactly like an id that does not exist.
 */
describe('orders and invoices are visible only to their buyer and their seller', () => {
  let db: Db
  let buyerA: AuthContext
  let buyerB: AuthContext
  let sellerOne: AuthContext
  let sellerTwo: AuthContext
  let observerOfOne: AuthContext
  let pendingSeller: AuthContext
  let storeX: { id: number }
  let storeY: { id: number }
  let skuX: { id: number }
  let skuY: { id: number }

  const buyerFilters = (input: object = {}) => parseInput(buyerOrderFilters, input)
  const sellerFilters = (input: object = {}) => parseInput(sellerOrderFilters, input)
  const system = { kind: 'system' as const, userId: null }

  /** Paid through the real transition (issues the invoice), as the payment callback does. */
  async function pay(order: OrderRow) {
    await db.transaction((tx) => transitionOrder(tx, { orderId: order.id, to: 'paid', actor: system }))
  }

  beforeAll(async () => {
    setClock('2026-11-18T10:00:00Z') // a Wednesday: the week began on Saturday the 14th in Tehran
    ;({ db } = await openAuthTestDatabase())
    const one = await createSeller(db)
    const two = await createSeller(db)
    const pending = await createSeller(db, { status: 'pending' })
    storeX = await createStore(db, { seller: one, name: 'Store X' })
    storeY = await createStore(db, { seller: one, name: 'Store Y' })
    skuX = await createSku(db, { store: storeX, remainingQuantity: 500 })
    skuY = await createSku(db, { store: storeY, remainingQuantity: 500 })
    const observer = await createUser(db, { isObserver: true, pointingSellerId: one.id })
    ;[buyerA, buyerB, sellerOne, sellerTwo, observerOfOne, pendingSeller] = await Promise.all([
      authOf(db, (await createUser(db)).id),
      authOf(db, (await createUser(db)).id),
      authOf(db, one.owner.id),
      authOf(db, two.owner.id),
      authOf(db, observer.id),
      authOf(db, pending.owner.id),
    ])
  })
  afterAll(closeAuthTestDatabase)

  it('a buyer lists only their own orders, by status, by (part of) the number, page by page', async () => {
    const mine = [] as OrderRow[]
    for (let i = 0; i < 3; i++) {
      setClock(`2026-11-18T10:0${i}:00Z`)
      mine.push(await createPendingOrder(db, { buyer: buyerA.user, lines: [{ sku: skuX, quantity: 1 }] }))
    }
    const theirs = await createPendingOrder(db, { buyer: buyerB.user, lines: [{ sku: skuX, quantity: 1 }] })
    await pay(mine[0]!)

    const all = await listBuyerOrders(db, buyerA, buyerFilters())
    expect(all.items.map((o) => o.id)).toEqual([mine[2]!.id, mine[1]!.id, mine[0]!.id])
    expect(all.total).toBe(3)
    expect(all.items.map((o) => o.id)).not.toContain(theirs.id)

    const paid = await listBuyerOrders(db, buyerA, buyerFilters({ status: 'paid' }))
    expect(paid.items.map((o) => o.id)).toEqual([mine[0]!.id])
    expect(paid.items[0]).toMatchObject({ status: 'paid', line_count: 1, total: mine[0]!.total })

    // Lower case and a fragment of the number find it; another buyer's number finds nothing.
    const fragment = mine[1]!.number.slice(3, 8).toLowerCase()
    const found = await listBuyerOrders(db, buyerA, buyerFilters({ q: fragment }))
    expect(found.items.map((o) => o.number)).toContain(mine[1]!.number)
    const stranger = await listBuyerOrders(db, buyerA, buyerFilters({ q: theirs.number }))
    expect(stranger.items).toEqual([])

    const secondPage = await listBuyerOrders(db, buyerA, buyerFilters({ page: 2, per_page: 2 }))
    expect(secondPage).toMatchObject({ total: 3, page: 2, per_page: 2 })
    expect(secondPage.items.map((o) => o.id)).toEqual([mine[0]!.id])

    expect(await statusOf(() => listBuyerOrders(db, null, buyerFilters()))).toBe(401)
    expect(await statusOf(async () => buyerFilters({ q: 'OM_%' }))).toBe(422)
  })

  it('another buyer guessing an order or invoice id gets 404, like a missing id', async () => {
    setClock('2026-11-18T11:00:00Z')
    const order = await createPendingOrder(db, { buyer: buyerA.user, lines: [{ sku: skuX, quantity: 3 }] })
    await pay(order)
    const detail = await getBuyerOrder(db, buyerA, order.id)
    expect(detail.invoice).not.toBeNull()
    const invoiceId = detail.invoice!.id

    expect(await statusOf(() => getBuyerOrder(db, buyerB, order.id))).toBe(404)
    expect(await statusOf(() => getBuyerOrder(db, buyerB, 99_999_999))).toBe(404)
    expect(await statusOf(() => getInvoiceForViewer(db, buyerB, invoiceId))).toBe(404)
    expect(await statusOf(() => actOnOrder(db, buyerB, { orderId: order.id, action: 'cancel' }))).toBe(404)
    // The seller panel's reads are not a way round it either.
    expect(await statusOf(() => getSellerOrder(db, buyerB, order.id))).toBe(403)

    const invoicesOfB = await listBuyerInvoices(db, buyerB, parseInput(invoiceListFilters, {}))
    expect(invoicesOfB.items.map((i) => i.id)).not.toContain(invoiceId)
    const invoicesOfA = await listBuyerInvoices(db, buyerA, parseInput(invoiceListFilters, {}))
    expect(invoicesOfA.items.find((i) => i.id === invoiceId)).toMatchObject({
      order_number: order.number,
      total: order.total,
    })
    expect((await getInvoiceForViewer(db, buyerA, invoiceId)).total).toBe(order.total)
    // Still untouched: B's attempt changed nothing.
    expect((await getBuyerOrder(db, buyerA, order.id)).status).toBe('paid')
  })

  it('the buyer’s detail: lines, totals, timeline with who did what, and the moves it may make', async () => {
    setClock('2026-11-18T12:00:00Z')
    const order = await createPendingOrder(db, {
      buyer: buyerA.user,
      deliveryMethod: 'seller_delivery',
      deliveryFee: 50_000,
      lines: [
        { sku: skuX, quantity: 2, unitPrice: 300_000 },
        { sku: skuY, quantity: 1, unitPrice: 150_000 },
      ],
    })
    let detail = await getBuyerOrder(db, buyerA, order.id)
    expect(detail).toMatchObject({
      status: 'pending_payment',
      subtotal: 750_000,
      delivery_fee: 50_000,
      total: order.total,
      can_pay: true,
      next_statuses: ['cancelled'],
      invoice: null,
    })
    expect(detail.lines.map((l) => [l.quantity, l.line_total])).toEqual([
      [2, 600_000],
      [1, 150_000],
    ])
    expect(detail.address?.receiver_name).toBe('Test Receiver')

    await pay(order)
    await actOnOrder(db, sellerOne, { orderId: order.id, action: 'accept' })
    await actOnOrder(db, observerOfOne, {
      orderId: order.id,
      action: 'ship',
      carrier: 'Tipax',
      trackingNumber: 'TPX-123456',
    })
    detail = await getBuyerOrder(db, buyerA, order.id)
    expect(detail).toMatchObject({
      status: 'shipped',
      can_pay: false,
      next_statuses: ['delivered'],
      shipping_carrier: 'Tipax',
      tracking_number: 'TPX-123456',
    })
    expect(detail.timeline.map((e) => [e.to_status, e.actor_name])).toEqual([
      ['pending_payment', 'You'],
      ['paid', 'Omdeh'],
      // The buyer sees the business, not which of its people clicked.
      ['accepted', detail.seller_name],
      ['shipped', detail.seller_name],
    ])
    const sellerView = await getSellerOrder(db, sellerOne, order.id)
    expect(sellerView.timeline.at(-1)?.actor_name).toBe('Test ' + observerOfOne.user.last_name)
    expect(sellerView.next_statuses).toEqual(['delivered'])
    expect(sellerView.can_pay).toBe(false)

    await actOnOrder(db, buyerA, { orderId: order.id, action: 'confirm_delivery' })
    detail = await getBuyerOrder(db, buyerA, order.id)
    expect(detail.status).toBe('completed')
    expect(detail.next_statuses).toEqual([])
  })

  it('an unpaid order past its payment time cannot be paid again from the page', async () => {
    setClock('2026-11-18T13:00:00Z')
    const order = await createPendingOrder(db, { buyer: buyerA.user, lines: [{ sku: skuX, quantity: 1 }] })
    setClock('2026-11-18T13:31:00Z')
    expect((await getBuyerOrder(db, buyerA, order.id)).can_pay).toBe(false)
  })

  it('another seller guessing ids gets 404 and cannot move the order; the observer of the seller can', async () => {
    setClock('2026-11-18T14:00:00Z')
    const order = await createPendingOrder(db, { buyer: buyerB.user, lines: [{ sku: skuY, quantity: 1 }] })
    await pay(order)
    const invoiceId = (await getBuyerOrder(db, buyerB, order.id)).invoice!.id

    expect(await statusOf(() => getSellerOrder(db, sellerTwo, order.id))).toBe(404)
    expect(await statusOf(() => actOnOrder(db, sellerTwo, { orderId: order.id, action: 'accept' }))).toBe(404)
    expect(await statusOf(() => getInvoiceForViewer(db, sellerTwo, invoiceId))).toBe(404)
    const twoList = await listSellerOrders(db, sellerTwo, sellerFilters())
    expect(twoList.items.map((o) => o.id)).not.toContain(order.id)
    expect(twoList.total).toBe(0)

    // A pending seller reaches no orders at all.
    expect(await statusOf(() => listSellerOrders(db, pendingSeller, sellerFilters()))).toBe(403)
    expect(await statusOf(() => getSellerDashboard(db, pendingSeller))).toBe(403)

    const observed = await getSellerOrder(db, observerOfOne, order.id)
    expect(observed).toMatchObject({ id: order.id, status: 'paid', next_statuses: ['accepted', 'rejected'] })
    expect((await listSellerOrders(db, observerOfOne, sellerFilters())).items.map((o) => o.id)).toContain(
      order.id,
    )

    await actOnOrder(db, observerOfOne, { orderId: order.id, action: 'reject', note: 'Out of this colour' })
    const rejected = await getBuyerOrder(db, buyerB, order.id)
    expect(rejected.status).toBe('rejected')
    expect(rejected.timeline.at(-1)).toMatchObject({ to_status: 'rejected', note: 'Out of this colour' })
    // The move is gone once made: a second try is a conflict, not a change.
    expect(await statusOf(() => actOnOrder(db, sellerOne, { orderId: order.id, action: 'accept' }))).toBe(409)
  })

  it('the seller’s list filters by status, store and dates, with counts per status', async () => {
    const fresh = await createSeller(db)
    const owner = await authOf(db, fresh.owner.id)
    const north = await createStore(db, { seller: fresh, name: 'North' })
    const south = await createStore(db, { seller: fresh, name: 'South' })
    const skuN = await createSku(db, { store: north })
    const skuS = await createSku(db, { store: south })
    setClock('2026-11-10T09:00:00Z')
    const early = await createPendingOrder(db, { buyer: buyerA.user, lines: [{ sku: skuN, quantity: 1 }] })
    setClock('2026-11-17T20:29:00Z') // 23:59 on the 17th in Tehran
    const mixed = await createPendingOrder(db, {
      buyer: buyerA.user,
      lines: [
        { sku: skuN, quantity: 1 },
        { sku: skuS, quantity: 1 },
      ],
    })
    await pay(mixed)
    setClock('2026-11-18T15:00:00Z')
    const late = await createPendingOrder(db, { buyer: buyerB.user, lines: [{ sku: skuS, quantity: 1 }] })

    const all = await listSellerOrders(db, owner, sellerFilters())
    expect(all.items.map((o) => o.id)).toEqual([late.id, mixed.id, early.id])
    expect(all.counts).toMatchObject({ pending_payment: 2, paid: 1, accepted: 0 })
    expect(all.stores.map((s) => s.name)).toEqual(['North', 'South'])
    expect(all.items[0]?.counterpart).toBe(`Test ${buyerB.user.last_name}`)

    const southOnly = await listSellerOrders(db, owner, sellerFilters({ store: south.id }))
    expect(southOnly.items.map((o) => o.id)).toEqual([late.id, mixed.id])

    const paidSouth = await listSellerOrders(db, owner, sellerFilters({ store: south.id, status: 'paid' }))
    expect(paidSouth.items.map((o) => o.id)).toEqual([mixed.id])
    // Counts follow the store and dates, not the status tab.
    expect(paidSouth.counts).toMatchObject({ pending_payment: 1, paid: 1 })

    // Dates are whole Tehran days, both ends included.
    const window = await listSellerOrders(db, owner, sellerFilters({ from: '2026-11-11', to: '2026-11-17' }))
    expect(window.items.map((o) => o.id)).toEqual([mixed.id])
    const fromDay = await listSellerOrders(db, owner, sellerFilters({ from: '2026-11-18' }))
    expect(fromDay.items.map((o) => o.id)).toEqual([late.id])

    // Another seller's store id narrows to nothing instead of showing its orders.
    const foreign = await listSellerOrders(db, owner, sellerFilters({ store: storeX.id }))
    expect(foreign.total).toBe(0)

    expect(await statusOf(async () => sellerFilters({ from: '2026-11-18', to: '2026-11-01' }))).toBe(422)
    expect(await statusOf(async () => sellerFilters({ from: '2026-02-30' }))).toBe(422)
  })

  it('the seller dashboard counts orders to act on, this week’s and month’s revenue, and low stock', async () => {
    const fresh = await createSeller(db)
    const owner = await authOf(db, fresh.owner.id)
    const store = await createStore(db, { seller: fresh })
    const sku = await createSku(db, { store, remainingQuantity: 1_000 })
    await createSku(db, { store, remainingQuantity: 4, sku: `LOW-${fresh.id}` })
    await createSku(db, { store, remainingQuantity: 0, alwaysAvailable: true })
    const order = (at: string) => {
      setClock(at)
      return createPendingOrder(db, { buyer: buyerA.user, lines: [{ sku, quantity: 1, unitPrice: 100_000 }] })
    }
    // Paid last month (counts for neither), earlier this month, this week; one rejected this week.
    const lastMonth = await order('2026-10-30T10:00:00Z')
    await pay(lastMonth)
    const thisMonth = await order('2026-11-03T10:00:00Z')
    await pay(thisMonth)
    const thisWeek = await order('2026-11-16T00:30:00Z')
    await pay(thisWeek)
    const refused = await order('2026-11-17T10:00:00Z')
    await pay(refused)
    await actOnOrder(db, owner, { orderId: refused.id, action: 'reject', note: 'Cannot deliver there' })
    const shipped = await order('2026-11-17T11:00:00Z')
    await pay(shipped)
    await actOnOrder(db, owner, { orderId: shipped.id, action: 'accept' })
    await actOnOrder(db, owner, {
      orderId: shipped.id,
      action: 'ship',
      carrier: 'Post',
      trackingNumber: 'P-1',
    })
    await order('2026-11-18T09:00:00Z') // unpaid: no revenue, nothing to act on

    setClock('2026-11-18T16:00:00Z')
    const dashboard = await getSellerDashboard(db, owner)
    expect(dashboard.to_act).toEqual({ accept: 3, ship: 0, deliver: 1 })
    // lastMonth and thisMonth are still 'paid' (waiting); refused is excluded from revenue.
    const each = thisWeek.total
    expect(dashboard.revenue.week).toBe(2 * each)
    expect(dashboard.revenue.month).toBe(3 * each)
    expect(dashboard.revenue.week_start).toBe('2026-11-13T20:30:00.000Z') // Saturday 00:00 in Tehran
    expect(dashboard.revenue.month_start).toBe('2026-10-31T20:30:00.000Z')
    expect(dashboard.low_stock).toEqual([
      expect.objectContaining({ sku: `LOW-${fresh.id}`, remaining_quantity: 4 }),
    ])
    expect(dashboard.low_stock_total).toBe(1)
    // Another seller's dashboard does not see these.
    const other = await getSellerDashboard(db, sellerTwo)
    expect(other.to_act).toEqual({ accept: 0, ship: 0, deliver: 0 })
    expect(other.revenue.month).toBe(0)
  })

  it('weeks start on Saturday in Tehran', () => {
    // Friday 23:59 in Tehran is still the week of Saturday the 14th; a minute later a new week.
    expect(tehranWeekStart(new Date('2026-11-20T20:29:00Z')).toISOString()).toBe('2026-11-13T20:30:00.000Z')
    expect(tehranWeekStart(new Date('2026-11-20T20:30:00Z')).toISOString()).toBe('2026-11-20T20:30:00.000Z')
  })

  it('the seller’s forms need a reason to reject and a carrier and tracking number to ship', async () => {
    expect(
      await statusOf(async () =>
        parseInput(sellerActionInput, { order_id: 1, action: 'reject', reason: '' }),
      ),
    ).toBe(422)
    expect(
      await statusOf(async () =>
        parseInput(sellerActionInput, { order_id: 1, action: 'ship', carrier: 'Tipax', tracking_number: '' }),
      ),
    ).toBe(422)
    const ok = parseInput(sellerActionInput, {
      order_id: 1,
      action: 'ship',
      carrier: ' Tipax ',
      tracking_number: 'T-1234',
    })
    expect(ok).toEqual({ order_id: 1, action: 'ship', carrier: 'Tipax', tracking_number: 'T-1234' })
  })
})
