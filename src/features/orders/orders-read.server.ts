import '@tanstack/react-start/server-only'
import { and, asc, count, desc, eq, exists, gte, lt, sql, type SQL } from 'drizzle-orm'
import { orderStatuses, type OrderActorKind, type OrderStatus } from '~/lib/domain-enums'
import { nameInLocale, textInLocale } from '~/lib/i18n'
import { tehranDayEnd, tehranDayStart } from '~/lib/tehran-time'
import { requireApprovedSeller, requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import {
  invoices,
  orderEvents,
  orderLines,
  orders,
  paymentSessions,
  sellers,
  stores,
  users,
} from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import { personName } from './invoices.server'
import { eventNote } from './order-event-notes.server'
import { nextStatuses } from './order-machine'
import { orderPickupPoints } from './pickup-points.server'
import {
  ORDER_NOT_FOUND,
  type BuyerOrderFilters,
  type OrderDetail,
  type OrderEventView,
  type OrderSummary,
  type SellerOrderFilters,
  type SellerOrderPage,
} from './orders.schemas'
import { m } from '~/lib/messages'
import { cityListInLocale } from '~/lib/iran-cities'

/**
 * What buyers and sellers read about orders. Every query is scoped to the caller: a buyer sees the
 * orders they placed, a seller (owner or observer, approved) the orders placed with their seller.
 * An id outside that scope answers exactly like a missing one (404), so ids reveal nothing.
 */

type OrderRow = typeof orders.$inferSelect
/** Who reads the order: its buyer, its seller, or an administrator (orders-admin.server.ts). */
export type OrderViewer = 'buyer' | 'seller' | 'admin'
type Viewer = OrderViewer

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** `%` and `_` typed into the search box are characters, not wildcards. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

export const lineCount = sql<number>`(select count(*)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`

export function toSummary(row: OrderRow & { lineCount: number; counterpart: string }): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    total: row.total,
    currency: row.currency,
    line_count: Number(row.lineCount),
    counterpart: row.counterpart,
    created_at: row.createdAt.toISOString(),
    paid_at: iso(row.paidAt),
  }
}

export const newestFirst = [desc(orders.createdAt), desc(orders.id)]
export const pageOf = (filters: { page: number; per_page: number }) => ({
  limit: filters.per_page,
  offset: (filters.page - 1) * filters.per_page,
})

/** /buyer/orders: the caller's own orders, newest first. */
export async function listBuyerOrders(db: DbOrTx, auth: AuthContext | null, filters: BuyerOrderFilters) {
  const { user } = requireUser(auth)
  const conditions: SQL[] = [eq(orders.buyerUserId, user.id)]
  if (filters.status) conditions.push(eq(orders.status, filters.status))
  if (filters.q) conditions.push(sql`${orders.number} ilike ${`%${likeEscape(filters.q)}%`}`)
  const where = and(...conditions)
  const { limit, offset } = pageOf(filters)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        lineCount,
        counterpart: sellers.displayName,
        counterpartFa: sellers.displayNameFa,
      })
      .from(orders)
      .innerJoin(sellers, eq(sellers.id, orders.sellerId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(orders).where(where),
  ])
  return {
    items: rows.map((r) =>
      toSummary({
        ...r.order,
        lineCount: r.lineCount,
        counterpart: textInLocale(r.counterpart, r.counterpartFa),
      }),
    ),
    total: total?.n ?? 0,
    page: filters.page,
    per_page: filters.per_page,
  }
}

