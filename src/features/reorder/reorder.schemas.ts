import * as v from 'valibot'
import { skuSchema } from '~/features/basket'
import { m } from '~/lib/messages'
import { plainNumber } from '~/lib/plain-number'
import { idSchema, intSchema, moneySchema } from '~/lib/schema-pieces'

/**
 * Repeat buying (issue #41): reorder, quick order and saved lists. Client-safe contracts: the inputs
 * the server functions validate and the views they answer with.
 */

/** Lines one quick order (pasted or uploaded) or one add may carry. */
export const MAX_BULK_LINES = 1000
/** A pasted quick order: 1,000 lines of a 64-character code and a quantity fit well within this. */
export const MAX_QUICK_ORDER_CHARS = 100_000
/** The basket's own limit on one line's quantity (basket-count.ts). */
export const MAX_LINE_QUANTITY = 100_000

const linesMessage = () => m.reorder_lines_max({ max: plainNumber(MAX_BULK_LINES) })
const quantity = intSchema(1, MAX_LINE_QUANTITY)

/** One line to add: the SKU, how many, and the per-unit price the buyer was shown (if any). */
export const addLineSchema = v.object({
  sku: skuSchema,
  quantity,
  unit_price: v.optional(v.nullable(moneySchema(0))),
})

/** POST: add many lines to the basket in one step. */
export const addLinesInput = v.object({
  lines: v.pipe(
    v.array(addLineSchema),
    v.minLength(1, () => m.reorder_lines_min()),
    v.maxLength(MAX_BULK_LINES, linesMessage),
  ),
})
export type AddLinesInput = v.InferOutput<typeof addLinesInput>

/** POST: undo an add (what the add answered). */
export const undoLinesInput = v.object({
  lines: v.pipe(
    v.array(v.object({ sku: skuSchema, quantity })),
    v.minLength(1, () => m.reorder_lines_min()),
    v.maxLength(MAX_BULK_LINES, linesMessage),
  ),
})
export type UndoLinesInput = v.InferOutput<typeof undoLinesInput>

/** GET: the reorder preview of one of the caller's orders. */
export const reorderInput = v.object({ order_id: idSchema })

/** POST: check a pasted quick order. */
export const quickOrderInput = v.object({
  text: v.pipe(
    v.string(),
    v.check(
      (s) => !s.includes('\u0000'),
      () => m.reorder_text_invalid(),
    ),
    v.maxLength(MAX_QUICK_ORDER_CHARS, () =>
      m.reorder_text_too_long({ max: plainNumber(MAX_QUICK_ORDER_CHARS) }),
    ),
  ),
})

/** A live offer as the buyer sees it for a quantity. */
export interface OfferView {
  sku: string
  productId: number
  productName: string
  productSlug: string
  unit: string
  photo: string | null
  sellerName: string
  storeName: string
  /** Per unit after any offer, for the quantity asked. */
  unitPrice: number
  /** The seller's minimum order quantity (the entry tier's minimum). */
  minQuantity: number
  alwaysAvailable: boolean
  stock: number
}

export type QuickOrderProblem =
  'unknown_code' | 'not_on_offer' | 'bad_quantity' | 'below_moq' | 'out_of_stock' | 'not_enough_stock'

export interface QuickOrderLine {
  /** The line's number in the text or sheet (1-based). */
  line: number
  sku: string
  quantityText: string
  quantity: number | null
  offer: OfferView | null
  problem: QuickOrderProblem | null
}

export interface QuickOrderCheck {
  lines: QuickOrderLine[]
  valid: number
}

export type ReorderChange =
  | { kind: 'price_up' | 'price_down'; from: number; to: number }
  | { kind: 'out_of_stock' }
  | { kind: 'not_enough_stock'; stock: number }
  | { kind: 'below_moq'; minQuantity: number }
  | { kind: 'retired' }

export interface ReorderLine {
  sku: string
  productName: string
  /** As ordered. */
  quantity: number
  /** What "Buy again" would add: the ordered quantity, raised to the seller's minimum now. */
  addQuantity: number
  /** Per unit after offer, as paid. */
  paidUnitPrice: number
  offer: OfferView | null
  changes: ReorderChange[]
  /** For a SKU no longer on offer: the cheapest live offer of the same product, if any. */
  alternative: OfferView | null
  /** On offer with stock: the line can be added as it is. */
  addable: boolean
}

export interface ReorderPreview {
  orderId: number
  orderNumber: string
  lines: ReorderLine[]
}

export interface AddLinesResult {
  added: { sku: string; quantity: number }[]
  message: string
}
