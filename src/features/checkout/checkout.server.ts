import '@tanstack/react-start/server-only'
import type * as v from 'valibot'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { refreshProductListings } from '~/features/catalog/index.server'
import { recordStockMovements } from '~/features/inventory/index.server'
import { plusPeriodAt } from '~/features/plus/index.server'
import { requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx, Tx } from '~/server/db/client.server'
import { addresses, cartItems, carts, skus } from '~/server/db/schema'
import type { AddressSnapshot } from '~/server/db/schema/orders'
import { HttpError, fieldError, notFound } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import { m } from '~/lib/messages'
import { lineProblem, outOfStockMessage, removeAction, type LineProblem } from './checkout-rules'
import { readCheckout, publicLine, type CheckoutLineRow, type CheckoutRead } from './checkout-read.server'
import { checkoutTotals } from './checkout-totals'
import { cityInLocale } from '~/lib/iran-cities'
import { checkoutMoney, insertOrder, orderByKey, writeOrderDetails } from './checkout-order.server'
import {
  CHECKOUT_NOT_FOUND,
  CHOOSE_ADDRESS,
  FIX_LINES,
  TOTAL_CHANGED,
  type CheckoutCartInput,
  type CheckoutView,
  type PlacedOrder,
  type placeOrderInput,
} from './checkout.schemas'

/**
 * Checkout of one seller's cart (issue #7): the page's view, and placing the order. Placing is one
 * transaction: re-validate every line from the database, price it, create the order
 * `pending_payment` with snapshot lines, reserve stock with conditional updates (never below zero,
 * however many buyers race for the last units), and take the ordered items out of the basket.
 */

function toView(read: CheckoutRead, plusMember: boolean): CheckoutView {
  return {
    ...read,
    ...checkoutMoney(),
    plusMember,
    // The cities as the reader reads them (the read keeps the stored English for the order).
    pickupCities: read.pickupCities.map((city) => cityInLocale(city)),
    pickupPoints: read.pickupPoints.map((point) => ({ ...point, city: cityInLocale(point.city) })),
    lines: read.lines.map(publicLine),
  }
}

/** The checkout page's data. Someone else's cart, an unknown id and an empty cart all answer 404. */
export async function getCheckout(
  db: DbOrTx,
  auth: AuthContext | null,
  input: CheckoutCartInput,
): Promise<CheckoutView> {
  const { user } = requireUser(auth)
  const at = now()
  const read = await readCheckout(db, user.id, input.cartId, at)
  if (!read) throw notFound(CHECKOUT_NOT_FOUND())
  return toView(read, (await plusPeriodAt(db, user.id, at)) !== null)
}

/** Per-line 422: `items.<basket item id>` holds what to do, so a client sees each line's fix. */
function linesError(problems: { itemId: number; problem: LineProblem }[]): HttpError {
  const errors = Object.fromEntries(problems.map((p) => [`items.${p.itemId}`, [p.problem.message]]))
  const message = problems.length === 1 ? problems[0]!.problem.message : FIX_LINES()
  return new HttpError(422, message, errors)
}

async function deliveryAddress(
  tx: Tx,
  userId: number,
  addressId: number | null,
): Promise<{
  id: number
  snapshot: AddressSnapshot
}> {
  if (addressId === null) throw fieldError('addressId', CHOOSE_ADDRESS())
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
  // Someone else's address answers like a deleted one: the buyer is asked to choose again.
  if (!row) throw fieldError('addressId', m.buyer_checkout_address_gone())
  return {
    id: row.id,
    snapshot: {
      title: row.title,
      province: row.province,
      city: row.city,
      street: row.street,
      postalCode: row.postalCode,
      receiverName: row.receiverName,
      receiverPhone: row.receiverPhone,
    },
  }
}

/**
 * Takes each line's units from its SKU, in SKU id order (two orders sharing SKUs lock them in the
 * same order, so they cannot deadlock). The update only matches while enough is left, so stock
 * never goes below zero; a line that cannot be covered fails the whole order with its problem.
 */
