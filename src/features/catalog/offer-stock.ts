import type { ProductOffer } from './catalog.types'

/** Out of stock: not always available and nothing left (an offer on a page, a card or a basket line). */
export function isOutOfStock(offer: Pick<ProductOffer, 'alwaysAvailable' | 'remainingQuantity'>) {
  return !offer.alwaysAvailable && offer.remainingQuantity <= 0
}
