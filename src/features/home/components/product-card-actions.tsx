import { CardAddToBasket } from '~/features/basket'
import type { ProductCardData as ProductCard } from '~/features/catalog'
import { AddToCompareButton } from '~/features/compare'

/**
 * The storefront's product card actions: compare, then add to basket. The catalogue's card knows
 * neither feature (both sit above it), so the storefront's pages (the home page here, and the
 * listing, category, store and landing routes) hand this to their cards.
 */
export function productCardActions(product: ProductCard) {
  return (
    <>
      <AddToCompareButton
        compact
        className="relative z-10"
        product={{ id: product.id, slug: product.slug, name: product.name, image: product.image }}
      />
      <CardAddToBasket slug={product.slug} name={product.name} inStock={product.inStock} />
    </>
  )
}