async function reserveStock(
  tx: Tx,
  lines: CheckoutLineRow[],
  at: Date,
  ledger: { orderId: number; buyerUserId: number },
): Promise<Map<number, number>> {
  const reserved = new Map<number, number>()
  const moves: { skuId: number; delta: number; resultingQuantity: number }[] = []
  const short: { itemId: number; problem: LineProblem }[] = []
  const ordered = [...lines].sort((a, b) => a.skuId - b.skuId)
  for (const line of ordered) {
    if (line.alwaysAvailable) {
      reserved.set(line.itemId, 0)
      continue
    }
    const [taken] = await tx
      .update(skus)
      .set({ remainingQuantity: sql`${skus.remainingQuantity} - ${line.quantity}`, updatedAt: at })
      .where(and(eq(skus.id, line.skuId), sql`${skus.remainingQuantity} >= ${line.quantity}`))
      .returning({ remaining: skus.remainingQuantity })
    if (taken) {
      reserved.set(line.itemId, line.quantity)
      moves.push({ skuId: line.skuId, delta: -line.quantity, resultingQuantity: taken.remaining })
      continue
    }
    const [left] = await tx
      .select({ remaining: skus.remainingQuantity })
      .from(skus)
      .where(eq(skus.id, line.skuId))
    const problem = lineProblem({
      onOffer: true,
      quantity: line.quantity,
      entryMinQuantity: line.entryMinQuantity,
      alwaysAvailable: false,
      remainingQuantity: left?.remaining ?? 0,
    })
    short.push({
      itemId: line.itemId,
      problem: problem ?? { kind: 'out_of_stock', message: outOfStockMessage(), action: removeAction() },
    })
  }
  if (short.length) throw linesError(short)
  await recordStockMovements(
    tx,
    { kind: 'reservation', actorUserId: ledger.buyerUserId, orderId: ledger.orderId },
    moves,
  )
  return reserved
}

type PlaceOrderData = v.InferOutput<typeof placeOrderInput>

/** The ordered items leave the basket; a cart left empty goes with them (as the basket does). */
async function takeOutOfBasket(tx: Tx, cartId: number, lines: CheckoutLineRow[]): Promise<void> {
  const itemIds = lines.map((line) => line.itemId)
  await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, itemIds)))
  await tx
    .delete(carts)
    .where(and(eq(carts.id, cartId), sql`not exists (select 1 from cart_items where cart_id = ${cartId})`))
}

/**
 * Places the order for one of the buyer's carts. A retry with the same idempotency key returns the
 * first order (same number) and changes nothing, whether it comes after the first finished or
 * while it is still running (it waits on the cart's row lock, then finds the order).
 */
export async function placeOrder(
  db: Db,
  auth: AuthContext | null,
  input: PlaceOrderData,
): Promise<PlacedOrder> {
  const { user } = requireUser(auth)
  const earlier = await orderByKey(db, user.id, input.idempotencyKey)
  if (earlier) return earlier
  const placed = await db.transaction(async (tx) => {
    const at = now()
    const [cart] = await tx
      .select({ id: carts.id, sellerId: carts.sellerId })
      .from(carts)
      .where(and(eq(carts.id, input.cartId), eq(carts.buyerUserId, user.id)))
      .for('update')
    // A twin request may have committed while this one waited for the lock (and emptied the cart).
    const twin = await orderByKey(tx, user.id, input.idempotencyKey)
    if (twin) return { order: twin, created: false }
    if (!cart) throw notFound(CHECKOUT_NOT_FOUND())
    const read = await readCheckout(tx, user.id, cart.id, at)
    if (!read) throw notFound(CHECKOUT_NOT_FOUND())

    const problems = read.lines.flatMap((line) =>
      line.problem ? [{ itemId: line.itemId, problem: line.problem }] : [],
    )
    if (problems.length) throw linesError(problems)
    const address =
      input.deliveryMethod === 'seller_delivery' ? await deliveryAddress(tx, user.id, input.addressId) : null
    // Plus counts at the moment the order is placed: a membership that ends later keeps this order's benefit.
    const plusMember = (await plusPeriodAt(tx, user.id, at)) !== null
    const totals = checkoutTotals({
      lines: read.lines,
      deliveryMethod: input.deliveryMethod,
      delivery: { fee: read.seller.deliveryFee, freeDeliveryThreshold: read.seller.freeDeliveryThreshold },
      vatPercent: checkoutMoney().vatPercent,
      plusMember,
    })
    if (input.expectedTotal !== undefined && input.expectedTotal !== totals.total)
      throw new HttpError(409, TOTAL_CHANGED())

    const { order, created } = await insertOrder(tx, {
      buyerUserId: user.id,
      sellerId: read.seller.id,
      deliveryMethod: input.deliveryMethod,
      address,
      pickupCity: input.deliveryMethod === 'pickup' ? read.pickupCities.join(', ') : null,
      pickupPoints: input.deliveryMethod === 'pickup' ? read.pickupPoints : null,
      note: input.note,
      totals,
      idempotencyKey: input.idempotencyKey,
      at,
    })
    if (!created) return { order, created }

    const reserved = await reserveStock(tx, read.lines, at, { orderId: order.orderId, buyerUserId: user.id })
    await writeOrderDetails(tx, {
      orderId: order.orderId,
      lines: read.lines,
      reserved,
      buyerUserId: user.id,
      at,
    })
    await takeOutOfBasket(tx, cart.id, read.lines)
    const restocked = read.lines.filter((line) => (reserved.get(line.itemId) ?? 0) > 0)
    if (restocked.length)
      await refreshProductListings(
        tx,
        restocked.map((line) => line.productId),
      )
    return { order, created }
  })
  if (placed.created)
    log().info({ orderId: placed.order.orderId, buyerUserId: user.id, cartId: input.cartId }, 'order placed')
  return placed.order
}
