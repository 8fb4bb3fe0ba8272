import type { Cart } from './basket.types'

// The header's count and the quantity bounds, apart from the guest basket's rules (local-basket.ts)
// and the basket's schemas: the basket provider in every page's first load needs only the count,
// and the rest loads with the basket machine or the basket page (issue #21).

/** The most of one item a basket holds (the server and the guest basket both cap at it). */
export const MAX_QUANTITY = 100_000

/** The header's count: distinct items across every cart. */
export const basketCount = (carts: readonly Cart[]) => carts.reduce((sum, cart) => sum + cart.itemsCount, 0)

export const isValidQuantity = (quantity: number) =>
  Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY
