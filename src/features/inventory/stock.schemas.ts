import * as v from 'valibot'
import { skuSchema } from '~/features/basket'
import type { StockMovementKind } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { trimUserText } from '~/lib/schema-pieces'
import { formatNumber } from '~/lib/money'
import { isStockReason, STOCK_REASONS, stockReasonLabels, type StockReason } from '~/lib/stock-reasons'

/** /seller/inventory/stock/{sku} (issue #16): inputs and views, shared by the page and the server. */

/** Why a person changed stock: a short list (lib/stock-reasons), with a note (required for "other"). */
export type { StockReason }
/** The reasons with their words in the page's language (a function: words follow the locale). */
export const stockReasons = () => STOCK_REASONS.map((value) => ({ value, label: stockReasonLabels[value]() }))

const modeValues = ['set', 'add', 'remove'] as const
export type StockMode = (typeof modeValues)[number]
const modeLabels: Record<StockMode, () => string> = {
  set: m.inventory_mode_set,
  add: m.inventory_mode_add,
  remove: m.inventory_mode_remove,
}
export const stockModes = () => modeValues.map((value) => ({ value, label: modeLabels[value]() }))

/** The largest stock figure (and change) a person may type. */
export const MAX_STOCK = 10_000_000
export const NOTE_MAX = 300
export const LEDGER_PAGE_SIZE = 25

export const CHOOSE_REASON = () => m.inventory_stock_choose_reason()
export const NOTE_REQUIRED = () => m.inventory_stock_note_required()
export const QUANTITY_MESSAGE = () => m.inventory_whole_number_range({ max: formatNumber(MAX_STOCK) })
export const QUANTITY_POSITIVE = () => m.inventory_stock_at_least_one()

const count = (message: () => string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(MAX_STOCK, message))

export const skuCodeInput = v.object({ sku: skuSchema })

export const ledgerPageInput = v.object({
  sku: skuSchema,
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), 1),
})
export type LedgerPageInput = v.InferInput<typeof ledgerPageInput>

export const adjustStockInput = v.pipe(
  v.object({
    sku: skuSchema,
    mode: v.picklist(['set', 'add', 'remove'], () => m.inventory_stock_choose_mode()),
    quantity: count(QUANTITY_MESSAGE),
    /** The stock the person saw: when it moved meanwhile, nothing changes (409). */
    expected: count(() => m.inventory_stock_expected_missing()),
    reason: v.picklist(STOCK_REASONS, CHOOSE_REASON),
    note: v.optional(
      v.pipe(
        v.string(),
        trimUserText(),
        v.maxLength(NOTE_MAX, () => m.inventory_at_most_characters({ max: formatNumber(NOTE_MAX) })),
      ),
      '',
    ),
  }),
  v.forward(
    v.partialCheck(
      [['mode'], ['quantity']],
      (input) => input.mode === 'set' || input.quantity >= 1,
      QUANTITY_POSITIVE,
    ),
    ['quantity'],
  ),
  v.forward(
    v.partialCheck(
      [['reason'], ['note']],
      (input) => input.reason !== 'other' || input.note !== '',
      NOTE_REQUIRED,
    ),
    ['note'],
  ),
)
export type AdjustStockInput = v.InferInput<typeof adjustStockInput>

export const THRESHOLD_MESSAGE = () => m.inventory_whole_number_range({ max: formatNumber(MAX_STOCK) })

/** A SKU's low-stock threshold: below it the SKU is "low" and the seller is alerted once. */
export const lowStockThresholdInput = v.object({
  sku: skuSchema,
  threshold: count(THRESHOLD_MESSAGE),
})
export type LowStockThresholdInput = v.InferInput<typeof lowStockThresholdInput>

/** The new figure an adjustment asks for (before the server checks it is not below zero). */
export function targetStock(current: number, mode: StockMode, quantity: number): number {
  if (mode === 'set') return quantity
  return mode === 'add' ? current + quantity : current - quantity
}

export interface StockMovementView {
  id: number
  kind: StockMovementKind
  delta: number
  resultingQuantity: number
  /** Who: a person's name, or null for the system (expiry, the seed). */
  actor: string | null
  reason: string | null
  note: string | null
  orderNumber: string | null
  importId: number | null
  at: string
}

export interface SkuStockView {
  skuId: number
  sku: string
  productName: string
  productSlug: string
  image: string | null
  storeId: number
  storeName: string
  unit: string
  alwaysAvailable: boolean
  status: string
  stock: number
  /** Below this many units the SKU is "low" (the seller is alerted once per fall). */
  lowStockThreshold: number
  /** Units held by orders waiting for payment (already taken off `stock`). */
  reservedUnpaid: number
  /** Stock over time: each movement's resulting figure, oldest first (the last 200). */
  history: { at: string; quantity: number }[]
}

export interface LedgerPage {
  items: StockMovementView[]
  total: number
  page: number
  perPage: number
}

/** How the ledger names each kind of movement. */
const movementKindMessages: Record<StockMovementKind, () => string> = {
  adjustment: m.inventory_kind_adjustment,
  reservation: m.inventory_kind_reservation,
  release: m.inventory_kind_release,
  import: m.inventory_kind_import,
  correction: m.inventory_kind_correction,
}
export const movementKindLabel = (kind: StockMovementKind) => movementKindMessages[kind]()

/** The ledger's "What": an import's movement by its import ("Import #2"), any other by its kind. */
export const movementWhat = (move: { kind: StockMovementKind; importId: number | null }) =>
  move.importId ? m.inventory_import_n({ id: String(move.importId) }) : movementKindLabel(move.kind)

/**
 * Reasons only the system writes: a SKU's first figure, a count after "always available", and an
 * import file applied or reverted (imports/import-apply).
 */
const systemReasonLabels: Record<string, () => string> = {
  opening_stock: m.inventory_reason_opening_stock,
  recount: m.inventory_reason_recount,
  import: m.inventory_reason_import,
  revert: m.inventory_reason_revert,
}

export function reasonLabel(reason: string | null): string | null {
  if (!reason) return null
  if (Object.hasOwn(systemReasonLabels, reason)) return systemReasonLabels[reason]!()
  return isStockReason(reason) ? stockReasonLabels[reason]() : reason.replace(/_/g, ' ')
}
