import '@tanstack/react-start/server-only'
import { randomBytes } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { type Tier, priceLine } from '~/features/basket/index.server'
import { checkoutTotals, lineAmounts } from '~/features/checkout/index.server'
import { type OrderActor, transitionOrder } from '~/features/orders/index.server'
import { changeStock } from '~/features/inventory/index.server'
import { demoOrderNumbers } from './data/demo-accounts'
import type { DeliveryMethod, OrderStatus } from '~/lib/domain-enums'
import type { Tx } from '~/server/db/client.server'
import {
  invoices,
  orderEvents,
  orderLines,
  orders,
  paymentSessions,
  prices,
  products,
  sellers,
  skus,
  stores,
  type AddressSnapshot,
} from '~/server/db/schema'

/**
 * Demo orders for the demo buyer with the demo seller, one in each of several states, moved through
 * the real state machine (transitionOrder) so their timelines, invoices and messages are what the
 * product would have produced. Timelines are then spread over the past days so they read naturally.
 */

interface DemoOrderPlan {
  number: string
  /** Which of the seller's offers, by position, and how many. */
  lines: { offer: number }[]
  deliveryMethod: DeliveryMethod
  /** The moves after creation, in order, with who made them. */
  moves: {
    to: OrderStatus
    by: 'system' | 'seller' | 'buyer'
    shipping?: { carrier: string; trackingNumber: string }
  }[]
  /** How long ago it was placed, and the gap between its moves, in minutes. */
  placedMinutesAgo: number
  stepMinutes: number
  note?: string
}

const PLANS: DemoOrderPlan[] = [
  {
    number: demoOrderNumbers.paid,
    lines: [{ offer: 0 }, { offer: 1 }],
    deliveryMethod: 'seller_delivery',
    moves: [{ to: 'paid', by: 'system' }],
    placedMinutesAgo: 90,
    stepMinutes: 4,
    note: 'Please deliver before noon.',
  },
  {
    number: demoOrderNumbers.accepted,
    lines: [{ offer: 2 }],
    deliveryMethod: 'pickup',
    moves: [
      { to: 'paid', by: 'system' },
      { to: 'accepted', by: 'seller' },
    ],
    placedMinutesAgo: 26 * 60,
    stepMinutes: 45,
  },
  {
    number: demoOrderNumbers.shipped,
    lines: [{ offer: 3 }, { offer: 4 }],
    deliveryMethod: 'seller_delivery',
    moves: [
      { to: 'paid', by: 'system' },
      { to: 'accepted', by: 'seller' },
      { to: 'shipped', by: 'seller', shipping: { carrier: 'Tipax', trackingNumber: 'TPX-40021877' } },
    ],
    placedMinutesAgo: 3 * 24 * 60,
    stepMinutes: 6 * 60,
  },
  {
    number: demoOrderNumbers.completed,
    lines: [{ offer: 5 }],
    deliveryMethod: 'seller_delivery',
    moves: [
      { to: 'paid', by: 'system' },
      { to: 'accepted', by: 'seller' },
      { to: 'shipped', by: 'seller', shipping: { carrier: 'Chapar', trackingNumber: 'CH-7781-2209' } },
      { to: 'delivered', by: 'buyer' },
      { to: 'completed', by: 'buyer' },
    ],
    placedMinutesAgo: 8 * 24 * 60,
    stepMinutes: 18 * 60,
  },
]

const DEMO_ADDRESS: AddressSnapshot = {
  title: 'Shop',
  province: 'Tehran',
  city: 'Tehran',
  street: 'No. 14, Valiasr St, near Vanak Sq',
  postalCode: '1969714311',
  receiverName: 'Bahram Rahimi',
  receiverPhone: '+989120000002',
}

