/**
 * Orders for tests: `createPendingOrder` inserts an order awaiting payment with its lines, takes the
 * ordered units off the SKUs' stock (as checkout does) and records the creation event, all without
 * going through checkout. Totals are computed from each line's unit price; VAT 10 % by default.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import { randomInt } from 'node:crypto'
import { constants } from '#app-config'
import type { DeliveryMethod } from '~/lib/domain-enums'
import { now } from '~/server/clock.server'
import type { DbOrTx } from '~/server/db/client.server'
import {
  orderEvents,
  orderLines,
  orders,
  prices,
  products,
  skus,
  stockMovements,
  stores,
} from '~/server/db/schema'
import {
  createSeller,
  createSku,
  createStore,
  createUser,
  type SellerRow,
  type SkuRow,
  type UserRow,
} from './create'

export type OrderRow = typeof orders.$inferSelect
export type OrderLineRow = typeof orderLines.$inferSelect

export interface PendingOrderLine {
  sku: Pick<SkuRow, 'id'>
  quantity: number
  /** Defaults to the SKU's lowest-tier unit price (or 1,000,000). */
  unitPrice?: number
}

export interface CreatePendingOrderInput {
  buyer?: Pick<UserRow, 'id'>
  /** Defaults to the seller of the first line's store, or a new approved seller. */
  seller?: Pick<SellerRow, 'id'>
  /** Defaults to one line of 2 units of a new SKU (100 in stock) in a new store of the seller. */
  lines?: PendingOrderLine[]
  deliveryMethod?: DeliveryMethod
  deliveryFee?: number
  vatPercent?: number
  /** Defaults to now() + the 30-minute payment timeout. */
  paymentDueAt?: Date
  number?: string
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

export function randomOrderNumber(): string {
  let s = 'OM-'
  for (let i = 0; i < 8; i++) s += ALPHABET[randomInt(ALPHABET.length)]
  return s
}

export async function createPendingOrder(
  db: DbOrTx,
  input: CreatePendingOrderInput = {},
): Promise<OrderRow & { lines: OrderLineRow[] }> {
  const buyer = input.buyer ?? (await createUser(db))
  let lines = input.lines
  let sellerId = input.seller?.id
  if (!lines) {
    const seller = input.seller ?? (await createSeller(db))
    sellerId = seller.id
    const store = await createStore(db, { seller })
    lines = [{ sku: await createSku(db, { store }), quantity: 2 }]
  }
  const skuRows = await db
    .select({
      id: skus.id,
      sku: skus.sku,
      alwaysAvailable: skus.alwaysAvailable,
      productId: products.id,
      productName: products.name,
      productSlug: products.slug,
      unit: products.unit,
      storeId: stores.id,
      storeName: stores.name,
      sellerId: stores.sellerId,
      lowestPrice: sql<
        number | null
      >`(select ${prices.unitPrice} from ${prices} where ${prices.skuId} = ${skus.id} order by ${prices.minQuantity} limit 1)`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(stores, eq(stores.id, skus.storeId))
    .where(
      inArray(
        skus.id,
        lines.map((l) => l.sku.id),
      ),
    )
  const byId = new Map(skuRows.map((r) => [r.id, r]))
  sellerId ??= skuRows[0]?.sellerId
  if (!sellerId) throw new Error('createPendingOrder: no seller')

  const priced = lines.map((line, position) => {
    const sku = byId.get(line.sku.id)
    if (!sku) throw new Error(`createPendingOrder: SKU ${line.sku.id} not found`)
    const unitPrice = line.unitPrice ?? sku.lowestPrice ?? 1_000_000
    return { line, sku, unitPrice, position, lineTotal: unitPrice * line.quantity }
  })
  const subtotal = priced.reduce((sum, p) => sum + p.lineTotal, 0)
  const deliveryMethod = input.deliveryMethod ?? 'pickup'
  const deliveryFee = input.deliveryFee ?? 0
  const vatPercent = input.vatPercent ?? constants.money.vatPercent
  const vat = Math.round(((subtotal + deliveryFee) * vatPercent) / 100)
  const [order] = await db
    .insert(orders)
    .values({
      number: input.number ?? randomOrderNumber(),
      buyerUserId: buyer.id,
      sellerId,
      status: 'pending_payment',
      deliveryMethod,
      address:
        deliveryMethod === 'pickup'
          ? null
          : {
              title: 'Shop',
              province: 'Tehran',
              city: 'Tehran',
              street: 'No. 1, Enghelab St',
              postalCode: '1234567890',
              receiverName: 'Test Receiver',
              receiverPhone: '+989360000000',
            },
      pickupCity: deliveryMethod === 'pickup' ? 'Tehran' : null,
      currency: constants.money.currency,
      subtotal,
      discount: 0,
      deliveryFee,
      vatPercent,
      vat,
      total: subtotal + deliveryFee + vat,
      idempotencyKey: `test-${randomOrderNumber()}`,
      paymentDueAt:
        input.paymentDueAt ?? new Date(now().getTime() + constants.orders.paymentTimeoutMinutes * 60_000),
      createdAt: now(),
      updatedAt: now(),
    })
    .returning()
  if (!order) throw new Error('createPendingOrder: insert returned no row')

  const lineRows = await db
    .insert(orderLines)
    .values(
      priced.map(({ line, sku, unitPrice, position, lineTotal }) => ({
        orderId: order.id,
        skuId: sku.id,
        productId: sku.productId,
        storeId: sku.storeId,
        sku: sku.sku,
        productName: sku.productName,
        productSlug: sku.productSlug,
        unit: sku.unit,
        storeName: sku.storeName,
        quantity: line.quantity,
        tierMinQuantity: 1,
        unitPrice,
        lineSubtotal: lineTotal,
        lineTotal,
        reservedQuantity: sku.alwaysAvailable ? 0 : line.quantity,
        position,
      })),
    )
    .returning()
  for (const { line, sku } of priced) {
    if (sku.alwaysAvailable) continue
    const [left] = await db
      .update(skus)
      .set({ remainingQuantity: sql`${skus.remainingQuantity} - ${line.quantity}` })
      .where(eq(skus.id, sku.id))
      .returning({ remaining: skus.remainingQuantity })
    await db.insert(stockMovements).values({
      skuId: sku.id,
      kind: 'reservation',
      delta: -line.quantity,
      resultingQuantity: left!.remaining,
      actorUserId: buyer.id,
      orderId: order.id,
    })
  }
  await db.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: 'pending_payment',
    actorKind: 'buyer',
    actorUserId: buyer.id,
    createdAt: now(),
  })
  return { ...order, lines: lineRows }
}
