import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'

/** What a provider needs to open a payment with the payer's bank. Amounts in minor units. */
export interface CreatePaymentSession {
  sessionId: string
  amount: number
  currency: string
  orderNumber: string
  /** The seller's display name, shown on the bank page. */
  payee: string
  /** Absolute URL the provider sends the payer back to (our callback route). */
  returnUrl: string
  /** The payer's mobile (09xxxxxxxxx), when known: the gateway may prefill or remember cards by it. */
  mobile?: string
  /**
   * Split settlement (تسهیم): shares of `amount` the gateway pays straight to these Sheba accounts
   * at payment time. Only for a provider whose `supportsSplit` is true; the rest stays ours.
   */
  split?: readonly SplitShare[]
}

/** One share of a split payment: a Sheba (IR + 24 digits) and its amount in rials. */
export interface SplitShare {
  iban: string
  amount: number
  description: string
}

/** Our record of a session, as the provider needs it to check a callback. */
export interface SessionForVerification {
  id: string
  amount: number
  currency: string
  providerReference: string | null
}

/** Why a payment did not go through, as a code the result page words for people. */
export const paymentFailureReasons = [
  'declined',
  'timeout',
  'not_confirmed',
  'amount_mismatch',
  'expired',
] as const
export type PaymentFailureReason = (typeof paymentFailureReasons)[number]

export interface VerifiedCallback {
  sessionId: string
  outcome: 'succeeded' | 'failed'
  providerReference: string
  reason?: PaymentFailureReason
}

/** The callback could not be trusted (bad signature, unknown session, unreadable data): change nothing. */
export class PaymentCallbackRejected extends Error {
  constructor(
    message: string,
    public readonly status: 400 | 404 = 400,
  ) {
    super(message)
    this.name = 'PaymentCallbackRejected'
  }
}

/** What asking the provider for a refund came to. */
export type RefundOutcome =
  | { kind: 'refunded'; refundReference: string }
  /**
   * The provider has no refund API we can call (or none configured): the money has to be returned
   * by hand at the bank or the provider's panel. Not an error: retrying would not change it.
   */
  | { kind: 'manual'; reason: ManualRefundReason }

/** Why a refund is left for doing by hand (a code for the log line). */
export type ManualRefundReason = 'no_refund_api' | 'no_api_credentials' | 'below_api_minimum'

/** Thrown when a provider cannot be reached or answers something we cannot use. */
export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaymentProviderError'
  }
}

export const paymentProviderNames = ['sandbox', 'zarinpal', 'zibal'] as const
export type PaymentProviderName = (typeof paymentProviderNames)[number]

/**
 * A payment provider. `verifyCallback` gets the raw callback parameters and a way to read our own
 * session record; it must throw PaymentCallbackRejected for anything it cannot prove came from the
 * provider, and must only report `succeeded` when the provider confirmed the full amount.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName
  /** Whether `createSession` accepts `split` (the gateway settles shares to other Sheba accounts). */
  readonly supportsSplit: boolean
  createSession(input: CreatePaymentSession): Promise<{ redirectUrl: string; providerReference: string }>
  verifyCallback(
    params: Record<string, string>,
    loadSession: (sessionId: string) => Promise<SessionForVerification | null>,
  ): Promise<VerifiedCallback>
  refund(input: {
    providerReference: string
    /** The amount to give back, in rials. */
    amount: number
    /** The amount that was paid on the session (a gateway may need it to find the payment). */
    paidAmount: number
    /** Ours, stable across retries: an idempotency key where the provider takes one. */
    refundId: string
  }): Promise<RefundOutcome>
}

/**
 * The session a gateway's callback names, checked against the reference the gateway gave for it
 * (Zarinpal's Authority, Zibal's trackId): the callback's own word proves nothing else.
 */
export async function sessionOfCallback(
  sessionId: string | undefined,
  reference: string | undefined,
  loadSession: (sessionId: string) => Promise<SessionForVerification | null>,
): Promise<SessionForVerification & { providerReference: string }> {
  if (!sessionId || !reference)
    throw new PaymentCallbackRejected(m.server_error_payment_callback_incomplete())
  const ours = await loadSession(sessionId)
  if (!ours) throw new PaymentCallbackRejected(m.server_error_payment_session_unknown(), 404)
  if (!ours.providerReference || ours.providerReference !== reference)
    throw new PaymentCallbackRejected(m.server_error_payment_callback_mismatch())
  return { ...ours, providerReference: ours.providerReference }
}