/** The seller's buyable offers: active SKU, store and product, with tiers valid at `now`. */
async function buyableOffers(tx: Tx, sellerId: number, now: Date) {
  const rows = await tx
    .select({
      skuId: skus.id,
      sku: skus.sku,
      remaining: skus.remainingQuantity,
      alwaysAvailable: skus.alwaysAvailable,
      productId: products.id,
      productName: products.name,
      productNameFa: products.nameFa,
      productSlug: products.slug,
      unit: products.unit,
      unitFa: products.unitFa,
      storeId: stores.id,
      storeName: stores.name,
      storeNameFa: stores.nameFa,
      storeCity: stores.city,
    })
    .from(skus)
    .innerJoin(stores, eq(stores.id, skus.storeId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(
      and(
        eq(stores.sellerId, sellerId),
        eq(stores.status, 'active'),
        eq(skus.status, 'active'),
        eq(products.status, 'active'),
        or(eq(skus.alwaysAvailable, true), gt(skus.remainingQuantity, 200)),
      ),
    )
    .orderBy(asc(skus.id))
    .limit(40)
  const tierRows = rows.length
    ? await tx
        .select()
        .from(prices)
        .where(
          and(
            inArray(
              prices.skuId,
              rows.map((r) => r.skuId),
            ),
            lte(prices.validFrom, now),
            or(isNull(prices.validTo), gt(prices.validTo, now)),
          ),
        )
    : []
  return rows
    .map((row) => ({
      ...row,
      tiers: tierRows
        .filter((t) => t.skuId === row.skuId)
        .map((t): Tier => ({
          minQuantity: t.minQuantity,
          unitPrice: t.unitPrice,
          offerPrice: t.offerPrice,
          pricePerPiece: t.pricePerPiece,
          validFrom: t.validFrom.toISOString(),
          validTo: t.validTo?.toISOString() ?? null,
        })),
    }))
    .filter((row) => row.tiers.length > 0)
}

/** Creates the demo orders; returns how many. Needs the catalogue (and its read model) in place. */
export async function seedDemoOrders(
  tx: Tx,
  input: { buyerUserId: number; sellerId: number; now: Date; currency: string; vatPercent: number },
): Promise<number> {
  const [seller] = await tx.select().from(sellers).where(eq(sellers.id, input.sellerId))
  if (!seller) return 0
  const offers = await buyableOffers(tx, seller.id, input.now)
  if (offers.length < 6) return 0
  const actors: Record<'system' | 'seller' | 'buyer', OrderActor> = {
    system: { kind: 'system', userId: null },
    seller: { kind: 'seller', userId: seller.ownerUserId },
    buyer: { kind: 'buyer', userId: input.buyerUserId },
  }

  for (const [index, plan] of PLANS.entries()) {
    const lines = plan.lines.map(({ offer }, position) => {
      const o = offers[offer]!
      // A wholesale quantity that meets the entry tier: a few packs' worth.
      const entryMin = Math.min(...o.tiers.map((t) => t.minQuantity))
      const wanted = Math.max(entryMin, 1) * (2 + ((index + position) % 3))
      // Never sell the last units of a stocked offer: the demo catalogue should stay in stock.
      const quantity = o.alwaysAvailable ? wanted : Math.max(1, Math.min(wanted, o.remaining - 1))
      const price = priceLine(o.tiers, quantity)!
      return { o, quantity, price, position }
    })
    const totals = checkoutTotals({
      lines: lines.map((l) => ({
        unitPrice: l.price.unitPrice,
        offerPrice: l.price.offerPrice,
        quantity: l.quantity,
      })),
      deliveryMethod: plan.deliveryMethod,
      delivery: { fee: seller.deliveryFee, freeDeliveryThreshold: seller.freeDeliveryThreshold },
      vatPercent: input.vatPercent,
    })
    const placedAt = new Date(input.now.getTime() - plan.placedMinutesAgo * 60_000)
    const [order] = await tx
      .insert(orders)
      .values({
        number: plan.number,
        buyerUserId: input.buyerUserId,
        sellerId: seller.id,
        status: 'pending_payment',
        deliveryMethod: plan.deliveryMethod,
        address: plan.deliveryMethod === 'pickup' ? null : DEMO_ADDRESS,
        pickupCity: plan.deliveryMethod === 'pickup' ? lines[0]!.o.storeCity : null,
        note: plan.note ?? '',
        currency: input.currency,
        subtotal: totals.subtotal,
        discount: totals.discount,
        deliveryFee: totals.deliveryFee,
        vatPercent: input.vatPercent,
        vat: totals.vat,
        total: totals.total,
        idempotencyKey: `demo-seed-${index}`,
        paymentDueAt: new Date(placedAt.getTime() + 30 * 60_000),
        createdAt: placedAt,
        updatedAt: placedAt,
      })
      .returning()
    await tx.insert(orderLines).values(
      lines.map(({ o, quantity, price, position }) => ({
        orderId: order!.id,
        skuId: o.skuId,
        productId: o.productId,
        storeId: o.storeId,
        sku: o.sku,
        productName: o.productName,
        productNameFa: o.productNameFa,
        productSlug: o.productSlug,
        unit: o.unit,
        unitFa: o.unitFa,
        storeName: o.storeName,
        storeNameFa: o.storeNameFa,
        quantity,
        tierMinQuantity: price.priceMinQuantity,
        unitPrice: price.unitPrice,
        offerPrice: price.offerPrice,
        ...lineAmounts({ unitPrice: price.unitPrice, offerPrice: price.offerPrice, quantity }),
        reservedQuantity: o.alwaysAvailable ? 0 : quantity,
        position,
      })),
    )
    for (const { o, quantity } of lines) {
      if (o.alwaysAvailable) continue
      await changeStock(tx, {
        skuId: o.skuId,
        delta: -quantity,
        kind: 'reservation',
        actorUserId: input.buyerUserId,
        orderId: order!.id,
      })
    }
    await tx.insert(orderEvents).values({
      orderId: order!.id,
      fromStatus: null,
      toStatus: 'pending_payment',
      actorKind: 'buyer',
      actorUserId: input.buyerUserId,
      createdAt: placedAt,
    })
    // The sandbox bank's record of the payment, so a demo cancel is refunded like a real one.
    await tx.insert(paymentSessions).values({
      id: randomBytes(24).toString('base64url'),
      orderId: order!.id,
      provider: 'sandbox',
      amount: totals.total,
      currency: input.currency,
      status: 'succeeded',
      providerReference: `SANDBOX-DEMO-${index + 1}`,
      expiresAt: new Date(placedAt.getTime() + 30 * 60_000),
      completedAt: new Date(placedAt.getTime() + 3 * 60_000),
      createdAt: new Date(placedAt.getTime() + 60_000),
    })
    for (const move of plan.moves) {
      await transitionOrder(tx, {
        orderId: order!.id,
        to: move.to,
        actor: actors[move.by],
        shipping: move.shipping,
      })
    }
    await spreadTimeline(tx, order!.id, placedAt, plan.stepMinutes)
  }
  return PLANS.length
}

/** Back-dates an order's moves to one every `stepMinutes` after it was placed (same UTC year only). */
async function spreadTimeline(tx: Tx, orderId: number, placedAt: Date, stepMinutes: number) {
  const events = await tx
    .select({ id: orderEvents.id, to: orderEvents.toStatus })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), sql`${orderEvents.fromStatus} is not null`))
    .orderBy(asc(orderEvents.id))
  const [invoice] = await tx
    .select({ year: invoices.year })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
  let at = placedAt
  for (const [i, event] of events.entries()) {
    at = new Date(placedAt.getTime() + (i === 0 ? 3 : i * stepMinutes) * 60_000)
    if (event.to === 'paid' && invoice && at.getUTCFullYear() !== invoice.year) return
    await tx.update(orderEvents).set({ createdAt: at }).where(eq(orderEvents.id, event.id))
    if (event.to === 'paid') {
      await tx.update(orders).set({ paidAt: at }).where(eq(orders.id, orderId))
      await tx.update(invoices).set({ issuedAt: at }).where(eq(invoices.orderId, orderId))
    }
  }
  await tx.update(orders).set({ updatedAt: at }).where(eq(orders.id, orderId))
}
