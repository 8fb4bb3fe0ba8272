/**
 * What stands between a basket line and an order (issue #7): the server checks every line with
 * this before it creates anything, and the page shows the same problem with the one action that
 * fixes it. Client-safe: no database, no server imports. The words are the request's locale's
 * (called when a line is checked, never at load).
 */
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/** The fix offered beside a problem: set the quantity to N, or take the line out. */
export type LineAction =
  { kind: 'set_quantity'; quantity: number; label: string } | { kind: 'remove'; label: string }

export type LineProblemKind = 'unavailable' | 'below_minimum' | 'over_stock' | 'out_of_stock'

export interface LineProblem {
  kind: LineProblemKind
  /** What is wrong and what to do, in one sentence (also the 422 message for this line). */
  message: string
  action: LineAction
}

export interface LineFacts {
  /** Active SKU, store and product, approved seller, and a price tier valid right now. */
  onOffer: boolean
  quantity: number
  /** The lowest minimum quantity among the valid tiers (the entry tier's). */
  entryMinQuantity: number
  alwaysAvailable: boolean
  remainingQuantity: number
}

const units = (n: number) => m.buyer_checkout_units({ count: n, countText: formatNumber(n) })
export const removeAction = (): LineAction => ({ kind: 'remove', label: m.buyer_checkout_remove() })

export const noLongerAvailableMessage = () => m.buyer_checkout_no_longer_available()
export const outOfStockMessage = () => m.buyer_checkout_out_of_stock()
export const belowMinimumMessage = (min: number) =>
  m.buyer_checkout_below_minimum({ units: units(min), min: formatNumber(min) })
export const overStockMessage = (left: number) => m.buyer_checkout_over_stock({ left: formatNumber(left) })
export const stockBelowMinimumMessage = (left: number, min: number) =>
  m.buyer_checkout_stock_below_minimum({ left: formatNumber(left), units: units(min) })

/** The first thing wrong with a line, or null when it can be ordered as it is. */
export function lineProblem(facts: LineFacts): LineProblem | null {
  const remove = removeAction()
  if (!facts.onOffer) return { kind: 'unavailable', message: noLongerAvailableMessage(), action: remove }
  const { quantity, entryMinQuantity: min } = facts
  const stock = facts.alwaysAvailable ? Number.POSITIVE_INFINITY : facts.remainingQuantity
  if (stock <= 0) return { kind: 'out_of_stock', message: outOfStockMessage(), action: remove }
  if (quantity < min) {
    if (min <= stock)
      return {
        kind: 'below_minimum',
        message: belowMinimumMessage(min),
        action: {
          kind: 'set_quantity',
          quantity: min,
          label: m.buyer_checkout_raise_to({ count: formatNumber(min) }),
        },
      }
    return { kind: 'over_stock', message: stockBelowMinimumMessage(stock, min), action: remove }
  }
  if (quantity > stock) {
    if (stock >= min)
      return {
        kind: 'over_stock',
        message: overStockMessage(stock),
        action: {
          kind: 'set_quantity',
          quantity: stock,
          label: m.buyer_checkout_lower_to({ count: formatNumber(stock) }),
        },

      }
    return { kind: 'over_stock', message: stockBelowMinimumMessage(stock, min), action: remove }
  }
  return null
}
