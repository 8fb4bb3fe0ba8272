/**
 * What stands between a basket line and an order (issue #7): the server checks every line with
 * this before it creates anything, and the page shows the same problem with the one action that
 * fixes it. Client-safe: no database, no server imports.
 */

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

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`
const remove: LineAction = { kind: 'remove', label: 'Remove' }

export const NO_LONGER_AVAILABLE = 'This product is no longer available: remove it to continue.'
export const OUT_OF_STOCK = 'Out of stock: remove it to continue.'
export const belowMinimumMessage = (min: number) =>
  `The minimum order is ${units(min)}: raise the quantity to ${min}.`
export const overStockMessage = (left: number) => `Only ${left} left in stock: lower the quantity to ${left}.`
export const stockBelowMinimumMessage = (left: number, min: number) =>
  `Only ${left} left, fewer than the minimum order of ${units(min)}: remove it to continue.`

/** The first thing wrong with a line, or null when it can be ordered as it is. */
export function lineProblem(facts: LineFacts): LineProblem | null {
  if (!facts.onOffer) return { kind: 'unavailable', message: NO_LONGER_AVAILABLE, action: remove }
  const { quantity, entryMinQuantity: min } = facts
  const stock = facts.alwaysAvailable ? Number.POSITIVE_INFINITY : facts.remainingQuantity
  if (stock <= 0) return { kind: 'out_of_stock', message: OUT_OF_STOCK, action: remove }
  if (quantity < min) {
    if (min <= stock)
      return {
        kind: 'below_minimum',
        message: belowMinimumMessage(min),
        action: { kind: 'set_quantity', quantity: min, label: `Raise to ${min}` },
      }
    return { kind: 'over_stock', message: stockBelowMinimumMessage(stock, min), action: remove }
  }
  if (quantity > stock) {
    if (stock >= min)
      return {
        kind: 'over_stock',
        message: overStockMessage(stock),
        action: { kind: 'set_quantity', quantity: stock, label: `Lower to ${stock}` },
      }
    return { kind: 'over_stock', message: stockBelowMinimumMessage(stock, min), action: remove }
  }
  return null
}
