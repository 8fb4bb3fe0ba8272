import * as v from 'valibot'
import { idSchema, intSchema, isoDaySchema } from '~/lib/schema-pieces'
import { settlementModes } from '~/lib/settlement'

/** The highest commission rate (and plan discount) the admin may set: 5000 basis points, 50 %. */
export const COMMISSION_MAX_BP = 5000
/** The longest reconciliation range, in Tehran days. */
export const RECONCILIATION_MAX_DAYS = 92
/** The default reconciliation range: the last 30 Tehran days, today included. */
export const RECONCILIATION_DEFAULT_DAYS = 30
/** How many unaccounted sessions one page lists (the count says how many there are in all). */
export const UNACCOUNTED_LIMIT = 200
/** Months in the overview's chart, the current one included. */
export const OVERVIEW_MONTHS = 12

const basisPoints = intSchema(0, COMMISSION_MAX_BP)

/** A commission rate: a category's, or the default one (category_id null). */
export const commissionRateInput = v.object({
  category_id: v.nullable(idSchema),
  rate_bp: basisPoints,
})
export type CommissionRateInput = v.InferInput<typeof commissionRateInput>

/** A plan's commission discount, taken off its sellers' rate (never below 0). */
export const planDiscountInput = v.object({
  plan_id: idSchema,
  discount_bp: basisPoints,
})
export type PlanDiscountInput = v.InferInput<typeof planDiscountInput>

/** How paid orders' money reaches sellers: collected and paid out weekly, or split at payment. */
export const settlementModeInput = v.object({ mode: v.picklist(settlementModes) })
export type SettlementModeInput = v.InferInput<typeof settlementModeInput>

/** Tehran days, both included; both optional (the last 30 days); at most 92 days. */
export const reconciliationInput = v.object({
  from: v.optional(isoDaySchema),
  to: v.optional(isoDaySchema),
})
/** The page's search: a malformed or empty day (the form's blank box) falls back to the default. */
export const reconciliationSearch = v.object({
  from: v.fallback(v.optional(isoDaySchema), undefined),
  to: v.fallback(v.optional(isoDaySchema), undefined),
})
export type ReconciliationInput = v.InferInput<typeof reconciliationInput>

/** Basis points as a percent for the screen: 250 → 2.5. */
export const percentOfBp = (bp: number) => bp / 100
/** A percent typed by the admin as basis points: "2.5" → 250 (NaN for what is not a number). */
export const bpOfPercent = (text: string) => {
  const clean = text
    .trim()
    .replace(/[٫,]/g, '.')
    .replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)))
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean)) return Number.NaN
  return Math.round(Number(clean) * 100)
}

export interface FinanceMonth {
  /** A Gregorian month in Tehran time, "2026-11". */
  month: string
  commission: number
  commissionVat: number
  platformSales: number
}

export interface FinanceOverview {
  months: FinanceMonth[]
  /** Owed to sellers, in rials: pending plus available (positive balances only). */
  sellersPending: number
  sellersAvailable: number
  /** Sellers whose available balance is below zero owe this much in all (recovered from payouts). */
  sellersNegative: number
  payoutsInTransit: number
  /** Money received through gateways and not yet refunded or paid out. */
  gatewayClearing: number
}

export interface ReconciliationDay {
  /** Tehran day "2026-11-26". */
  day: string
  /** Payments the gateways verified that day (succeeded sessions and duplicate payments). */
  verified: number
  verifiedCount: number
  /** Debits to the gateway clearing account posted that day. */
  ledger: number
  /** verified − ledger: 0 on a clean day. */
  difference: number
}

export interface UnaccountedSession {
  sessionId: string
  provider: string
  amount: number
  /** Debits to gateway clearing of the entries that reference this session's order, purchase or itself. */
  accounted: number
  completedAt: string
  /** 'succeeded', or 'duplicate_payment' for a second payment of something already paid. */
  kind: 'succeeded' | 'duplicate_payment'
  orderId: number | null
  orderNumber: string | null
  purchaseId: number | null
}

export interface Reconciliation {
  from: string
  to: string
  days: ReconciliationDay[]
  unaccounted: UnaccountedSession[]
  unaccountedTotal: number
}

export interface CommissionRatesView {
  defaultBp: number
  categories: { id: number; name: string; parentId: number | null; rateBp: number | null }[]
  plans: { id: number; name: string; slug: string; discountBp: number }[]
}
