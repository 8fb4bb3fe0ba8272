import '@tanstack/react-start/server-only'
import * as v from 'valibot'
import { m } from '~/lib/messages'
import {
  PaymentCallbackRejected,
  PaymentProviderError,
  type PaymentFailureReason,
  type PaymentProvider,
  type VerifiedCallback,
} from './payment.server'
import { postJson } from './provider-http.server'

/**
 * Zarinpal, REST API v4. Documentation:
 *  - payment request, StartPay, callback, verify and codes:
 *    https://zarinpal.com/docs/paymentGateway/connectToGateway
 *  - split settlement (تسهیم, `wages` on the request):
 *    https://www.zarinpal.com/docs/paymentGateway/moreFeatures/setshare.html
 *  - refunds: https://zarinpal.com/docs/apiDocs/query/refund (a GraphQL API of the merchant panel
 *    with an access token and the transaction's session id, not the authority; not called here,
 *    see `refund` below)
 *
 * The flow:
 *  1. `POST {host}/pg/v4/payment/request.json` {merchant_id, amount, currency: 'IRR', description,
 *     callback_url, metadata: {mobile?, order_id}, wages?} → `{data: {code: 100, authority}, errors: []}`
 *     or `{data: [], errors: {code: -n, message}}`;
 *  2. the payer goes to `{host}/pg/StartPay/{authority}` and comes back to our callback URL (which
 *     names our session) with `&Authority=…&Status=OK|NOK`;
 *  3. the callback's word counts for nothing: `POST {host}/pg/v4/payment/verify.json` {merchant_id,
 *     amount (ours, from our session), authority}; `data.code` 100 paid, 101 paid and already
 *     verified (a replayed callback); `errors.code` -50 amount mismatch, -51 not paid, -54 unknown
 *     authority, others refused.
 * Amounts are rials (currency IRR). Hosts: payment.zarinpal.com, sandbox.zarinpal.com.
 */

export const ZARINPAL_HOSTS = {
  production: 'https://payment.zarinpal.com',
  sandbox: 'https://sandbox.zarinpal.com',
} as const

export interface ZarinpalOptions {
  merchantId: string
  /** https://payment.zarinpal.com, https://sandbox.zarinpal.com, or a local fake in tests. */
  baseUrl: string
  timeoutMs: number
}

/** Zarinpal's codes that we act on (its documented list has more; any other is a refusal). */
export const ZARINPAL_CODES = {
  ok: 100,
  alreadyVerified: 101,
  amountMismatch: -50,
  notPaid: -51,
  badAuthority: -54,
} as const

const authority = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{8,64}$/))
const errorPart = v.union([
  v.object({ code: v.number(), message: v.optional(v.string()) }),
  v.array(v.unknown()),
])
const requestReply = v.object({
  data: v.union([
    v.object({ code: v.number(), authority: v.optional(authority), message: v.optional(v.string()) }),
    v.array(v.unknown()),
  ]),
  errors: errorPart,
})
const verifyReply = v.object({
  data: v.union([
    v.object({
      code: v.number(),
      ref_id: v.optional(v.union([v.number(), v.string()])),
      card_pan: v.optional(v.string()),
      message: v.optional(v.string()),
    }),
    v.array(v.unknown()),
  ]),
  errors: errorPart,
})

/** `data.code` when the reply carries one, else `errors.code` (Zarinpal's two reply forms). */
function codeOf(reply: { data: unknown; errors: unknown }): number | null {
  const data = reply.data as { code?: unknown }
  if (!Array.isArray(reply.data) && typeof data.code === 'number') return data.code
  const errors = reply.errors as { code?: unknown }
  if (!Array.isArray(reply.errors) && typeof errors.code === 'number') return errors.code
  return null
}

export function zarinpalPaymentProvider(options: ZarinpalOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '')
  const call = <T extends v.GenericSchema>(path: string, body: object, schema: T) =>
    postJson(
      'Zarinpal',
      `${base}/pg/v4/payment/${path}`,
      { merchant_id: options.merchantId, ...body },
      schema,
      options.timeoutMs,
    )

  return {
    name: 'zarinpal',
    supportsSplit: true,

    async createSession(input) {
      const reply = await call(
        'request.json',
        {
          amount: input.amount,
          currency: 'IRR',
          description: `Order ${input.orderNumber} at ${input.payee}`,
          callback_url: input.returnUrl,
          metadata: { order_id: input.orderNumber, ...(input.mobile ? { mobile: input.mobile } : {}) },
          ...(input.split?.length
            ? {
                wages: input.split.map((s) => ({
                  iban: s.iban,
                  amount: s.amount,
                  description: s.description,
                })),
              }
            : {}),
        },
        requestReply,
      )
      const code = codeOf(reply)
      const data = reply.data as { authority?: string }
      if (code !== ZARINPAL_CODES.ok || !data.authority) {
        throw new PaymentProviderError(`Zarinpal refused the payment request (code ${code ?? 'none'})`)
      }
      return {
        redirectUrl: `${base}/pg/StartPay/${encodeURIComponent(data.authority)}`,
        providerReference: data.authority,
      }
    },

    async verifyCallback(params, loadSession): Promise<VerifiedCallback> {
      const sessionId = params.session
      const given = params.Authority
      if (!sessionId || !given)
        throw new PaymentCallbackRejected(m.server_error_payment_callback_incomplete())
      const ours = await loadSession(sessionId)
      if (!ours) throw new PaymentCallbackRejected(m.server_error_payment_session_unknown(), 404)
      if (!ours.providerReference || ours.providerReference !== given) {
        throw new PaymentCallbackRejected(m.server_error_payment_callback_mismatch())
      }
      const reply = await call('verify.json', { amount: ours.amount, authority: given }, verifyReply)
      const code = codeOf(reply)
      const result = { sessionId, providerReference: given }
      if (code === ZARINPAL_CODES.ok || code === ZARINPAL_CODES.alreadyVerified) {
        return { ...result, outcome: 'succeeded' }
      }
      if (code === null) throw new PaymentProviderError('Zarinpal answered the verify without a code')
      let reason: PaymentFailureReason
      if (code === ZARINPAL_CODES.amountMismatch) reason = 'amount_mismatch'
      else if (code === ZARINPAL_CODES.notPaid) reason = params.Status === 'OK' ? 'not_confirmed' : 'declined'
      // Any other refusal (an unknown authority, a merchant problem): the payment is not confirmed,
      // and the session stays as it is.
      else reason = 'not_confirmed'
      return { ...result, outcome: 'failed', reason }
    },

    async refund() {
      // Zarinpal's refund is a GraphQL call of the merchant panel (an access token, and the
      // transaction's session id, which the payment API does not give us). Until that is wired,
      // a refund is done by hand in the Zarinpal panel.
      return { kind: 'manual', reason: 'Zarinpal refunds are made in the Zarinpal merchant panel' }
    },
  }
}
