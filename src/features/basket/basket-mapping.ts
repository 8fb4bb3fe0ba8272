import type { ServerBasketItem, ServerCart } from './basket.schemas'
import type { BasketItem, Cart } from './basket.types'

/** The server basket (spec §3, snake_case) as the browser's model (camelCase, one shape for both). */

function toItem(cartId: string, item: ServerBasketItem): BasketItem {
  return {
    id: String(item.id),
    cartId,
    sku: item.sku,
    storeName: item.store_name,
    quantity: item.quantity,
    unitPrice: item.unit_price,
    pricePerPiece: item.price_per_piece,
    minQuantity: item.price_min_quantity,
    remainingQuantity: item.remaining_quantity,
    alwaysAvailable: item.always_available,
    hasDiscount: item.has_discount,
    effectiveAmount: item.effective_amount,
    effectiveUnitPrice: item.effective_unit_price,
    validity: item.validity ? { validFrom: item.validity.valid_from, validTo: item.validity.valid_to } : null,
    available: item.available,
    product: {
      id: item.product.id,
      name: item.product.name,
      slug: item.product.slug,
      // Spec §9: only the first product photo is used.
      image: item.product.photos[0]?.url ?? null,
      inStock: item.product.in_stock,
      brand: item.product.brand?.brand ?? null,
    },
  }
}

export function toClientBasket(carts: readonly ServerCart[]): Cart[] {
  return carts.map((cart) => {
    const id = String(cart.id)
    return {
      id,
      sellerId: cart.seller_id,
      sellerName: cart.seller_name,
      items: cart.items.map((item) => toItem(id, item)),
      itemsCount: cart.items_count,
      totalAmount: cart.total_amount,
      totalEffectiveAmount: cart.total_effective_amount,
    }
  })
}
