import { notify } from '~/lib/notify'
import { loadBasketModule } from './basket-loader'
import type { BasketOffer, BasketProduct } from './basket.types'

/**
 * What a product card or page knows about the offer a visitor wants (spec §3 "Product offer on a
 * store"), and optionally every offer of the product: the spec's local add looks the sku up among
 * the product's offers on its stores; without the list, this offer is taken as the only one.
 */
export interface BasketOfferInput extends BasketOffer {
  quantity: number
  product: BasketProduct & { offers?: BasketOffer[] }
}

/**
 * Adds to the basket: locally for a guest (spec §4 "Local add"), on the server when signed in
 * (POST /cart/b2b/cart-items, then the basket reloads). Resolves true when the item was added,
 * false otherwise (spec: "the add returns false"). Success is confirmed with a toast; a failure
 * shows no message (spec §8), the caller decides whether to say more.
 */
export async function addToBasket(input: BasketOfferInput): Promise<boolean> {
  if (typeof window === 'undefined') return false
  const { quantity, product, ...offer } = input
  const { offers, ...productRef } = product
  const { browserBasket, requestAdd } = await loadBasketModule()
  const added = await requestAdd(browserBasket(), {
    sku: offer.sku,
    quantity,
    product: productRef,
    offers: offers ?? [offer],
  })
  if (added) notify('success', `Added ${quantity} × ${productRef.name} to your basket`)
  return added
}
