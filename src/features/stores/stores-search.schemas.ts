import * as v from 'valibot'
import { idSchema, intSchema, textSchema } from '~/lib/schema-pieces'

/**
 * What the seller routes' URLs and the SKU code need, apart from stores.schemas.ts: the router
 * validates search parameters in the first-load bundle, and stores.schemas.ts carries the form
 * schemas with Iran's city list (a few KB that no buyer page needs; issue #21's budget).
 */

export const SKU_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

export const storeProductsSearch = v.object({
  storeId: idSchema,
  q: v.optional(textSchema(100), ''),
  status: v.optional(v.picklist(['all', 'active', 'inactive'] as const), 'all'),
  outOfStock: v.optional(v.boolean(), false),
  discounted: v.optional(v.boolean(), false),
  sort: v.optional(v.picklist(['newest', 'name', 'stock', 'price'] as const), 'newest'),
  page: v.optional(intSchema(1, 100_000), 1),
})
export type StoreProductsSearch = v.InferOutput<typeof storeProductsSearch>