/** /seller/orders: orders placed with the caller's seller, with counts per status for the tabs. */
export async function listSellerOrders(
  db: DbOrTx,
  auth: AuthContext | null,
  filters: SellerOrderFilters,
): Promise<SellerOrderPage> {
  const { sellerId } = requireApprovedSeller(auth)
  // Store and dates narrow the counts too; the status only picks the tab.
  const scope: SQL[] = [eq(orders.sellerId, sellerId)]
  if (filters.store) {
    scope.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(orderLines)
          .where(and(eq(orderLines.orderId, orders.id), eq(orderLines.storeId, filters.store))),
      ),
    )
  }
  if (filters.from) scope.push(gte(orders.createdAt, tehranDayStart(filters.from)))
  if (filters.to) scope.push(lt(orders.createdAt, tehranDayEnd(filters.to)))
  const where = and(...scope, ...(filters.status ? [eq(orders.status, filters.status)] : []))
  const { limit, offset } = pageOf(filters)
  const [rows, [total], perStatus, storeRows] = await Promise.all([
    db
      .select({ order: orders, lineCount, buyer: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.buyerUserId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(orders).where(where),
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(and(...scope))
      .groupBy(orders.status),
    db
      .select({ id: stores.id, name: stores.name, nameFa: stores.nameFa })
      .from(stores)
      .where(eq(stores.sellerId, sellerId))
      .orderBy(asc(stores.name), asc(stores.id)),
  ])
  const counts = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<OrderStatus, number>
  for (const row of perStatus) counts[row.status] = row.n
  return {
    items: rows.map((r) =>
      toSummary({ ...r.order, lineCount: r.lineCount, counterpart: personName(r.buyer) }),
    ),
    total: total?.n ?? 0,
    page: filters.page,
    per_page: filters.per_page,
    counts,
    stores: storeRows.map((s) => ({ id: s.id, name: nameInLocale(s) })),
  }
}

/** The buyer's own order, or 404. */
export async function getBuyerOrder(db: DbOrTx, auth: AuthContext | null, orderId: number) {
  const { user } = requireUser(auth)
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerUserId, user.id)))
  if (!row) throw notFound(ORDER_NOT_FOUND())
  return loadDetail(db, row, 'buyer')
}

/** An order of the caller's seller (owner or observer, approved), or 404. */
export async function getSellerOrder(db: DbOrTx, auth: AuthContext | null, orderId: number) {
  const { sellerId } = requireApprovedSeller(auth)
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.sellerId, sellerId)))
  if (!row) throw notFound(ORDER_NOT_FOUND())
  return loadDetail(db, row, 'seller')
}

/**
 * Who moved the order, as the viewer may know them: a buyer sees the seller's business name (not
 * which employee clicked), a seller sees the buyer and its own staff by name.
 */
function actorName(
  viewer: Viewer,
  kind: OrderActorKind,
  person: { firstName: string | null; lastName: string | null; cellphone: string } | null,
  sellerName: string,
): string {
  if (kind === 'system') return m.server_order_actor_name_system()
  if (kind === 'admin')
    return viewer === 'admin' && person
      ? m.server_order_actor_name_support_person({ name: personName(person) })
      : m.server_order_actor_name_support()
  if (viewer === 'admin') {
    if (kind === 'buyer')
      return person
        ? m.server_order_actor_name_buyer_person({ name: personName(person) })
        : m.server_order_actor_name_buyer()
    return person ? `${personName(person)} (${sellerName})` : sellerName
  }
  if (kind === 'buyer')
    return viewer === 'buyer'
      ? m.server_order_actor_name_you()
      : person
        ? personName(person)
        : m.server_order_actor_name_buyer()
  if (viewer === 'buyer') return sellerName
  return person ? personName(person) : sellerName
}

