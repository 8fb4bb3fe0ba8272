import '@tanstack/react-start/server-only'
import { eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { approvedSellerMessage, sellerRole } from '~/lib/auth-access'
import type { User } from '~/features/auth/index.server'
import {
  countsTowardsPopularity,
  refreshListingsOfOrder,
  refreshProductListings,
} from '~/features/catalog/index.server'
import {
  decideOrderCommission,
  postOrderPaid,
  postOrderRefund,
  postOrderReleased,
} from '~/features/ledger/index.server'
import { refundOrderPayment } from '~/features/payments/index.server'
import type { OrderActorKind, OrderStatus } from '~/lib/domain-enums'
import { recordAuditEvent } from '~/server/audit/audit.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { selectRows, type Db, type Tx } from '~/server/db/client.server'
import { orderEvents, orderLines, orders, sellers, skus, stockMovements } from '~/server/db/schema'
import { conflict, forbidden, notFound, parseInput, unauthorized } from '~/server/http/api-errors.server'
import { issueInvoice } from './invoices.server'
import {
  canTransition,
  orderStatusLabels,
  orderTransitions,
  refundsPayment,
  releasesStock,
} from './order-machine'
import { notifyOrderTransition } from './order-notifications.server'
import {
  actOnOrderInput,
  orderNoteSchema,
  rejectionReasonSchema,
  shippingSchema,
  type ActOnOrderInput,
  type OrderAction,
} from './order-transitions.schemas'
import { m } from '~/lib/messages'

export interface OrderActor {
  kind: OrderActorKind
  /** Null for a system job. */
  userId: number | null
}

export const ORDER_NOT_FOUND = () => m.server_error_order_not_found()

/** "This order is Shipped; it can no longer be cancelled." and friends, in the reader's language. */
const pastTense: Record<OrderStatus, () => string> = {
  pending_payment: m.server_order_past_pending_payment,
  paid: m.server_order_past_paid,
  accepted: m.server_order_past_accepted,
  shipped: m.server_order_past_shipped,
  delivered: m.server_order_past_delivered,
  completed: m.server_order_past_completed,
  expired: m.server_order_past_expired,
  rejected: m.server_order_past_rejected,
  cancelled: m.server_order_past_cancelled,
}
const infinitive: Record<OrderStatus, () => string> = {
  pending_payment: m.server_order_do_pending_payment,
  paid: m.server_order_do_paid,
  accepted: m.server_order_do_accepted,
  shipped: m.server_order_do_shipped,
  delivered: m.server_order_do_delivered,
  completed: m.server_order_do_completed,
  expired: m.server_order_do_expired,
  rejected: m.server_order_do_rejected,
  cancelled: m.server_order_do_cancelled,
}
/** Moves nobody makes by hand. */
const systemOnly: Partial<Record<OrderStatus, () => string>> = {
  paid: m.server_order_system_paid,
  expired: m.server_order_system_expired,
}
const happyPath: readonly OrderStatus[] = [
  'pending_payment',
  'paid',
  'accepted',
  'shipped',
  'delivered',
  'completed',
]
const actorWords: Record<OrderActorKind, () => string> = {
  buyer: m.server_order_actor_buyer,
  seller: m.server_order_actor_seller,
  admin: m.server_order_actor_admin,
  system: m.server_order_actor_system,
}

/** The role named as it is ("as seller"). */
const roleWords: Record<OrderActorKind, () => string> = {
  buyer: m.server_order_role_buyer,
  seller: m.server_order_role_seller,
  admin: m.server_order_role_admin,
  system: m.server_order_role_system,
}

/** Why `actor` may not move an order from `from` to `to`, in words a person understands. */
export function refusalMessage(from: OrderStatus, to: OrderStatus, actor: OrderActorKind): string {
  const state = orderStatusLabels[from]
  if (from === to) return m.server_order_refusal_already({ state })
  const allowed = orderTransitions[from][to]
  if (allowed && !allowed.includes(actor)) {
    const who = allowed.filter((kind) => kind !== 'system').map((kind) => actorWords[kind]())
    if (who.length === 0) {
      const only = systemOnly[to]
      return only
        ? m.server_order_refusal_reason({ state, reason: only() })
        : m.server_order_refusal_only({ state, who: m.server_order_actor_system(), action: infinitive[to]() })
    }
    return m.server_order_refusal_only({
      state,
      who: who.join(m.server_order_or()),
      action: infinitive[to](),
    })
  }
  const fromRank = happyPath.indexOf(from)
  const toRank = happyPath.indexOf(to)
  if (fromRank >= 0 && toRank > fromRank)
    return m.server_order_refusal_not_yet({ state, past: pastTense[to]() })
  return m.server_order_refusal_no_longer({ state, past: pastTense[to]() })
}

type TransitionInput = {
  orderId: number
  to: OrderStatus
  actor: OrderActor
  note?: string
  /** Required when to === 'shipped'. */
  shipping?: { carrier: string; trackingNumber: string }
}

/**
 * Moves one order inside the caller's transaction (contract T): locks the order row, refuses an
 * illegal move with 409 before writing anything, then writes the new state, the timeline event and
 * every side effect, so the caller's commit or rollback keeps them together.
 */
export async function transitionOrder(
  tx: Tx,
  input: TransitionInput,
): Promise<{ from: OrderStatus; to: OrderStatus }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update')
  if (!order) throw notFound(ORDER_NOT_FOUND())
  const from = order.status
  const { to, actor } = input
  if (!canTransition(from, to, actor.kind)) throw conflict(refusalMessage(from, to, actor.kind))

  const note =
    to === 'rejected'
      ? parseInput(v.object({ note: rejectionReasonSchema }), { note: input.note }).note
      : parseInput(v.object({ note: orderNoteSchema }), { note: input.note }).note
  const shipping = to === 'shipped' ? parseInput(shippingSchema, input.shipping) : null

  const at = now()
  await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: at,
      ...(to === 'paid' ? { paidAt: at } : {}),
      ...(shipping ? { shippingCarrier: shipping.carrier, trackingNumber: shipping.trackingNumber } : {}),
    })
    .where(eq(orders.id, order.id))
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: from,
    toStatus: to,
    actorKind: actor.kind,
    actorUserId: actor.userId,
    // A shipping move without a note is worded from the order's carrier and tracking number on read.
    note,
    createdAt: at,
  })

  if (to === 'paid') {
    await issueInvoice(tx, order.id)
    // The commission is decided now and kept on the lines; the money goes into the ledger.
    const commission = await decideOrderCommission(tx, order.id)
    await postOrderPaid(tx, {
      orderId: order.id,
      sellerId: order.sellerId,
      total: order.total,
      deliverySubsidy: order.deliveryPaidByPlatform,
      commission: commission.commission,
      commissionVat: commission.commissionVat,
      actorUserId: actor.userId,
    })
  }
  // A completed order's seller share is available for payout (the refund below takes it back).
  if (to === 'completed') await postOrderReleased(tx, { orderId: order.id, actorUserId: actor.userId })
  const released = releasesStock(to) ? await releaseReservedStock(tx, order.id, actor.userId) : []
  if (refundsPayment(from, to)) {
    const reason = note || refundReason(to, actor.kind)
    await refundOrderPayment(tx, order.id, reason)
    // The ledger gives back whatever of the order's money it still holds, from pending or available.
    await postOrderRefund(tx, {
      orderId: order.id,
      amount: 'rest',
      idempotencyKey: `order:${order.id}:refund:${to}`,
      actorUserId: actor.userId,
      memo: reason,
    })
  }
  // One listing refresh: paid orders that stand make their products popular (the `popular` sort),
  // which covers every product of the order; otherwise only the products whose stock came back.
  if (countsTowardsPopularity(from) !== countsTowardsPopularity(to))
    await refreshListingsOfOrder(tx, order.id)
  else if (released.length) await refreshProductListings(tx, released)
  await notifyOrderTransition(tx, { orderId: order.id, to, note, shipping })
  return { from, to }
}

