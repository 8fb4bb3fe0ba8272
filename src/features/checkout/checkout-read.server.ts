import '@tanstack/react-start/server-only'
import { and, asc, eq, sql } from 'drizzle-orm'
import { textInLocale } from '~/lib/i18n'
import {
  entryTier,
  firstPhotoUrl,
  parseQuoted,
  parseTiers,
  priceLineOrQuoted,
  quotedPriceJson,
  validTiersJson,
} from '~/features/basket/index.server'
import type { DbOrTx } from '~/server/db/client.server'
import { cartItems, carts, products, sellers, skus, stores } from '~/server/db/schema'
import { lineAmounts } from './checkout-totals'
import { lineProblem } from './checkout-rules'
import type { CheckoutLine, CheckoutView, PickupPoint } from './checkout.schemas'

/**
 * One seller's cart as checkout sees it, read fresh from the database: today's valid tiers, the
 * SKU, store, product and seller status, stock, and each line's problem. The page shows it and
 * placing an order re-reads it inside its transaction: nothing the browser says about prices counts.
 */

/** A line with the ids the order needs (the page gets only CheckoutLine). */
export interface CheckoutLineRow extends CheckoutLine {
  skuId: number
  productId: number
  storeId: number
  storeCity: string
  storePickupAddress: string
  storePickupHours: string
  /** The lowest minimum among today's tiers: a lowered quantity must still reach it. */
  entryMinQuantity: number
}

export interface CheckoutRead extends Omit<CheckoutView, 'lines' | 'currency' | 'vatPercent' | 'plusMember'> {
  lines: CheckoutLineRow[]
}

function checkoutQuery(db: DbOrTx, userId: number, cartId: number, at: Date) {
  const when = at.toISOString()
  return db
    .select({
      cartId: carts.id,
      sellerId: sellers.id,
      sellerName: sellers.displayName,
      sellerNameFa: sellers.displayNameFa,
      deliveryFee: sellers.deliveryFee,
      freeDeliveryThreshold: sellers.freeDeliveryThreshold,
      itemId: cartItems.id,
      quantity: cartItems.quantity,
      skuId: skus.id,
      sku: skus.sku,
      remainingQuantity: skus.remainingQuantity,
      alwaysAvailable: skus.alwaysAvailable,
      storeId: stores.id,
      storeName: stores.name,
      storeNameFa: stores.nameFa,
      storeCity: stores.city,
      storePickupAddress: stores.pickupAddress,
      storePickupHours: stores.pickupHours,
      productId: products.id,
      productName: products.name,
      productNameFa: products.nameFa,
      productSlug: products.slug,
      unit: products.unit,
      unitFa: products.unitFa,
      onOffer: sql<boolean>`(${sellers.status} = 'approved' and ${skus.status} = 'active'
        and ${stores.status} = 'active' and ${products.status} = 'active' and ${stores.sellerId} = ${carts.sellerId})`,
      photoUrl: firstPhotoUrl(products.id),
      tiers: validTiersJson(skus.id, when),
      quoted: quotedPriceJson(carts.buyerUserId, skus.id, cartItems.quantity, when),
    })
    .from(carts)
    .innerJoin(sellers, eq(sellers.id, carts.sellerId))
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .innerJoin(stores, eq(stores.id, skus.storeId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(carts.id, cartId), eq(carts.buyerUserId, userId)))
    .orderBy(asc(cartItems.id))
}

type Row = Awaited<ReturnType<typeof checkoutQuery>>[number]

function toLine(row: Row): CheckoutLineRow {
  const quantity = Number(row.quantity)
  const tiers = parseTiers(row.tiers)
  const price = priceLineOrQuoted(tiers, quantity, parseQuoted(row.quoted))
  const entry = entryTier(tiers)
  const alwaysAvailable = Boolean(row.alwaysAvailable)
  const remainingQuantity = Number(row.remainingQuantity)
  const unitPrice = price?.unitPrice ?? 0
  const offerPrice = price?.offerPrice ?? 0
  return {
    itemId: Number(row.itemId),
    skuId: Number(row.skuId),
    productId: Number(row.productId),
    storeId: Number(row.storeId),
    storeCity: row.storeCity,
    storePickupAddress: row.storePickupAddress,
    storePickupHours: row.storePickupHours,
    entryMinQuantity: entry?.minQuantity ?? 1,
    sku: row.sku,
    productName: row.productName,
    productNameFa: row.productNameFa,
    productSlug: row.productSlug,
    image: row.photoUrl,
    unit: row.unit,
    unitFa: row.unitFa,
    storeName: row.storeName,
    storeNameFa: row.storeNameFa,
    quantity,
    tierMinQuantity: price?.priceMinQuantity ?? 1,
    unitPrice,
    offerPrice,
    effectiveUnitPrice: price?.effectiveAmount ?? 0,
    ...lineAmounts({ unitPrice, offerPrice, quantity }),
    alwaysAvailable,
    remainingQuantity,
    problem: lineProblem({
      onOffer: Boolean(row.onOffer) && price !== null,
      quantity,
      entryMinQuantity: entry?.minQuantity ?? 1,
      alwaysAvailable,
      remainingQuantity,
    }),
  }
}

/** The buyer's cart with its lines, or null when it is not theirs, does not exist or is empty. */
export async function readCheckout(
  db: DbOrTx,
  userId: number,
  cartId: number,
  at: Date,
): Promise<CheckoutRead | null> {
  const rows = await checkoutQuery(db, userId, cartId, at)
  const first = rows[0]
  if (!first) return null
  const lines = rows.map(toLine)
  return {
    cartId: Number(first.cartId),
    seller: {
      id: Number(first.sellerId),
      name: textInLocale(first.sellerName, first.sellerNameFa),
      deliveryFee: Number(first.deliveryFee),
      freeDeliveryThreshold:
        first.freeDeliveryThreshold === null ? null : Number(first.freeDeliveryThreshold),
    },
    pickupCities: [...new Set(lines.map((line) => line.storeCity))].sort((a, b) => a.localeCompare(b)),
    pickupPoints: pickupPoints(lines),
    lines,
  }
}

/** Each store the goods come from once, with where and when to collect (by city, then store name). */
function pickupPoints(lines: CheckoutLineRow[]): PickupPoint[] {
  const byStore = new Map<number, PickupPoint>()
  for (const line of lines)
    if (!byStore.has(line.storeId))
      byStore.set(line.storeId, {
        store: line.storeName,
        storeFa: line.storeNameFa,
        city: line.storeCity,
        address: line.storePickupAddress,
        hours: line.storePickupHours,
      })
  return [...byStore.values()].sort((a, b) => a.city.localeCompare(b.city) || a.store.localeCompare(b.store))
}

/** What the page may see of a line (no internal ids). */
export function publicLine(line: CheckoutLineRow): CheckoutLine {
  const {
    skuId: _sku,
    productId: _product,
    storeId: _store,
    storeCity: _city,
    storePickupAddress: _address,
    storePickupHours: _hours,
    entryMinQuantity: _min,
    ...rest
  } = line
  return rest
}
