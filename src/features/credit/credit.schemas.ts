import * as v from 'valibot'
import {
  economicCodeSchema,
  isValidCompanyNationalId,
  isValidNationalCode,
  normalizeCompanyNationalId,
} from '~/lib/identifiers'
import { m } from '~/lib/messages'
import { idSchema, intSchema, moneySchema, textSchema } from '~/lib/schema-pieces'
import type { AgingBucket } from './credit-rules'

/** What credit terms' endpoints take and give (issue #39). */

/** A company's national ID (11 digits) or a person's national code (10 digits), each with its check digit. */
export const creditNationalIdSchema = v.pipe(
  v.string(() => m.server_field_required()),
  v.maxLength(64, () => m.credit_national_id_invalid()),
  v.transform(normalizeCompanyNationalId),
  v.nonEmpty(() => m.server_field_required()),
  v.check(
    (id) => isValidCompanyNationalId(id) || isValidNationalCode(id),
    () => m.credit_national_id_invalid(),
  ),
)

export const CREDIT_LIMIT_MAX = 1_000_000_000_000_000
export const TRADE_REFERENCES_MAX = 3

export const applyForCreditInput = v.object({
  sellerId: idSchema,
  businessName: textSchema(120, { min: 2 }),
  economicCode: economicCodeSchema,
  nationalId: creditNationalIdSchema,
  expectedMonthlyVolume: v.pipe(
    moneySchema(0),
    v.maxValue(CREDIT_LIMIT_MAX, () => m.server_field_too_large()),
  ),
  tradeReferences: v.optional(
    v.pipe(
      v.array(v.object({ name: textSchema(100, { min: 2 }), phone: textSchema(20, { min: 5 }) })),
      v.maxLength(TRADE_REFERENCES_MAX, () => m.credit_too_many_references()),
    ),
    [],
  ),
})
export type ApplyForCreditInput = v.InferInput<typeof applyForCreditInput>

export const decideCreditInput = v.variant('decision', [
  v.object({
    creditApplicationId: idSchema,
    decision: v.literal('approve'),
    limitRials: v.pipe(
      moneySchema(1),
      v.maxValue(CREDIT_LIMIT_MAX, () => m.server_field_too_large()),
    ),
    termDays: intSchema(1, 365),
    chequesAllowed: v.optional(v.boolean(), false),
  }),
  v.object({
    creditApplicationId: idSchema,
    decision: v.literal('decline'),
    reason: textSchema(500, { min: 3 }),
  }),
])
export type DecideCreditInput = v.InferInput<typeof decideCreditInput>

export const payOnCreditInput = v.object({
  orderNumber: v.pipe(
    v.string(() => m.server_field_text()),
    v.trim(),
    v.regex(/^OM-[A-Z0-9]{4,16}$/),
  ),
})

export const creditSellerInput = v.object({ sellerId: idSchema })
export const buyerCreditInput = v.object({ sellerId: v.optional(idSchema) })

export type CreditApplicationStatus = 'pending' | 'approved' | 'declined'
export type CreditInvoiceState = 'open' | 'overdue' | 'paid' | 'cancelled'

export interface CreditInvoiceView {
  id: number
  orderNumber: string
  amount: number
  paidAmount: number
  dueDay: string
  dueAt: string
  state: CreditInvoiceState
  daysOverdue: number
}

export interface CreditApplicationView {
  id: number
  sellerId: number
  sellerName: string
  buyerName: string
  businessName: string
  economicCode: string
  nationalId: string
  expectedMonthlyVolume: number
  tradeReferences: { name: string; phone: string }[]
  status: CreditApplicationStatus
  decisionReason: string | null
  createdAt: string
}

export interface BuyerCreditLine {
  sellerId: number
  sellerName: string
  limitRials: number
  termDays: number
  chequesAllowed: boolean
  used: number
  available: number
  frozen: boolean
  invoices: CreditInvoiceView[]
}

export interface BuyerCreditView {
  currency: string
  /** The store named in the page's address, when the buyer may apply to it. */
  applyTo: { sellerId: number; sellerName: string } | null
  lines: BuyerCreditLine[]
  applications: CreditApplicationView[]
}

export interface SellerReceivable {
  buyerUserId: number
  buyerName: string
  limitRials: number
  termDays: number
  exposure: number
  aging: Record<AgingBucket, number>
}

export interface SellerCreditView {
  currency: string
  applications: CreditApplicationView[]
  receivables: SellerReceivable[]
  totals: Record<AgingBucket, number>
}

/** Whether the buyer may pay an order with this seller later, and on what terms (checkout's offer). */
export interface CreditOffer {
  termDays: number
  available: number
  /** Why not: null when it fits. */
  refusal: 'no_terms' | 'frozen' | 'overdue' | 'over_limit' | null
}