/** The order page's data as `viewer` may see it; the caller has already checked access. */
export async function loadDetail(db: DbOrTx, order: OrderRow, viewer: Viewer): Promise<OrderDetail> {
  const [[seller], [buyer], lines, events, payments, [invoice], pickupPoints] = await Promise.all([
    db
      .select({ name: sellers.displayName, nameFa: sellers.displayNameFa })
      .from(sellers)
      .where(eq(sellers.id, order.sellerId)),
    db.select().from(users).where(eq(users.id, order.buyerUserId)),
    db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position), asc(orderLines.id)),
    db
      .select({ event: orderEvents, person: users })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorUserId))
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.orderId, order.id))
      .orderBy(asc(paymentSessions.createdAt)),
    db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.orderId, order.id)),
    orderPickupPoints(db, order),
  ])
  const sellerName = seller ? textInLocale(seller.name, seller.nameFa) : m.server_order_actor_name_seller()
  return {
    ...orderFields(order),
    pickup_points: pickupPoints,
    seller_name: sellerName,
    buyer: { name: buyer ? personName(buyer) : '', phone: buyer?.cellphone ?? '' },
    lines: lines.map(lineView),
    timeline: events.map(({ event, person }) =>
      eventView(event, actorName(viewer, event.actorKind, person, sellerName), order),
    ),
    payments: payments.map(paymentView),
    invoice: invoice ?? null,
    next_statuses: nextStatuses(order.status, viewer),
    can_pay: viewer === 'buyer' && order.status === 'pending_payment' && order.paymentDueAt > now(),
    // The platform's commission is between it and the seller: the key is absent for anyone else.
    ...(viewer === 'seller' ? { commission: sellerCommission(order, lines) } : {}),
  }
}

/** The order's commission as its lines store it, once every line has it (the order was paid). */
function sellerCommission(
  order: OrderRow,
  lines: (typeof orderLines.$inferSelect)[],
): NonNullable<OrderDetail['commission']> | null {
  if (lines.length === 0 || lines.some((line) => line.commissionRateBp === null)) return null
  const commission = lines.reduce((sum, line) => sum + (line.commissionAmount ?? 0), 0)
  const vat = lines.reduce((sum, line) => sum + (line.commissionVat ?? 0), 0)
  return { commission, vat, net: order.total + order.deliveryPaidByPlatform - commission - vat }
}

const eventView = (
  event: typeof orderEvents.$inferSelect,
  actor: string,
  order: OrderRow,
): OrderEventView => ({
  id: event.id,
  from_status: event.fromStatus,
  to_status: event.toStatus,
  actor_kind: event.actorKind,
  actor_name: actor,
  ...eventNote(event, order),
  created_at: event.createdAt.toISOString(),
})

/** The order's own columns, as the pages read them. */
function orderFields(order: OrderRow) {
  const address = order.address
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    delivery_method: order.deliveryMethod,
    address: address
      ? {
          title: address.title,
          province: address.province,
          city: address.city,
          street: address.street,
          postal_code: address.postalCode,
          receiver_name: address.receiverName,
          receiver_phone: address.receiverPhone,
        }
      : null,
    pickup_city: order.pickupCity === null ? null : cityListInLocale(order.pickupCity),
    note: order.note,
    currency: order.currency,
    subtotal: order.subtotal,
    discount: order.discount,
    delivery_fee: order.deliveryFee,
    delivery_paid_by_platform: order.deliveryPaidByPlatform,
    vat_percent: order.vatPercent,
    vat: order.vat,
    total: order.total,
    payment_due_at: order.paymentDueAt.toISOString(),
    paid_at: iso(order.paidAt),
    shipping_carrier: order.shippingCarrier,
    tracking_number: order.trackingNumber,
    created_at: order.createdAt.toISOString(),
  }
}

const lineView = (line: typeof orderLines.$inferSelect) => ({
  id: line.id,
  sku: line.sku,
  product_name: line.productName,
  product_name_fa: line.productNameFa,
  product_slug: line.productSlug,
  unit: line.unit,
  unit_fa: line.unitFa,
  store_name: line.storeName,
  store_name_fa: line.storeNameFa,
  quantity: line.quantity,
  unit_price: line.unitPrice,
  offer_price: line.offerPrice,
  line_subtotal: line.lineSubtotal,
  line_discount: line.lineDiscount,
  line_total: line.lineTotal,
})

const paymentView = (p: typeof paymentSessions.$inferSelect) => ({
  provider: p.provider,
  amount: p.amount,
  currency: p.currency,
  status: p.status,
  failure_reason: p.failureReason,
  refunded_amount: p.refundedAmount,
  created_at: p.createdAt.toISOString(),
  completed_at: iso(p.completedAt),
})
