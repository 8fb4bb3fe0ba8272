import { m } from '~/lib/messages'

/**
 * Why a person changed stock: the codes stored in the stock ledger and the audit trail, and their
 * words in the page's language (the seller's stock tools and the admin's audit page read both).
 */
export const STOCK_REASONS = ['stocktake', 'received', 'damaged', 'returned', 'lost', 'other'] as const
export type StockReason = (typeof STOCK_REASONS)[number]

export const stockReasonLabels: Record<StockReason, () => string> = {
  stocktake: m.inventory_reason_stocktake,
  received: m.inventory_reason_received,
  damaged: m.inventory_reason_damaged,
  returned: m.inventory_reason_returned,
  lost: m.inventory_reason_lost,
  other: m.inventory_reason_other,
}

export const isStockReason = (code: string): code is StockReason =>
  (STOCK_REASONS as readonly string[]).includes(code)
