import { Link } from '@tanstack/react-router'
import { createElement } from 'react'
import { nameInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { loadBasketModule } from './basket-loader'
import { HEADER_BASKET_ID } from './basket-status'
import type { ProductDetail } from '~/features/catalog'
import {
  cheapestBuyableOffer,
  isOutOfStock,
  offerInput,
  type AddOptions,
  type BasketOfferInput,
} from './basket-offer'

// The card and the product page import this module on the first add (`import()`), so it and the
// toast's messages stay out of their pages' first load; what they render with is in basket-offer.ts.
export {
  cheapestBuyableOffer,
  isOutOfStock,
  offerInput,
  type AddOptions,
  type BasketOfferInput,
} from './basket-offer'
export { HEADER_BASKET_ID } from './basket-status'

/** The toast's words: what was added, from which seller, and the offer's stock and minimum. */
export function addedMessage(input: BasketOfferInput, options: AddOptions = {}) {
  const seller = input.sellerName ?? input.storeName
  const store =
    input.sellerName && input.sellerName !== input.storeName
      ? m.buyer_basket_added_store({ store: input.storeName })
      : ''
  const cheapest =
    options.cheapestOf && options.cheapestOf > 1
      ? m.buyer_basket_added_cheapest({ count: formatNumber(options.cheapestOf) })
      : ''
  const stock = input.alwaysAvailable
    ? m.buyer_basket_always_available()
    : m.buyer_basket_in_stock({ count: formatNumber(input.remainingQuantity) })
  return {
    title: m.buyer_basket_added_title({
      quantity: formatNumber(input.quantity),
      product: nameInLocale(input.product),
      seller,
      store,
      cheapest,
    }),
    description: m.buyer_basket_added_description({ min: formatNumber(input.minQuantity), stock }),
  }
}

/**
 * Adds to the basket: locally for a guest (spec §4 "Local add"), on the server when signed in
 * (POST /cart/b2b/cart-items, then the basket reloads). Resolves true when the item was added,
 * false otherwise (spec: "the add returns false"). Success is confirmed with a toast that names
 * the seller and links to the basket; a failure shows no message (spec §8), the caller decides
 * whether to say more. The basket does not check quantities (spec), but an offer with nothing
 * left is refused here with a warning instead of an "Added" that checkout would later undo.
 */
export async function addToBasket(input: BasketOfferInput, options: AddOptions = {}): Promise<boolean> {
  if (typeof window === 'undefined') return false
  if (isOutOfStock(input)) {
    notify(
      'warning',
      m.buyer_basket_out_at({
        name: nameInLocale(input.product),
        seller: input.sellerName ?? input.storeName,
      }),
    )
    return false
  }
  const { quantity, product, ...offer } = input
  const { offers, ...productRef } = product
  const { browserBasket, requestAdd } = await loadBasketModule()
  const added = await requestAdd(browserBasket(), {
    sku: offer.sku,
    quantity,
    product: productRef,
    offers: offers ?? [offer],
  })
  if (added) {
    const { title, description } = addedMessage(input, options)
    notify('success', title, {
      description,
      action: createElement(
        Link,
        {
          to: '/cart',
          className:
            'ms-auto shrink-0 rounded-md bg-white px-2 py-1 text-xs font-semibold text-stone-900 underline',
        },
        m.buyer_basket_view(),
      ),
    })
    if (options.focusBasket) document.getElementById(HEADER_BASKET_ID)?.focus()
  }
  return added
}

/**
 * A product card's add: the card knows no offers, so it fetches the product and this adds the
 * cheapest offer in stock at its minimum quantity; the toast names that seller and says it was the
 * cheapest. Out of stock everywhere: a warning instead.
 */
export async function addCheapestOffer(product: ProductDetail): Promise<boolean> {
  const cheapest = cheapestBuyableOffer(product.offers)
  if (!cheapest) {
    notify('warning', m.buyer_basket_out_everywhere({ name: nameInLocale(product) }))
    return false
  }
  return addToBasket(offerInput(product, cheapest, cheapest.minQuantity), {
    cheapestOf: new Set(product.offers.map((o) => o.sellerId)).size,
  })
}
