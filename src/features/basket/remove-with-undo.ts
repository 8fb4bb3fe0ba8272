import { nameInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { notify } from '~/lib/notify'
import { requestAdd, type BasketActor } from './basket-actor'
import type { AddRequest, BasketItem, Cart } from './basket.types'
import { findItem } from './local-basket'

/** The add that puts a removed line back as it was: same offer, same quantity. */
export function restoreRequest(cart: Cart, item: BasketItem): AddRequest {
  const offer = {
    sku: item.sku,
    storeName: item.storeName,
    sellerId: cart.sellerId,
    sellerName: cart.sellerName,
    unitPrice: item.unitPrice,
    offerPrice: item.hasDiscount ? item.effectiveUnitPrice : 0,
    pricePerPiece: item.pricePerPiece,
    alwaysAvailable: item.alwaysAvailable,
    remainingQuantity: item.remainingQuantity,
    minQuantity: item.minQuantity,
  }
  return { sku: item.sku, quantity: item.quantity, product: item.product, offers: [offer] }
}

/**
 * Removes a basket line at once and offers to undo it in the toast (clearing the whole basket asks
 * first; one line is quick to put back instead). Undo adds the same offer and quantity again.
 */
export function removeWithUndo(actor: BasketActor, itemId: string): void {
  const found = findItem(actor.getSnapshot().context.carts, itemId)
  actor.send({ type: 'REMOVE', itemId })
  if (!found) return
  const { cart, item } = found
  notify('info', m.buyer_basket_removed({ name: nameInLocale(item.product) }), {
    action: {
      label: m.buyer_basket_undo(),
      onClick: () => {
        void requestAdd(actor, restoreRequest(cart, item)).then((ok) => {
          if (ok) notify('success', m.buyer_basket_back({ name: nameInLocale(item.product) }))
        })
      },
    },
  })
}
