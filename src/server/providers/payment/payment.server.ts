import '@tanstack/react-start/server-only'

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

/**
 * A payment provider. `verifyCallback` gets the raw callback parameters and a way to read our own
 * session record; it must throw PaymentCallbackRejected for anything it cannot prove came from the
 * provider, and must only report `succeeded` when the provider confirmed the full amount.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'gateway'
  createSession(input: CreatePaymentSession): Promise<{ redirectUrl: string; providerReference: string }>
  verifyCallback(
    params: Record<string, string>,
    loadSession: (sessionId: string) => Promise<SessionForVerification | null>,
  ): Promise<VerifiedCallback>
  refund(input: {
    providerReference: string
    amount: number
    refundId: string
  }): Promise<{ refundReference: string }>
}
