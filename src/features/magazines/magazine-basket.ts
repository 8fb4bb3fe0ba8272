import { type AddRequest, fillBasket, loadBasketModule } from '~/features/basket'
import { track } from '~/features/analytics'
import type { PageAddPlan, PublicItem } from './magazines.schemas'

/** The basket's add request for a magazine item (spec §3 "Product offer on a store"). */
export function addRequestOf(item: PublicItem, quantity: number): AddRequest {
  const offer = {
    sku: item.sku,
    storeName: item.storeName,
    sellerId: item.sellerId,
    sellerName: item.sellerName,
    unitPrice: item.unitPrice,
    offerPrice: item.offerPrice,
    pricePerPiece: item.pricePerPiece,
    alwaysAvailable: item.alwaysAvailable,
    remainingQuantity: item.remainingQuantity,
    minQuantity: item.minQuantity,
  }
  return {
    sku: item.sku,
    quantity,
    product: {
      id: item.productId,
      name: item.name,
      slug: item.productSlug,
      image: item.image,
      inStock: item.inStock,
      brand: item.brand,
    },
    offers: [offer],
  }
}

/**
 * "Add this page to basket": a signed-in buyer's items go in one fill (one server transaction),
 * then the basket reloads; a guest's are added to the local basket one after another.
 * Resolves with the SKUs that went in.
 *
 * The fill bypasses the basket machine's add, which is what tracks `cart_item_added`; so each SKU
 * the fill took is tracked here, with the same props, or the seller's magazine figures would
 * count a signed-in buyer's page adds as nothing.
 */
export async function addPlanToBasket(plan: PageAddPlan, items: readonly PublicItem[]): Promise<string[]> {
  if (plan.add.length === 0) return []
  const { browserBasket, requestAdd } = await loadBasketModule()
  const actor = browserBasket()
  if (!actor.getSnapshot().matches('guest')) {
    const key =
      typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`
    await fillBasket(
      plan.add.map((a) => ({ sku: a.sku, quantity: a.quantity })),
      key,
    )
    actor.send({ type: 'RELOAD' })
    for (const a of plan.add)
      track('cart_item_added', { sku: a.sku, quantity: a.quantity, source: 'magazine_page' })
    return plan.add.map((a) => a.sku)
  }
  const added: string[] = []
  for (const a of plan.add) {
    const item = items.find((i) => i.sku === a.sku)
    if (item && (await requestAdd(actor, addRequestOf(item, a.quantity)))) added.push(a.sku)
  }
  return added
}
