import * as v from 'valibot'
import { idSchema, intSchema } from '~/lib/schema-pieces'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/**
 * /seller/inventory's search, apart from inventory.schemas (which re-exports it): the route tree
 * every page loads validates it, and the bulk inputs should not come with it (issue #21).
 */

/** Up to 500 rows a page: the table windows long pages (react-virtual), the query cuts the page first. */
export const PAGE_SIZES = [25, 50, 100, 250, 500] as const

export const inventorySorts = ['updated', 'product', 'sku', 'store', 'stock', 'price'] as const
export type InventorySort = (typeof inventorySorts)[number]

const flag = v.optional(v.boolean(), false)

export const inventorySearch = v.object({
  q: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(100, () => m.inventory_at_most_characters({ max: formatNumber(100) })),
    ),
    '',
  ),
  store: v.optional(idSchema),
  status: v.optional(v.picklist(['all', 'active', 'inactive'] as const), 'all'),
  stock: v.optional(v.picklist(['all', 'out', 'low'] as const), 'all'),
  discounted: flag,
  expiring: flag,
  noTier: flag,
  sort: v.optional(v.picklist(inventorySorts), 'updated'),
  desc: v.optional(v.boolean(), true),
  page: v.optional(intSchema(1, 100_000), 1),
  perPage: v.optional(v.picklist(PAGE_SIZES), 50),
})
export type InventorySearch = v.InferOutput<typeof inventorySearch>
export const inventoryDefaults: InventorySearch = v.parse(inventorySearch, {})
