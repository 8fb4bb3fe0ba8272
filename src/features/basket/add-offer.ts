import type { ProductDetail, ProductOffer } from '~/features/catalog'
import { offerInput } from './basket-offer'

/**
 * The product page's add: one offer of the product at a quantity, then focus on the header's
 * basket. The page's route hands it to the catalogue's offers table. The add and its toast load
 * on the first add (issue #21): `import()`, so they stay out of the product page's first load.
 */
export async function addProductOffer(product: ProductDetail, offer: ProductOffer, quantity: number) {
  const { addToBasket } = await import('./add-to-basket')
  await addToBasket(offerInput(product, offer, quantity), { focusBasket: true })
}
