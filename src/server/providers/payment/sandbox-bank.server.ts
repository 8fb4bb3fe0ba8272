import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  PaymentCallbackRejected,
  PaymentProviderError,
  paymentFailureReasons,
  type PaymentFailureReason,
  type PaymentProvider,
  type VerifiedCallback,
} from './payment.server'

/**
 * The sandbox bank: a pretend bank inside the app for development and demos. Its payment page is
 * /payment/{session}; when the payer approves or declines, the bank's endpoint signs the outcome
 * with an HMAC key derived from SESSION_SECRET and sends the browser to our callback route, which
 * accepts only a correctly signed outcome for the exact session, reference and amount.
 */

export interface SandboxOutcome {
  sessionId: string
  outcome: 'succeeded' | 'failed'
  reason?: 'declined' | 'timeout'
  providerReference: string
  amount: number
}

const SIGNING_CONTEXT = 'omdeh.sandbox-bank.callback.v1'

function signingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update(SIGNING_CONTEXT).digest()
}

function canonical(o: SandboxOutcome): string {
  return ['v1', o.sessionId, o.outcome, o.reason ?? '', o.providerReference, String(o.amount)].join('|')
}

function signature(secret: string, o: SandboxOutcome): string {
  return createHmac('sha256', signingKey(secret)).update(canonical(o)).digest('base64url')
}

/** The bank's side: the callback query parameters for an outcome, signed. */
export function signSandboxOutcome(secret: string, o: SandboxOutcome): Record<string, string> {
  return {
    session: o.sessionId,
    outcome: o.outcome,
    ...(o.reason ? { reason: o.reason } : {}),
    ref: o.providerReference,
    amount: String(o.amount),
    sig: signature(secret, o),
  }
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

export const SANDBOX_CALLBACK_PATH = '/api/payments/callback/sandbox'

export function sandboxBankProvider(options: { secret: string }): PaymentProvider {
  return {
    name: 'sandbox',
    // It settles a split as a real gateway would, which here means nothing leaves the machine: the
    // shares are ours to record (the payment session keeps the seller's share and Sheba).
    supportsSplit: true,
    async createSession(input) {
      const shares = input.split ?? []
      if (shares.some((s) => s.amount <= 0) || shares.reduce((t, s) => t + s.amount, 0) >= input.amount)
        throw new PaymentProviderError('The sandbox bank splits less than the payment into positive shares')
      return {
        redirectUrl: `/payment/${encodeURIComponent(input.sessionId)}`,
        providerReference: `SB-${randomBytes(8).toString('hex').toUpperCase()}`,
      }
    },
    async verifyCallback(params, loadSession): Promise<VerifiedCallback> {
      const { session, outcome, reason, ref, amount, sig } = params
      if (!session || !ref || !amount || !sig || (outcome !== 'succeeded' && outcome !== 'failed')) {
        throw new PaymentCallbackRejected(m.server_error_payment_callback_incomplete())
      }
      if (reason !== undefined && reason !== 'declined' && reason !== 'timeout') {
        throw new PaymentCallbackRejected(m.server_error_payment_callback_invalid())
      }
      if (!/^\d{1,15}$/.test(amount))
        throw new PaymentCallbackRejected(m.server_error_payment_callback_invalid())
      const claimed: SandboxOutcome = {
        sessionId: session,
        outcome,
        reason,
        providerReference: ref,
        amount: Number(amount),
      }
      if (!sameSignature(signature(options.secret, claimed), sig)) {
        throw new PaymentCallbackRejected(m.server_error_payment_callback_signature())
      }
      const ours = await loadSession(session)
      if (!ours) throw new PaymentCallbackRejected(m.server_error_payment_session_unknown(), 404)
      if (ours.providerReference !== ref || ours.amount !== claimed.amount) {
        throw new PaymentCallbackRejected(m.server_error_payment_callback_mismatch())
      }
      const failure: PaymentFailureReason | undefined =
        outcome === 'failed' ? (paymentFailureReasons.find((r) => r === reason) ?? 'declined') : undefined
      return { sessionId: session, outcome, providerReference: ref, ...(failure ? { reason: failure } : {}) }
    },
    async refund() {
      // Nothing leaves the machine: the sandbox bank refunds at once.
      return { kind: 'refunded', refundReference: `SBR-${randomBytes(8).toString('hex').toUpperCase()}` }
    },
  }
}
