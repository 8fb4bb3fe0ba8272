import * as v from 'valibot'
import { m } from '~/lib/messages'
import type { OrderStatus, PaymentSessionStatus } from '~/lib/domain-enums'

/** Order numbers as checkout makes them: OM- and 8 unambiguous capitals or digits. */
export const ORDER_NUMBER_PATTERN = /^OM-[A-Z0-9]{4,16}$/
export const orderNumberSchema = v.pipe(
  v.string(() => m.server_valid_give_order_number()),
  v.trim(),
  v.toUpperCase(),
  v.regex(ORDER_NUMBER_PATTERN, () => m.server_valid_not_order_number()),
)

export const startPaymentInput = v.object({ orderNumber: orderNumberSchema })
export type StartPaymentInput = v.InferInput<typeof startPaymentInput>

export const checkoutResultInput = v.object({ orderNumber: orderNumberSchema })

/** Payment session ids are 32 URL-safe characters. */
export const paymentSessionIdSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{16,64}$/, () => m.server_valid_not_payment_reference()),
)

export const sandboxDecisions = ['approve', 'decline', 'timeout'] as const
export type SandboxDecision = (typeof sandboxDecisions)[number]
export const sandboxDecisionInput = v.object({
  decision: v.picklist(sandboxDecisions, () => m.server_valid_choose_sandbox_decision()),
})
export const sandboxSessionRequest = v.object({ session: paymentSessionIdSchema })
export const sandboxDecisionRequest = v.object({
  session: paymentSessionIdSchema,
  ...sandboxDecisionInput.entries,
})

/**
 * Why a payment did not complete, as stored in payment_sessions.failure_reason and passed to the
 * result page as `reason`. Provider text never reaches the page; only these codes do.
 */
export const paymentReasonCodes = [
  'declined',
  'timeout',
  'not_confirmed',
  'amount_mismatch',
  'expired',
  'order_closed',
  'duplicate_payment',
  'provider_unavailable',
] as const
export type PaymentReasonCode = (typeof paymentReasonCodes)[number]

/** Plain words for each reason, for the result page and the order's payment history (the page's locale). */
export const paymentReasonLabels: Record<PaymentReasonCode, () => string> = {
  declined: () => m.buyer_pay_reason_declined(),
  timeout: () => m.buyer_pay_reason_timeout(),
  not_confirmed: () => m.buyer_pay_reason_not_confirmed(),
  amount_mismatch: () => m.buyer_pay_reason_amount_mismatch(),
  expired: () => m.buyer_pay_reason_expired(),
  order_closed: () => m.buyer_pay_reason_order_closed(),
  duplicate_payment: () => m.buyer_pay_reason_duplicate_payment(),
  provider_unavailable: () => m.buyer_pay_reason_provider_unavailable(),
}

/** A few words per reason, for lists such as an order's payment history. */
export const paymentReasonShortLabels: Record<PaymentReasonCode, () => string> = {
  declined: () => m.buyer_pay_short_declined(),
  timeout: () => m.buyer_pay_short_timeout(),
  not_confirmed: () => m.buyer_pay_short_not_confirmed(),
  amount_mismatch: () => m.buyer_pay_short_amount_mismatch(),
  expired: () => m.buyer_pay_short_expired(),
  order_closed: () => m.buyer_pay_short_order_closed(),
  duplicate_payment: () => m.buyer_pay_short_duplicate_payment(),
  provider_unavailable: () => m.buyer_pay_short_provider_unavailable(),
}

/** The few words for a stored failure reason; null for a reason that is not one of the codes. */
export function paymentReasonShortLabel(code: string | null | undefined): string | null {
  return (paymentReasonCodes as readonly string[]).includes(code ?? '')
    ? paymentReasonShortLabels[code as PaymentReasonCode]()
    : null
}

export function paymentReasonLabel(code: string | null | undefined): string {
  return (paymentReasonCodes as readonly string[]).includes(code ?? '')
    ? paymentReasonLabels[code as PaymentReasonCode]()
    : m.buyer_pay_reason_unknown()
}

/** What the bank page shows. */
export interface SandboxSessionView {
  id: string
  status: PaymentSessionStatus
  amount: number
  currency: string
  order_number: string
  payee: string
  /** Of `amount`, what the bank pays straight to the seller (split settlement); 0 when none. */
  split_amount: number
  expires_at: string
  /** The server's time, so the countdown does not depend on the payer's clock. */
  server_time: string
}

/** What /cart/checkout-result shows: the order's real state, never the query string's word. */
export interface CheckoutResultView {
  order_id: number
  order_number: string
  order_status: OrderStatus
  seller_name: string
  total: number
  currency: string
  paid_at: string | null
  payment_due_at: string
  /** The order awaits payment and its window is open: "Try payment again" works. */
  can_retry: boolean
  /** The latest payment attempt, if any. */
  payment: {
    status: PaymentSessionStatus
    reason: PaymentReasonCode | null
    amount: number
    refunded_amount: number
    refunded: boolean
  } | null
  /** What happened, decided on the server from the order and its payments. */
  outcome: 'paid' | 'failed' | 'refunding' | 'pending' | 'closed'
}
