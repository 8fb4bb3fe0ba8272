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
 * Zarinpal, REST API v4. Documentation:
 *  - payment request, StartPay, callback, verify and codes:
 *    https://zarinpal.com/docs/paymentGateway/connectToGateway
 *  - split settlement (تسهیم, `wages` on the request):
 *    https://www.zarinpal.com/docs/paymentGateway/moreFeatures/setshare.html
 *  - refunds, through the merchant panel's GraphQL API (https://next.zarinpal.com/api/v4/graphql/,
 *    an access token): `AddRefund` https://zarinpal.com/docs/apiDocs/query/refund, which takes the
 *    transaction's id (session_id), found with the `Session` query by terminal and the payment's
 *    reference id (ref_id, which verify gives): https://zarinpal.com/docs/apiDocs/query/session
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

export const ZARINPAL_GRAPHQL_URL = 'https://next.zarinpal.com/api/v4/graphql/'

/** Zarinpal refunds only amounts of at least this many rials through its API. */
export const ZARINPAL_MIN_REFUND = 20_000

export interface ZarinpalOptions {
  merchantId: string
  /** https://payment.zarinpal.com, https://sandbox.zarinpal.com, or a local fake in tests. */
  baseUrl: string
  timeoutMs: number
  /** Refunds through the panel's API; without them a refund is made by hand in the panel. */
  refunds?: { accessToken: string; terminalId: string; graphqlUrl: string } | null
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

const graphqlErrors = v.optional(v.nullable(v.array(v.object({ message: v.optional(v.string()) }))))
const sessionReply = v.object({
  data: v.nullish(
    v.object({
      Session: v.nullish(
        v.array(v.object({ id: v.union([v.string(), v.number()]), status: v.optional(v.string()) })),
      ),
    }),
  ),
  errors: graphqlErrors,
})
const addRefundReply = v.object({
  data: v.nullish(
    v.object({
      resource: v.nullish(
        v.object({
          id: v.union([v.string(), v.number()]),
          timeline: v.optional(v.nullable(v.object({ refund_status: v.optional(v.nullable(v.string())) }))),
        }),
      ),
    }),
  ),
  errors: graphqlErrors,
})

const sessionByReference = `query Sessions($terminal_id: ID!, $reference_id: String) {
  Session(terminal_id: $terminal_id, reference_id: $reference_id) { id status amount }
}`
const addRefund = `mutation AddRefund($session_id: ID!, $amount: BigInteger!, $description: String, $method: InstantPayoutActionTypeEnum, $reason: RefundReasonEnum) {
  resource: AddRefund(session_id: $session_id, amount: $amount, description: $description, method: $method, reason: $reason) {
    terminal_id id amount timeline { refund_amount refund_time refund_status }
  }
}`

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
      const ours = await sessionOfCallback(params.session, params.Authority, loadSession)
      const given = ours.providerReference
      const reply = await call('verify.json', { amount: ours.amount, authority: given }, verifyReply)
      const code = codeOf(reply)
      const result = { sessionId: ours.id, providerReference: given }
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

    async refund(input) {
      const api = options.refunds
      if (!api) {
        // Refunds by API need ZARINPAL_ACCESS_TOKEN and ZARINPAL_TERMINAL_ID.
        return { kind: 'manual', reason: 'no_api_credentials' }
      }
      if (input.amount < ZARINPAL_MIN_REFUND) {
        return { kind: 'manual', reason: 'below_api_minimum' }
      }
      const graphql = <T extends v.GenericSchema>(query: string, variables: object, schema: T) =>
        postJson('Zarinpal', api.graphqlUrl, { query, variables }, schema, options.timeoutMs, {
          authorization: `Bearer ${api.accessToken}`,
        })
      // 1. The payment's reference id: verify again (101, "already verified", carries it).
      const verified = await call(
        'verify.json',
        { amount: input.paidAmount, authority: input.providerReference },
        verifyReply,
      )
      const code = codeOf(verified)
      const refId = Array.isArray(verified.data) ? undefined : verified.data.ref_id
      if ((code !== ZARINPAL_CODES.ok && code !== ZARINPAL_CODES.alreadyVerified) || refId === undefined) {
        throw new PaymentProviderError(
          `Zarinpal did not confirm the payment to refund (code ${code ?? 'none'})`,
        )
      }
      // 2. The transaction (its id is what AddRefund takes).
      const found = await graphql(
        sessionByReference,
        { terminal_id: api.terminalId, reference_id: String(refId) },
        sessionReply,
      )
      const transaction = found.data?.Session?.[0]
      if (found.errors?.length || !transaction) {
        throw new PaymentProviderError(`Zarinpal did not find the transaction of reference ${refId}`)
      }
      const reference = `ZP-${transaction.id}`
      // Refunded already: an earlier run's AddRefund went through but its answer was lost.
      if (transaction.status === 'REFUNDED') return { kind: 'refunded', refundReference: reference }
      // 3. The refund, to the payer's account in the next PAYA cycle.
      const added = await graphql(
        addRefund,
        {
          session_id: String(transaction.id),
          amount: input.amount,
          description: `Refund ${input.refundId}`,
          method: 'PAYA',
          reason: 'CUSTOMER_REQUEST',
        },
        addRefundReply,
      )
      if (added.errors?.length || !added.data?.resource) {
        throw new PaymentProviderError(
          `Zarinpal refused the refund: ${added.errors?.map((e) => e.message).join('; ') ?? 'no answer'}`,
        )
      }
      return { kind: 'refunded', refundReference: reference }
    },
  }
}
