import '@tanstack/react-start/server-only'
import * as v from 'valibot'
import {
  sessionOfCallback,
  PaymentProviderError,
  type PaymentFailureReason,
  type PaymentProvider,
  type VerifiedCallback,
} from './payment.server'
import { postJson } from './provider-http.server'

/**
 * Zibal's payment gateway (IPG). Documentation: https://docs.zibal.ir/IPG/API (request, start,
 * callback, verify, result codes, and the MultiplexingInfo object for split settlement).
 *
 * The flow:
 *  1. `POST https://gateway.zibal.ir/v1/request` {merchant, amount, callbackUrl, description,
 *     orderId, mobile?, multiplexingInfos?} → {trackId, result: 100, message};
 *  2. the payer goes to `https://gateway.zibal.ir/start/{trackId}` and comes back to our callback
 *     URL (which names our session) with `&success=1|0&trackId=…&status=…&orderId=…`;
 *  3. the callback's word counts for nothing: `POST /v1/verify` {merchant, trackId} →
 *     {result, amount, refNumber, paidAt, status, orderId, …}; result 100 paid, 201 paid and already
 *     verified (a replayed callback), 202 not paid or failed, 203 unknown trackId. A paid result
 *     counts only if its `amount` is the session's.
 * Amounts are rials. The merchant "zibal" is Zibal's test merchant (no real money).
 * Split settlement: `multiplexingInfos` [{bankAccount (Sheba), amount}] with percentMode 0 (fixed
 * amounts); the merchant must have multiplexing enabled at Zibal.
 */

export const ZIBAL_BASE_URL = 'https://gateway.zibal.ir'
export const ZIBAL_TEST_MERCHANT = 'zibal'

export interface ZibalOptions {
  merchant: string
  /** https://gateway.zibal.ir, or a local fake in tests. */
  baseUrl: string
  timeoutMs: number
}

export const ZIBAL_RESULTS = {
  ok: 100,
  alreadyVerified: 201,
  notPaid: 202,
  badTrackId: 203,
} as const

const trackId = v.union([
  v.pipe(v.number(), v.integer(), v.minValue(1)),
  v.pipe(v.string(), v.regex(/^\d{1,20}$/)),
])
const requestReply = v.object({
  result: v.number(),
  trackId: v.optional(trackId),
  message: v.optional(v.string()),
})
const verifyReply = v.object({
  result: v.number(),
  amount: v.optional(v.number()),
  refNumber: v.optional(v.nullable(v.union([v.number(), v.string()]))),
  status: v.optional(v.number()),
  message: v.optional(v.string()),
})

export function zibalPaymentProvider(options: ZibalOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '')
  const call = <T extends v.GenericSchema>(path: string, body: object, schema: T) =>
    postJson(
      'Zibal',
      `${base}/v1/${path}`,
      { merchant: options.merchant, ...body },
      schema,
      options.timeoutMs,
    )

  return {
    name: 'zibal',
    supportsSplit: true,

    async createSession(input) {
      const reply = await call(
        'request',
        {
          amount: input.amount,
          callbackUrl: input.returnUrl,
          description: `Order ${input.orderNumber} at ${input.payee}`,
          orderId: input.orderNumber,
          ...(input.mobile ? { mobile: input.mobile } : {}),
          ...(input.split?.length
            ? {
                percentMode: 0,
                multiplexingInfos: input.split.map((s) => ({ bankAccount: s.iban, amount: s.amount })),
              }
            : {}),
        },
        requestReply,
      )
      if (reply.result !== ZIBAL_RESULTS.ok || reply.trackId === undefined) {
        throw new PaymentProviderError(`Zibal refused the payment request (result ${reply.result})`)
      }
      const id = String(reply.trackId)
      return { redirectUrl: `${base}/start/${encodeURIComponent(id)}`, providerReference: id }
    },

    async verifyCallback(params, loadSession): Promise<VerifiedCallback> {
      const ours = await sessionOfCallback(params.session, params.trackId, loadSession)
      const given = ours.providerReference
      const reply = await call('verify', { trackId: Number(given) }, verifyReply)
      const result = { sessionId: ours.id, providerReference: given }
      if (reply.result === ZIBAL_RESULTS.ok || reply.result === ZIBAL_RESULTS.alreadyVerified) {
        // Paid: but only the amount we asked for counts.
        if (reply.amount !== ours.amount) return { ...result, outcome: 'failed', reason: 'amount_mismatch' }
        return { ...result, outcome: 'succeeded' }
      }
      let reason: PaymentFailureReason
      if (reply.result === ZIBAL_RESULTS.notPaid)
        reason = params.success === '1' ? 'not_confirmed' : 'declined'
      // An unknown trackId or a merchant problem: not confirmed, the session stays as it is.
      else reason = 'not_confirmed'
      return { ...result, outcome: 'failed', reason }
    },

    async refund() {
      // Zibal's IPG API has no refund call: the money is returned from the Zibal panel.
      return { kind: 'manual', reason: 'no_refund_api' }
    },
  }
}
