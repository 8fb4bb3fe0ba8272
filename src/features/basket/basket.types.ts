/**
 * The basket as the browser holds it (spec §3 Basket and Basket item), the same shape for a guest's
 * local carts and for the server's, so every screen and rule reads one model. Money is integer
 * minor units throughout.
 */

export interface BasketProduct {
  id: number
  name: string
  /**
   * The Persian name, when the product has one: a guest's basket keeps both (it is stored in the
   * browser and read back in either language) and shows the reader's (`nameInLocale`). A signed-in
   * basket's name comes from the server already in the reader's language, so it has none.
   */
  nameFa?: string | null
  slug: string
  /** The first photo's URL. */
  image: string | null
  inStock: boolean
  brand: string | null
}

export interface BasketItem {
  /** Generated for a local item; the server's item id (as text) for a signed-in one. */
  id: string
  cartId: string
  sku: string
  storeName: string
  quantity: number
  unitPrice: number
  pricePerPiece: number
  /** The price's minimum quantity: below it the notice shows (and checkout refuses). */
  minQuantity: number
  remainingQuantity: number
  alwaysAvailable: boolean
  hasDiscount: boolean
  /** Per unit: the offer price when there is one, else the unit price. */
  effectiveAmount: number
  effectiveUnitPrice: number
  /** The server's price validity, passed through; null for a local item. */
  validity: { validFrom: string; validTo: string | null } | null
  /** False when the server says it is no longer on offer (shown, not counted in totals). */
  available: boolean
  product: BasketProduct
}

export interface Cart {
  /** Local: store name + seller id (spec §3). Signed in: the server's cart id. */
  id: string
  sellerId: number
  sellerName: string
  items: BasketItem[]
  itemsCount: number
  totalAmount: number
  totalEffectiveAmount: number
  /** Local carts only: when it last changed (ms since the epoch). */
  lastUpdated?: number
}

/** Spec §3 "Product offer on a store": what a product page knows about one store's offer. */
export interface BasketOffer {
  sku: string
  storeName: string
  sellerId: number
  /** Shown as the cart's heading; the store name stands in when the page does not know it. */
  sellerName?: string
  unitPrice: number
  /** 0: no discount. */
  offerPrice: number
  pricePerPiece: number
  alwaysAvailable: boolean
  remainingQuantity: number
  minQuantity: number
}

/** An add from a product card or page: the sku and quantity, and the product with its offers. */
export interface AddRequest {
  sku: string
  quantity: number
  product: BasketProduct
  /** The product's offers on its stores: the sku's offer must be among them (spec §4). */
  offers: BasketOffer[]
}

/** What comparing a reloaded server basket with the previous one found (spec §4 cart alerts). */
export interface BasketNotice {
  id: string
  kind: 'price_changed' | 'unavailable' | 'deleted'
  cartId: string
  sellerName: string
  sku: string
  productName: string
  /** price_changed: the effective unit price before and after. */
  from?: number
  to?: number
}

export type QuantityIssue = 'below_minimum' | 'above_stock'
