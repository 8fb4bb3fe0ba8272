import { Link } from '@tanstack/react-router'
import { createElement } from 'react'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { loadBasketModule } from './basket-loader'
import { HEADER_BASKET_ID } from './basket-status'
import type { ProductDetail, ProductOffer } from '~/features/catalog/catalog.types'
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
      slug: product.slug,
      image: product.photos[0]?.url ?? null,
      inStock: product.inStock,
      brand: product.brand?.name ?? null,
      offers: product.offers.map(basketOffer),
    },
  }
}

export { HEADER_BASKET_ID } from './basket-status'

/** Out of stock: not always available and nothing left. */
export function isOutOfStock(offer: Pick<BasketOffer, 'alwaysAvailable' | 'remainingQuantity'>) {
  return !offer.alwaysAvailable && offer.remainingQuantity <= 0
}

/**
 * A card's choice: the cheapest offer (by entry price) with enough stock for its minimum order;
 * failing that, the cheapest with any stock; none when every offer is out of stock.
 */
export function cheapestBuyableOffer<T extends BasketOffer>(offers: T[]): T | undefined {
  const price = (o: T) => (o.offerPrice > 0 ? o.offerPrice : o.unitPrice)
  const byPrice = offers.filter((o) => !isOutOfStock(o)).sort((a, b) => price(a) - price(b))
  return byPrice.find((o) => o.alwaysAvailable || o.remainingQuantity >= o.minQuantity) ?? byPrice[0]
}

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
      product: input.product.name,
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
      m.buyer_basket_out_at({ name: input.product.name, seller: input.sellerName ?? input.storeName }),
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
