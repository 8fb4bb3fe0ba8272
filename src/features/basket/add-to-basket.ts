import { notify } from '~/lib/notify'

/** What the product page knows about the offer a visitor wants (spec §3 "Product offer on a store"). */
export interface BasketOfferInput {
  sku: string
  quantity: number
  storeName: string
  sellerId: number
  unitPrice: number
  offerPrice: number
  pricePerPiece: number
  minQuantity: number
  remainingQuantity: number
  alwaysAvailable: boolean
  product: { id: number; name: string; slug: string; image: string | null; inStock: boolean; brand: string | null }
}

/**
 * SEAM for the basket issue (#6), which replaces this body with the basket machine's add
 * (spec §4 "Local add" for guests, POST /cart/b2b/cart-items when signed in). Until then it only
 * says so. Resolves true when the item was added, false otherwise (spec: "the add returns false").
 */
export async function addToBasket(_offer: BasketOfferInput): Promise<boolean> {
  notify('info', 'The basket arrives soon')
  return false
}
