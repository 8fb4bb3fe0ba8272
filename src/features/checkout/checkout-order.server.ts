import '@tanstack/react-start/server-only'
import { randomInt } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { constants } from '#app-config'
import { minutes } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { DbOrTx, Tx } from '~/server/db/client.server'
import { orderEvents, orderLines, orders } from '~/server/db/schema'
import type { AddressSnapshot, PickupPointSnapshot } from '~/server/db/schema/orders'
import type { CheckoutLineRow } from './checkout-read.server'
import type { CheckoutTotals } from './checkout-totals'
import type { PlacedOrder } from './checkout.schemas'

/** Writing a placed order: its number, the order row (idempotent by key), its lines and first event. */

/** The currency and VAT rate orders are placed in (app configuration). */
export function checkoutMoney(): { currency: string; vatPercent: number } {
  const { currency, vatPercent } = serverConfig().money
  return { currency, vatPercent }
}

export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const ORDER_NUMBER_ATTEMPTS = 5

/** OM- and 8 characters nobody misreads on the phone (no 0/O, 1/I/L). */
export function newOrderNumber(): string {
  let code = ''
  for (let i = 0; i < 8; i++) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)]
  return `OM-${code}`
}

export async function orderByKey(db: DbOrTx, buyerUserId: number, key: string): Promise<PlacedOrder | null> {
  const [row] = await db
    .select({ orderId: orders.id, orderNumber: orders.number })
    .from(orders)
    .where(and(eq(orders.buyerUserId, buyerUserId), eq(orders.idempotencyKey, key)))
  return row ?? null
}

export interface OrderDraft {
  buyerUserId: number
  sellerId: number
  deliveryMethod: 'seller_delivery' | 'pickup'
  address: { id: number; snapshot: AddressSnapshot } | null
  pickupCity: string | null
  pickupPoints: PickupPointSnapshot[] | null
  note: string
  totals: CheckoutTotals
  idempotencyKey: string
  at: Date
}

/**
 * Inserts the order with a fresh number. `on conflict do nothing` covers both unique indexes: a
 * twin request with the same key that committed first makes this return that order instead (the
 * caller then writes nothing); a clash of random numbers is retried with another number.
 */
export async function insertOrder(
  tx: Tx,
  draft: OrderDraft,
): Promise<{ order: PlacedOrder; created: boolean }> {
  const { currency, vatPercent } = checkoutMoney()
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
    const [row] = await tx
      .insert(orders)
      .values({
        number: newOrderNumber(),
        buyerUserId: draft.buyerUserId,
        sellerId: draft.sellerId,
        status: 'pending_payment',
        deliveryMethod: draft.deliveryMethod,
        addressId: draft.address?.id ?? null,
        address: draft.address?.snapshot ?? null,
        pickupCity: draft.pickupCity,
        pickupPoints: draft.pickupPoints,
        note: draft.note,
        currency,
        subtotal: draft.totals.subtotal,
        discount: draft.totals.discount,
        deliveryFee: draft.totals.deliveryFee,
        deliveryPaidByPlatform: draft.totals.deliveryPaidByPlatform,
        vatPercent,
        vat: draft.totals.vat,
        total: draft.totals.total,
        idempotencyKey: draft.idempotencyKey,
        paymentDueAt: new Date(draft.at.getTime() + minutes(constants.orders.paymentTimeoutMinutes)),
        createdAt: draft.at,
        updatedAt: draft.at,
      })
      .onConflictDoNothing()
      .returning({ orderId: orders.id, orderNumber: orders.number })
    if (row) return { order: row, created: true }
    const twin = await orderByKey(tx, draft.buyerUserId, draft.idempotencyKey)
    if (twin) return { order: twin, created: false }
  }
  throw new Error('could not find a free order number')
}

/** The snapshot lines (what was bought, at which tier and price, what stock it took) and the creation event. */
export async function writeOrderDetails(
  tx: Tx,
  details: {
    orderId: number
    lines: CheckoutLineRow[]
    reserved: Map<number, number>
    buyerUserId: number
    at: Date
  },
): Promise<void> {
  await tx.insert(orderLines).values(
    details.lines.map((line, position) => ({
      orderId: details.orderId,
      skuId: line.skuId,
      productId: line.productId,
      storeId: line.storeId,
      sku: line.sku,
      productName: line.productName,
      productNameFa: line.productNameFa,
      productSlug: line.productSlug,
      unit: line.unit,
      unitFa: line.unitFa,
      storeName: line.storeName,
      storeNameFa: line.storeNameFa,
      quantity: line.quantity,
      tierMinQuantity: line.tierMinQuantity,
      unitPrice: line.unitPrice,
      offerPrice: line.offerPrice,
      lineSubtotal: line.lineSubtotal,
      lineDiscount: line.lineDiscount,
      lineTotal: line.lineTotal,
      reservedQuantity: details.reserved.get(line.itemId) ?? 0,
      position,
    })),
  )
  await tx.insert(orderEvents).values({
    orderId: details.orderId,
    fromStatus: null,
    toStatus: 'pending_payment',
    actorKind: 'buyer',
    actorUserId: details.buyerUserId,
    createdAt: details.at,
  })
}
