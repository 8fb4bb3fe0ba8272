import * as v from 'valibot'
import { basketCount, isValidQuantity, MAX_QUANTITY } from './basket-count'
import type { AddRequest, BasketItem, Cart } from './basket.types'

/**
 * The guest basket's rules (spec §4 Local add, Local remove, Local quantity update, Totals), as pure
 * functions of the carts: the machine calls them and saves the result under the 'cart' key.
 */

/** Spec §3: a local cart's id is made of the store name and the seller id. */
export const localCartId = (storeName: string, sellerId: number) => `${storeName}-${sellerId}`

/** Spec §4 Totals: unit price × quantity, effective amount × quantity, distinct items. */
export function withTotals(cart: Cart): Cart {
  let totalAmount = 0
  let totalEffectiveAmount = 0
  for (const item of cart.items) {
    totalAmount += item.unitPrice * item.quantity
    totalEffectiveAmount += item.effectiveAmount * item.quantity
  }
  return { ...cart, itemsCount: cart.items.length, totalAmount, totalEffectiveAmount }
}

export { basketCount, isValidQuantity }

export interface LocalContext {
  now: number
  newId: () => string
}

/**
 * Spec §4 Local add. Null when the sku's offer is not among the product's offers (the add fails).
 * Otherwise the seller's cart is created if absent, and the sku's quantity grows or a new item with
 * a generated id is added. Effective amount: the offer price if set, else the unit price.
 */
export function addLocal(carts: readonly Cart[], request: AddRequest, ctx: LocalContext): Cart[] | null {
  const offer = request.offers.find((o) => o.sku === request.sku)
  if (!offer || !isValidQuantity(request.quantity)) return null
  const existingCart = carts.find((cart) => cart.sellerId === offer.sellerId)
  const cart: Cart = existingCart ?? {
    id: localCartId(offer.storeName, offer.sellerId),
    sellerId: offer.sellerId,
    sellerName: offer.sellerName ?? offer.storeName,
    items: [],
    itemsCount: 0,
    totalAmount: 0,
    totalEffectiveAmount: 0,
  }
  const existing = cart.items.find((item) => item.sku === request.sku)
  const items = existing
    ? cart.items.map((item) =>
        item === existing
          ? { ...item, quantity: Math.min(item.quantity + request.quantity, MAX_QUANTITY) }
          : item,
      )
    : [
        ...cart.items,
        {
          id: ctx.newId(),
          cartId: cart.id,
          sku: offer.sku,
          storeName: offer.storeName,
          quantity: request.quantity,
          unitPrice: offer.unitPrice,
          pricePerPiece: offer.pricePerPiece,
          minQuantity: offer.minQuantity,
          remainingQuantity: offer.remainingQuantity,
          alwaysAvailable: offer.alwaysAvailable,
          hasDiscount: offer.offerPrice !== 0,
          effectiveAmount: offer.offerPrice ? offer.offerPrice : offer.unitPrice,
          effectiveUnitPrice: offer.offerPrice ? offer.offerPrice : offer.unitPrice,
          validity: null,
          available: true,
          product: request.product,
        } satisfies BasketItem,
      ]
  const updated = withTotals({ ...cart, items, lastUpdated: ctx.now })
  return existingCart ? carts.map((c) => (c === existingCart ? updated : c)) : [...carts, updated]
}

/** Spec §4 Local remove: a cart left without items is removed. */
export function removeLocal(carts: readonly Cart[], itemId: string, now: number): Cart[] {
  return carts.flatMap((cart) => {
    if (!cart.items.some((item) => item.id === itemId)) return [cart]
    const items = cart.items.filter((item) => item.id !== itemId)
    return items.length ? [withTotals({ ...cart, items, lastUpdated: now })] : []
  })
}

/** Spec §4 Local quantity update: sets the quantity. */
export function setLocalQuantity(
  carts: readonly Cart[],
  itemId: string,
  quantity: number,
  now: number,
): Cart[] {
  return carts.map((cart) =>
    cart.items.some((item) => item.id === itemId)
      ? withTotals({
          ...cart,
          items: cart.items.map((item) => (item.id === itemId ? { ...item, quantity } : item)),
          lastUpdated: now,
        })
      : cart,
  )
}

export function findItem(carts: readonly Cart[], itemId: string): { cart: Cart; item: BasketItem } | null {
  for (const cart of carts) {
    const item = cart.items.find((i) => i.id === itemId)
    if (item) return { cart, item }
  }
  return null
}

const money = v.pipe(v.number(), v.integer(), v.minValue(0))
const storedItem = v.object({
  id: v.string(),
  cartId: v.string(),
  sku: v.string(),
  storeName: v.string(),
  quantity: v.pipe(v.number(), v.check(isValidQuantity)),
  unitPrice: money,
  pricePerPiece: money,
  minQuantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  remainingQuantity: v.pipe(v.number(), v.integer()),
  alwaysAvailable: v.boolean(),
  hasDiscount: v.boolean(),
  effectiveAmount: money,
  effectiveUnitPrice: money,
  validity: v.nullable(v.object({ validFrom: v.string(), validTo: v.nullable(v.string()) })),
  available: v.optional(v.boolean(), true),
  product: v.object({
    id: v.number(),
    name: v.string(),
    // Absent in a basket saved before the Persian name was kept: the English one shows.
    nameFa: v.optional(v.nullable(v.string())),
    slug: v.string(),
    image: v.nullable(v.string()),
    inStock: v.boolean(),
    brand: v.nullable(v.string()),
  }),
})
const storedCart = v.object({
  id: v.string(),
  sellerId: v.number(),
  sellerName: v.string(),
  items: v.pipe(v.array(storedItem), v.minLength(1)),
  lastUpdated: v.optional(v.number()),
})

/**
 * The carts saved under 'cart', or [] when there is nothing usable there. Totals are recomputed,
 * not trusted: storage may hold anything an older version of the app (or a person) left in it.
 */
export function parseStoredCarts(value: unknown): Cart[] {
  if (!Array.isArray(value)) return []
  // One unreadable cart is dropped; the others are kept.
  return value.flatMap((entry) => {
    const parsed = v.safeParse(storedCart, entry)
    if (!parsed.success) return []
    return [withTotals({ ...parsed.output, itemsCount: 0, totalAmount: 0, totalEffectiveAmount: 0 })]
  })
}

/** The local items as the fill call takes them. */
export const fillItemsOf = (carts: readonly Cart[]) =>
  carts.flatMap((cart) => cart.items.map((item) => ({ sku: item.sku, quantity: item.quantity })))

/**
 * The fill's idempotency key, derived from the local basket's content and change times: a retry of
 * the same basket (the response was lost) sends the same key, a changed basket a new one.
 */
export function fillKeyOf(carts: readonly Cart[]): string {
  const text = JSON.stringify(carts.map((cart) => [cart.id, cart.lastUpdated ?? 0, fillItemsOf([cart])]))
  let a = 0x811c9dc5
  let b = 0x01000193
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193) >>> 0
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0
  }
  return `fill-${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}-${text.length}`
}
