import { type ProductDetail, type ProductOffer, isOutOfStock } from '~/features/catalog'
import type { BasketOffer, BasketProduct } from './basket.types'

// What a card or the product page needs to show its add button and to build the add: apart from
// add-to-basket.ts, which (with the toast's messages) loads on the first add (issue #21).

/**
 * What a product card or page knows about the offer a visitor wants (spec §3 "Product offer on a
 * store"), and optionally every offer of the product: the spec's local add looks the sku up among
 * the product's offers on its stores; without the list, this offer is taken as the only one.
 */
export interface BasketOfferInput extends BasketOffer {
  quantity: number
  product: BasketProduct & { offers?: BasketOffer[] }
}

export interface AddOptions {
  /** A card's add chose this offer as the cheapest of this many sellers' offers: the toast says so. */
  cheapestOf?: number
  /** Move focus to the header's basket button once added (the product page's add). */
  focusBasket?: boolean
}

/** A product page offer's fields, as the basket keeps them (spec §3 "Product offer on a store"). */
const basketOffer = (o: ProductOffer): BasketOffer => ({
  sku: o.sku,
  storeName: o.storeName,
  sellerId: o.sellerId,
  sellerName: o.sellerName,
  unitPrice: o.unitPrice,
  offerPrice: o.offerPrice,
  pricePerPiece: o.pricePerPiece,
  alwaysAvailable: o.alwaysAvailable,
  remainingQuantity: o.remainingQuantity,
  minQuantity: o.minQuantity,
})

/**
 * The add for one offer of a product, with every offer of the product: the spec's local add looks
 * the sku up among them. The product page and a card's add both build it here.
 */
export function offerInput(product: ProductDetail, offer: ProductOffer, quantity: number): BasketOfferInput {
  return {
    ...basketOffer(offer),
    quantity,
    product: {
      id: product.id,
      name: product.name,
      nameFa: product.nameFa,
      slug: product.slug,
      image: product.photos[0]?.url ?? null,
      inStock: product.inStock,
      brand: product.brand?.name ?? null,
      offers: product.offers.map(basketOffer),
    },
  }
}

/** Out of stock: not always available and nothing left (the catalogue's rule, for a basket offer too). */
export { isOutOfStock }

/**
 * A card's choice: the cheapest offer (by entry price) with enough stock for its minimum order;
 * failing that, the cheapest with any stock; none when every offer is out of stock.
 */
export function cheapestBuyableOffer<T extends BasketOffer>(offers: T[]): T | undefined {
  const price = (o: T) => (o.offerPrice > 0 ? o.offerPrice : o.unitPrice)
  const byPrice = offers.filter((o) => !isOutOfStock(o)).sort((a, b) => price(a) - price(b))
  return byPrice.find((o) => o.alwaysAvailable || o.remainingQuantity >= o.minQuantity) ?? byPrice[0]
}
