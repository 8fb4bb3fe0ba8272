import * as v from 'valibot'
import { idSchema } from '~/lib/schema-pieces'
import { inventoryDefaults, inventorySearch, type InventorySearch } from './inventory-search.schemas'

/** /seller/inventory (issue #16): every SKU of the seller, searched, filtered, sorted and paged on the server. */

/** A new SKU's low-stock threshold: below this many units a counted SKU is "low". */
export const LOW_STOCK_DEFAULT = 10
/** The largest threshold a seller may set (the largest stock figure a person may type). */
export const LOW_STOCK_MAX = 10_000_000
/** Tiers that end within this many days count as "expiring". */
export const EXPIRING_DAYS = 7
export {
  inventoryDefaults,
  inventorySearch,
  inventorySorts,
  PAGE_SIZES,
  type InventorySearch,
  type InventorySort,
} from './inventory-search.schemas'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
export const MAX_BULK = 100

export const bulkSkuStatusInput = v.object({
  skuIds: v.pipe(
    v.array(idSchema, () => m.inventory_choose_skus()),
    v.minLength(1, () => m.inventory_choose_at_least_one_sku()),
    v.maxLength(MAX_BULK, () => m.inventory_at_most_skus({ max: formatNumber(MAX_BULK) })),
  ),
  status: v.picklist(['active', 'inactive'] as const, () => m.inventory_choose_active_paused()),
})
export type BulkSkuStatusInput = v.InferInput<typeof bulkSkuStatusInput>

export const AVAILABILITY_QUANTITY_MESSAGE = () =>
  m.inventory_whole_number_range({ max: formatNumber(LOW_STOCK_MAX) })

/**
 * "Always available" on or off for selected SKUs. Back to counted stock, the seller may set the
 * figure for all of them at once (a ledger adjustment); without it each keeps the figure it had.
 */
export const bulkAvailabilityInput = v.object({
  skuIds: bulkSkuStatusInput.entries.skuIds,
  alwaysAvailable: v.boolean(() => m.inventory_choose_on_off()),
  quantity: v.optional(
    v.pipe(
      v.number(AVAILABILITY_QUANTITY_MESSAGE),
      v.integer(AVAILABILITY_QUANTITY_MESSAGE),
      v.minValue(0, AVAILABILITY_QUANTITY_MESSAGE),
      v.maxValue(LOW_STOCK_MAX, AVAILABILITY_QUANTITY_MESSAGE),
    ),
  ),
})
export type BulkAvailabilityInput = v.InferInput<typeof bulkAvailabilityInput>

/** The export of the filtered table: the table's own search (paging ignored) and a file format. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

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
  /** Below this many units the SKU is "low" (its own threshold). */
  lowStockThreshold: number
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

const BOOLEAN_PARAMS = new Set(['discounted', 'expiring', 'noTier', 'desc'])
const NUMBER_PARAMS = new Set(['store', 'page', 'perPage'])

/**
 * The table's search from a plain query string (the export link): numbers and true/false are read
 * as such, anything else stays text for the schema to judge; unknown names are dropped.
 */
export function inventorySearchFromParams(params: URLSearchParams): unknown {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(inventorySearch.entries)) {
    const raw = params.get(key)
    if (raw === null) continue
    if (BOOLEAN_PARAMS.has(key)) out[key] = raw === 'true' ? true : raw === 'false' ? false : raw
    else if (NUMBER_PARAMS.has(key)) out[key] = /^\d{1,10}$/.test(raw) ? Number(raw) : raw
    else out[key] = raw
  }
  return out
}

/** The query string of the export link for a search: only what differs from the defaults. */
export function exportQuery(search: InventorySearch, format: ExportFormat): string {
  const params = new URLSearchParams({ format })
  for (const [key, value] of Object.entries(search)) {
    if (key === 'page' || key === 'perPage' || value === undefined) continue
    if (value === inventoryDefaults[key as keyof InventorySearch]) continue
    params.set(key, String(value))
  }
  return params.toString()
}
