import * as v from 'valibot'
import { idSchema, intSchema } from '~/lib/schema-pieces'

/** /seller/inventory (issue #16): every SKU of the seller, searched, filtered, sorted and paged on the server. */

/** Below this many units a counted SKU is "low" (a per-SKU threshold is not stored yet). */
export const LOW_STOCK_DEFAULT = 10
/** Tiers that end within this many days count as "expiring". */
export const EXPIRING_DAYS = 7
export const PAGE_SIZES = [25, 50, 100] as const
export const MAX_BULK = 100

export const inventorySorts = ['updated', 'product', 'sku', 'store', 'stock', 'price'] as const
export type InventorySort = (typeof inventorySorts)[number]

const flag = v.optional(v.boolean(), false)

export const inventorySearch = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'At most 100 characters')), ''),
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

export const bulkSkuStatusInput = v.object({
  skuIds: v.pipe(
    v.array(idSchema, 'Choose SKUs'),
    v.minLength(1, 'Choose at least one SKU'),
    v.maxLength(MAX_BULK, `At most ${MAX_BULK} SKUs at once`),
  ),
  status: v.picklist(['active', 'inactive'] as const, 'Choose active or paused'),
})
export type BulkSkuStatusInput = v.InferInput<typeof bulkSkuStatusInput>

export interface InventoryRow {
  skuId: number
  sku: string
  productName: string
  image: string | null
  storeId: number
  storeName: string
  unit: string
  alwaysAvailable: boolean
  stock: number
  /** Units held by orders waiting for payment. */
  reserved: number
  /** The lowest active tier's unit price (null: no valid tier, not on sale). */
  entryPrice: number | null
  offerPrice: number | null
  activeTiers: number
  status: 'active' | 'inactive'
  updatedAt: string
}

export interface InventoryPage {
  rows: InventoryRow[]
  total: number
  page: number
  perPage: number
  stores: { id: number; name: string }[]
}