/** The refund's reason for the log when nobody wrote one (a code: only operators read it). */
function refundReason(to: OrderStatus, actor: OrderActorKind): string {
  if (to === 'rejected') return 'rejected_by_seller'
  return actor === 'admin' ? 'cancelled_by_admin' : 'cancelled_by_buyer'
}

/**
 * Gives an ended order's reserved units back to their SKUs and returns the products whose stock
 * changed (the caller refreshes their listings). Each line's reservation is zeroed in the same
 * statement that reads it, so running this twice (or racing it) cannot release twice.
 */
export async function releaseReservedStock(
  tx: Tx,
  orderId: number,
  actorUserId: number | null = null,
): Promise<number[]> {
  // Lines whose SKU was deleted (sku_id null) are zeroed too, with nothing to give back. The SKU
  // rows are locked in id order first, so two releases touching the same SKUs cannot deadlock.
  const rows = await selectRows<{ product_id: number }>(
    tx,
    sql`with held as (
          select id, sku_id, reserved_quantity from ${orderLines}
          where order_id = ${orderId} and reserved_quantity > 0
          for update
        ),
        zeroed as (
          update ${orderLines} set reserved_quantity = 0 from held where ${orderLines.id} = held.id
          returning held.sku_id, held.reserved_quantity
        ),
        per_sku as (
          select sku_id, sum(reserved_quantity)::int as quantity from zeroed
          where sku_id is not null group by sku_id
        ),
        locked as (
          select ${skus.id} as id from ${skus} where ${skus.id} in (select sku_id from per_sku)
          order by ${skus.id} for update
        ),
        restocked as (
          update ${skus} set remaining_quantity = ${skus.remainingQuantity} + per_sku.quantity,
            updated_at = ${now().toISOString()}::timestamptz
          from per_sku
          where ${skus.id} = per_sku.sku_id and ${skus.id} in (select id from locked)
          returning ${skus.id} as sku_id, ${skus.productId} as product_id,
            ${skus.remainingQuantity} as remaining, per_sku.quantity
        ),
        -- The stock ledger: one release movement per SKU given back (DOMAIN.md "Stock ledger").
        ledger as (
          insert into ${stockMovements} (sku_id, kind, delta, resulting_quantity, actor_user_id, order_id)
          select sku_id, 'release', quantity, remaining, ${actorUserId}::int, ${orderId}::int from restocked
        )
        select product_id from restocked`,
  )
  return [...new Set(rows.map((row) => Number(row.product_id)))]
}

