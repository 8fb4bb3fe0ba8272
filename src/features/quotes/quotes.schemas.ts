import * as v from 'valibot'
import { m } from '~/lib/messages'
import {
  QUOTE_MAX_LINES,
  QUOTE_MAX_RECIPIENTS,
  quoteDeliveryModes,
  quotePaymentPreferences,
  sellerQuoteTabs,
  type QuoteDeliveryMode,
  type QuoteMessageSide,
  type QuotePaymentPreference,
  type QuoteRequestStatus,
  type QuoteStatus,
  type SellerQuoteTab,
} from '~/lib/quote-enums'
import { idSchema, intSchema, isoDaySchema, moneySchema, textSchema } from '~/lib/schema-pieces'

/** Requests for quotation (issue #40): client-safe schemas and the views the server returns. */

export const QUOTE_NOTE_MAX = 2000
export const QUOTE_MESSAGE_MAX = 2000
export const QUOTE_UNIT_MAX = 30
export const QUOTE_VALIDITY_MAX_DAYS = 60

/** A line: a catalogue product by its slug, or free text with a category when nothing fits. */
export const quoteRequestLineInput = v.pipe(
  v.object({
    product_slug: v.optional(textSchema(200), ''),
    description: v.optional(textSchema(300), ''),
    category_id: v.optional(v.nullable(idSchema), null),
    quantity: intSchema(1, 100_000),
    unit: textSchema(QUOTE_UNIT_MAX, { min: 1 }),
    target_unit_price: v.optional(v.nullable(moneySchema(1)), null),
  }),
  v.check(
    (line) => line.product_slug !== '' || line.description !== '',
    () => m.quotes_err_line_product_or_text(),
  ),
)
export type QuoteRequestLineInput = v.InferOutput<typeof quoteRequestLineInput>

export const createQuoteRequestInput = v.object({
  needed_by: isoDaySchema,
  delivery_mode: v.picklist(quoteDeliveryModes),
  delivery_city: v.optional(textSchema(60), ''),
  payment_preference: v.optional(v.picklist(quotePaymentPreferences), 'pay_now'),
  note: v.optional(textSchema(QUOTE_NOTE_MAX), ''),
  lines: v.pipe(
    v.array(quoteRequestLineInput),
    v.minLength(1, () => m.quotes_err_lines_required()),
    v.maxLength(QUOTE_MAX_LINES, () => m.quotes_err_lines_too_many({ max: String(QUOTE_MAX_LINES) })),
  ),
  seller_ids: v.pipe(
    v.array(idSchema),
    v.minLength(1, () => m.quotes_err_sellers_required()),
    v.maxLength(QUOTE_MAX_RECIPIENTS, () =>
      m.quotes_err_sellers_too_many({ max: String(QUOTE_MAX_RECIPIENTS) }),
    ),
  ),
})
export type CreateQuoteRequestInput = v.InferOutput<typeof createQuoteRequestInput>

export const quoteRequestIdInput = v.object({ quote_request_id: idSchema })
export type QuoteRequestIdInput = v.InferOutput<typeof quoteRequestIdInput>

export const quoteIdInput = v.object({ quote_id: idSchema })
export type QuoteIdInput = v.InferOutput<typeof quoteIdInput>

/** The sellers offering the given catalogue products (the request form's seller choice). */
export const quoteSellersInput = v.object({
  product_slugs: v.pipe(v.array(textSchema(200, { min: 1 })), v.maxLength(QUOTE_MAX_LINES)),
})
export type QuoteSellersInput = v.InferOutput<typeof quoteSellersInput>

/** A seller's quote (a first one or a revision): a price for every line of the request. */
export const submitQuoteInput = v.object({
  quote_request_id: idSchema,
  valid_days: intSchema(1, QUOTE_VALIDITY_MAX_DAYS),
  delivery_fee: moneySchema(0),
  note: v.optional(textSchema(QUOTE_NOTE_MAX), ''),
  lines: v.pipe(
    v.array(
      v.object({
        request_line_id: idSchema,
        unit_price: moneySchema(1),
        sku: v.optional(textSchema(100), ''),
        lead_time_days: intSchema(0, 365),
        note: v.optional(textSchema(300), ''),
      }),
    ),
    v.minLength(1),
    v.maxLength(QUOTE_MAX_LINES),
  ),
})
export type SubmitQuoteInput = v.InferOutput<typeof submitQuoteInput>

export const quoteMessageInput = v.object({
  quote_id: idSchema,
  body: textSchema(QUOTE_MESSAGE_MAX, { min: 1 }),
})
export type QuoteMessageInput = v.InferOutput<typeof quoteMessageInput>

export const sellerQuoteInboxInput = v.object({ tab: v.optional(v.picklist(sellerQuoteTabs), 'new') })
export type SellerQuoteInboxInput = v.InferOutput<typeof sellerQuoteInboxInput>

export interface QuoteSellerOption {
  id: number
  name: string
  city: string
}

export interface QuoteRequestLineView {
  id: number
  position: number
  product: { slug: string; name: string } | null
  description: string
  quantity: number
  unit: string
  target_unit_price: number | null
}

export interface QuoteLineView {
  request_line_id: number
  unit_price: number
  sku: string | null
  lead_time_days: number
  note: string
}

export interface QuoteRevisionView {
  revision: number
  delivery_fee: number
  valid_until: string
  note: string
  created_at: string
  lines: QuoteLineView[]
  /** Sum of unit price × requested quantity over the lines, plus the delivery fee. */
  total: number
}

export interface QuoteMessageView {
  id: number
  side: QuoteMessageSide
  body: string
  created_at: string
}

export interface QuoteView {
  id: number
  seller: { id: number; name: string }
  status: QuoteStatus
  valid_until: string
  /** The current revision first, then the earlier ones. */
  revisions: QuoteRevisionView[]
  unread: number
}

export interface QuoteRequestSummary {
  id: number
  status: QuoteRequestStatus
  needed_by: string
  created_at: string
  first_line: string
  lines: number
  recipients: number
  quotes: number
  unread: number
}

export interface QuoteRequestView {
  id: number
  status: QuoteRequestStatus
  needed_by: string
  delivery_mode: QuoteDeliveryMode
  delivery_city: string | null
  payment_preference: QuotePaymentPreference
  note: string
  created_at: string
  lines: QuoteRequestLineView[]
  recipients: { id: number; name: string }[]
  quotes: QuoteView[]
  /** For each line id, the quote ids offering its lowest unit price. */
  cheapest: Record<number, number[]>
}

export interface SellerQuoteInboxRow {
  request_id: number
  tab: SellerQuoteTab
  needed_by: string
  created_at: string
  first_line: string
  lines: number
  quote_id: number | null
  valid_until: string | null
  unread: number
}

/** A request as a seller it was sent to sees it, with the seller's own quote (if any). */
export interface SellerQuoteRequestView {
  id: number
  status: QuoteRequestStatus
  needed_by: string
  delivery_mode: QuoteDeliveryMode
  delivery_city: string | null
  payment_preference: QuotePaymentPreference
  note: string
  created_at: string
  lines: QuoteRequestLineView[]
  quote: QuoteView | null
}

export interface QuoteThreadView {
  quote_id: number
  messages: QuoteMessageView[]
}

export interface AcceptedQuote {
  quote_id: number
  cart_seller_id: number
  lines_added: number
}
