import { nameInLocale } from '~/lib/i18n'
import type { BasketItem, BasketNotice, Cart, QuantityIssue } from './basket.types'

/**
 * What changed between two readings of the server basket that the buyer did not do themselves
 * (spec §4 cart events: price changed, item unavailable, deleted item), and quantity notices.
 */

interface Located {
  cart: Cart
  item: BasketItem
}

function index(carts: readonly Cart[]): Map<string, Located> {
  const map = new Map<string, Located>()
  for (const cart of carts) for (const item of cart.items) map.set(item.id, { cart, item })
  return map
}

const notice = (
  kind: BasketNotice['kind'],
  { cart, item }: Located,
  extra: Pick<BasketNotice, 'from' | 'to'> = {},
): BasketNotice => ({
  id: `${kind}:${item.id}:${extra.to ?? ''}`,
  kind,
  cartId: cart.id,
  sellerName: cart.sellerName,
  sku: item.sku,
  productName: nameInLocale(item.product),
  ...extra,
})

export interface BasketChanges {
  notices: BasketNotice[]
  /** The unit price (before discount) moved: tracked as "price changed". */
  unitPriceChanged: { sku: string; from: number; to: number }[]
}

/**
 * Compares a reloaded basket with the previous one. `ownChanges` are the items whose quantity or
 * presence the buyer changed since: a new tier after a quantity change is not a surprise, nor is
 * an item the buyer removed.
 */
export function compareBaskets(
  previous: readonly Cart[],
  next: readonly Cart[],
  ownChanges: ReadonlySet<string>,
): BasketChanges {
  const before = index(previous)
  const after = index(next)
  const notices: BasketNotice[] = []
  const unitPriceChanged: BasketChanges['unitPriceChanged'] = []
  for (const [id, old] of before) {
    const now = after.get(id)
    if (!now) {
      if (!ownChanges.has(id)) notices.push(notice('deleted', old))
      continue
    }
    if (old.item.available && !now.item.available) {
      notices.push(notice('unavailable', now))
      continue
    }
    if (ownChanges.has(id) || old.item.quantity !== now.item.quantity || !now.item.available) continue
    if (old.item.effectiveAmount !== now.item.effectiveAmount)
      notices.push(
        notice('price_changed', now, { from: old.item.effectiveAmount, to: now.item.effectiveAmount }),
      )
    if (old.item.unitPrice !== now.item.unitPrice)
      unitPriceChanged.push({ sku: now.item.sku, from: old.item.unitPrice, to: now.item.unitPrice })
  }
  return { notices, unitPriceChanged }
}

/**
 * Spec §5: the basket does not enforce minimum quantity or stock; checkout does. The basket shows
 * a notice instead, so the buyer is not surprised at checkout.
 */
export function quantityIssue(item: BasketItem): QuantityIssue | null {
  if (item.quantity < item.minQuantity) return 'below_minimum'
  if (!item.alwaysAvailable && item.quantity > item.remainingQuantity) return 'above_stock'
  return null
}

/** Items (by sku) whose quantity issue is new in `next`: each is tracked once, when it appears. */
export function newQuantityIssues(
  previous: readonly Cart[],
  next: readonly Cart[],
): { sku: string; issue: QuantityIssue }[] {
  const seen = new Set<string>()
  for (const cart of previous)
    for (const item of cart.items) {
      const issue = quantityIssue(item)
      if (issue) seen.add(`${item.sku}:${issue}`)
    }
  const fresh: { sku: string; issue: QuantityIssue }[] = []
  for (const cart of next)
    for (const item of cart.items) {
      const issue = quantityIssue(item)
      if (issue && !seen.has(`${item.sku}:${issue}`)) fresh.push({ sku: item.sku, issue })
    }
  return fresh
}
