import * as v from 'valibot'

export interface CategoryNode {
  id: number
  slug: string
  name: string
  image: string | null
  children: CategoryNode[]
}

export interface ProductCard {
  id: number
  slug: string
  name: string
  unit: string
  brand: string | null
  image: string | null
  /** Lowest current price over every offer, in minor units (offer price where discounted). */
  lowestPrice: number
  /** The undiscounted unit price of that same tier, when it is discounted. */
  listPrice: number | null
  storeCount: number
}

export const featuredProductsInput = v.object({
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(48)), 12),
})
