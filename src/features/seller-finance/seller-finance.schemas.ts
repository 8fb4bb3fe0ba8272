import * as v from 'valibot'
import type { LedgerAccountKind, LedgerEntryKind } from '~/features/ledger'
import { m } from '~/lib/messages'
import { idSchema, isoDaySchema } from '~/lib/schema-pieces'

/** /seller/finance (issue #38): the seller's balances, statement and commission invoices. */

/** The entry kinds a seller's statement can hold (platform purchases never touch a seller's accounts). */
export const statementKinds = [
  'order_paid',
  'order_released',
  'order_refund',
  'payout_created',
  'payout_paid',
  'payout_failed',
  'split_settlement',
  'adjustment',
] as const satisfies readonly LedgerEntryKind[]
export type StatementKind = (typeof statementKinds)[number]

/** A page of the statement: the ledger's own keyset cursor, base64url, bounded. */
const cursorSchema = v.pipe(v.string(), v.maxLength(200), v.regex(/^[A-Za-z0-9_-]+$/))

const rangeOrdered = <T extends { from?: string; to?: string }>(input: T) =>
  !input.from || !input.to || input.from <= input.to

/** The statement's filters, in the page's URL and the export's query: Tehran days and an entry kind. */
export const statementFilters = v.pipe(
  v.object({
    from: v.optional(isoDaySchema),
    to: v.optional(isoDaySchema),
    kind: v.optional(v.picklist(statementKinds)),
  }),
  v.check(rangeOrdered, () => m.server_valid_date_order()),
)
export type StatementFilters = v.InferOutput<typeof statementFilters>

/** The page's search params: the filters and the page's cursor. */
export const financeSearch = v.pipe(
  v.object({
    from: v.optional(isoDaySchema),
    to: v.optional(isoDaySchema),
    kind: v.optional(v.picklist(statementKinds)),
    cursor: v.optional(cursorSchema),
  }),
  v.check(rangeOrdered, () => m.server_valid_date_order()),
)
export type FinanceSearch = v.InferOutput<typeof financeSearch>

export const STATEMENT_PAGE_SIZE = 50
/** The most lines one export writes: beyond, the seller narrows the dates. */
export const EXPORT_MAX_ROWS = 50_000
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const exportQuery = v.object({
  format: v.optional(v.picklist(EXPORT_FORMATS), 'xlsx'),
})

export const commissionInvoiceIdInput = v.object({ commissionInvoiceId: idSchema })

/** The balances as the page shows them (rials; see the ledger's SellerBalances). */
export interface FinanceBalancesView {
  pending: number
  available: number
  in_transit: number
  paid_out: number
  /** What the seller owes the platform (0 unless available is below zero). */
  negative: number
  currency: string
}

/** An order a statement line refers to, with its money as the order's lines recorded it. */
export interface StatementOrderView {
  id: number
  number: string
  /** What the seller's share is taken from: what the buyer paid plus any Plus delivery subsidy. */
  gross: number
  commission: number
  commission_vat: number
}

export interface StatementLineView {
  id: number
  at: string
  account: Extract<LedgerAccountKind, 'seller_pending' | 'seller_available' | 'payouts_in_transit'>
  /** Signed as the seller reads it: positive is money owed to the seller. */
  amount: number
  kind: StatementKind
  reference_type: string
  reference_id: string
  order: StatementOrderView | null
}

export interface StatementPageView {
  lines: StatementLineView[]
  next: string | null
  currency: string
}

export interface CommissionInvoiceView {
  id: number
  number: string
  /** The Tehran calendar month "2026-11". */
  month: string
  commission: number
  vat_percent: number
  vat: number
  total: number
  currency: string
  issued_at: string
}

export interface FinanceOverviewView {
  balances: FinanceBalancesView
  invoices: CommissionInvoiceView[]
}