const actionTargets: Record<OrderAction, OrderStatus[]> = {
  accept: ['accepted'],
  reject: ['rejected'],
  ship: ['shipped'],
  deliver: ['delivered'],
  confirm_delivery: ['delivered', 'completed'],
  cancel: ['cancelled'],
}

const userOf = (viewer: AuthContext | User | null): User | null =>
  viewer && 'user' in viewer && 'session' in viewer ? viewer.user : (viewer as User | null)

/**
 * The user's relations to an order, as actor kinds. A seller's owner or observer counts as
 * 'seller' only while the seller is approved; otherwise it gets a 403 that says why.
 */
async function actorKindsFor(
  tx: Tx,
  user: User,
  order: { buyerUserId: number; sellerId: number },
): Promise<OrderActorKind[]> {
  const kinds: OrderActorKind[] = []
  if (order.buyerUserId === user.id) kinds.push('buyer')
  let unapprovedSeller = false
  if (sellerRole(user) && user.seller?.id === order.sellerId) {
    const [seller] = await tx
      .select({ status: sellers.status })
      .from(sellers)
      .where(eq(sellers.id, order.sellerId))
    if (seller?.status === 'approved') kinds.push('seller')
    else unapprovedSeller = true
  }
  if (user.is_admin) kinds.push('admin')
  if (kinds.length === 0 && unapprovedSeller) throw forbidden(approvedSellerMessage())
  if (kinds.length === 0) throw notFound(ORDER_NOT_FOUND())
  return kinds
}

export const ADMIN_USE_ADMIN_PAGE = () => m.server_order_admin_use_admin_page()

/** How the admin pages act: always as admin, and one step only ("complete" never also delivers). */
export interface ActOnOrderOptions {
  actAs?: OrderActorKind
  finalStepOnly?: boolean
}

/**
 * A signed-in person acting on an order (the order pages' buttons): one transaction, the actor
 * kind from the user's relation to the order, 404 when there is none.
 */
export async function actOnOrder(
  db: Db,
  viewer: AuthContext | User | null,
  rawInput: ActOnOrderInput,
  options: ActOnOrderOptions = {},
): Promise<{ status: OrderStatus }> {
  const user = userOf(viewer)
  if (!user) throw unauthorized()
  const input = parseInput(actOnOrderInput, rawInput)
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        buyerUserId: orders.buyerUserId,
        sellerId: orders.sellerId,
      })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for('update')
    if (!order) throw notFound(ORDER_NOT_FOUND())
    const related = await actorKindsFor(tx, user, order)
    // An administrator's moves go through the admin path only (a reason to cancel, one step at a
    // time, recorded as the admin's): on the buyer's and seller's endpoints an admin acts only as
    // the order's buyer or seller, if they are one.
    const kinds = options.actAs
      ? related.filter((k) => k === options.actAs)
      : related.filter((k) => k !== 'admin')
    if (kinds.length === 0)
      throw forbidden(
        options.actAs && !related.includes('admin')
          ? m.server_order_cannot_act_as({ role: roleWords[options.actAs]() })
          : ADMIN_USE_ADMIN_PAGE(),
      )
    const targets = actionTargets[input.action]
    // Confirming an already delivered order only completes it.
    const steps =
      options.finalStepOnly || (input.action === 'confirm_delivery' && order.status === 'delivered')
        ? [targets.at(-1)!]
        : targets
    const kind = kinds.find((k) => canTransition(order.status, steps[0]!, k)) ?? kinds[0]!
    // Every step is checked before the first is made, so a refusal names the state the order is in.
    let through = order.status
    for (const to of steps) {
      if (!canTransition(through, to, kind)) throw conflict(refusalMessage(order.status, to, kind))
      through = to
    }
    let status = order.status
    for (const to of steps) {
      await transitionOrder(tx, {
        orderId: order.id,
        to,
        actor: { kind, userId: user.id },
        note: input.note,
        shipping:
          to === 'shipped'
            ? { carrier: input.carrier ?? '', trackingNumber: input.trackingNumber ?? '' }
            : undefined,
      })
      status = to
    }
    // Sellers' and administrators' moves join the audit trail (DOMAIN.md); a buyer's are theirs alone.
    if (kind === 'seller' || kind === 'admin')
      await recordAuditEvent(tx, {
        actorUserId: user.id,
        sellerId: order.sellerId,
        action: `order.${input.action}`,
        recordType: 'order',
        recordId: order.id,
        before: { status: order.status },
        after: { status },
        reason: input.note || null,
      })
    return { status }
  })
}
