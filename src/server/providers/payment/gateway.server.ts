import '@tanstack/react-start/server-only'
import ky, { HTTPError } from 'ky'
import * as v from 'valibot'
import { m } from '~/lib/messages'
import { PaymentCallbackRejected, type PaymentProvider, type VerifiedCallback } from './payment.server'

/**
 * A real payment gateway of the redirect-and-verify kind (the Zarinpal / IDPay family):
 *  1. we ask the gateway, server to server, for a payment (`POST {url}/request` with our merchant
 *     id, the amount and our callback URL) and get an authority token;
 *  2. the payer goes to `{url}/pay/{authority}` and comes back to our callback with
 *     `?Authority=…&Status=OK|NOK`;
 *  3. the callback's word counts for nothing: we ask the gateway (`POST {url}/verify` with the
 *     merchant id, authority and the amount we expect) and trust only its answer.
 * Refunds are `POST {url}/refund`. Codes: 100 done, 101 already verified, anything else not paid;
 * -50 means the amount paid is not the amount we asked for.
 */

export interface GatewayOptions {
  url: string
  merchantId: string
  timeoutMs: number
}

const OK = 100
const ALREADY_VERIFIED = 101
const AMOUNT_MISMATCH = -50

const requestReply = v.object({
  code: v.number(),
  authority: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/))),
})
const verifyReply = v.object({
  code: v.number(),
  amount: v.optional(v.number()),
  ref_id: v.optional(v.union([v.string(), v.number()])),
})
const refundReply = v.object({ code: v.number(), refund_id: v.optional(v.union([v.string(), v.number()])) })

export class PaymentGatewayError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaymentGatewayError'
  }
}

export function gatewayPaymentProvider(options: GatewayOptions): PaymentProvider {
  const api = ky.create({
    prefix: `${options.url}/`,
    timeout: options.timeoutMs,
    retry: 0,
    throwHttpErrors: false,
    headers: { accept: 'application/json' },
  })

  async function call<T extends v.GenericSchema>(
    path: string,
    body: object,
    schema: T,
  ): Promise<v.InferOutput<T>> {
    let response: Response
    try {
      response = await api.post(path, { json: { merchant_id: options.merchantId, ...body } })
    } catch (error) {
      if (error instanceof HTTPError) response = error.response
      else
        throw new PaymentGatewayError(
          `The payment gateway did not answer ${path}: ${(error as Error).message}`,
        )
    }
    if (!response.ok)
      throw new PaymentGatewayError(`The payment gateway answered ${path} with ${response.status}`)
    let data: unknown
    try {
      data = await response.json()
    } catch {
      throw new PaymentGatewayError(
        `The payment gateway answered ${path} with ${response.status} and no JSON`,
      )
    }
    const parsed = v.safeParse(schema, data)
    if (!parsed.success)
      throw new PaymentGatewayError(`The payment gateway's answer to ${path} is not understood`)
    return parsed.output
  }

  return {
    name: 'gateway',
    async createSession(input) {
      const reply = await call(
        'request',
        {
          amount: input.amount,
          currency: input.currency,
          callback_url: input.returnUrl,
          description: `Order ${input.orderNumber} at ${input.payee}`,
          order_id: input.orderNumber,
        },
        requestReply,
      )
      if (reply.code !== OK || !reply.authority) {
        throw new PaymentGatewayError(`The payment gateway refused the payment request (code ${reply.code})`)
      }
      return {
        redirectUrl: `${options.url}/pay/${encodeURIComponent(reply.authority)}`,
        providerReference: reply.authority,
      }
    },

    async verifyCallback(params, loadSession): Promise<VerifiedCallback> {
      const sessionId = params.session
      const authority = params.Authority
      if (!sessionId || !authority) throw new PaymentCallbackRejected(m.server_error_payment_callback_incomplete())
      const ours = await loadSession(sessionId)
      if (!ours) throw new PaymentCallbackRejected(m.server_error_payment_session_unknown(), 404)
      if (!ours.providerReference || ours.providerReference !== authority) {
        throw new PaymentCallbackRejected(m.server_error_payment_callback_mismatch())
      }
      const reply = await call('verify', { authority, amount: ours.amount }, verifyReply)
      const base = { sessionId, providerReference: authority }
      if (reply.code === OK || reply.code === ALREADY_VERIFIED) {
        if (reply.amount !== undefined && reply.amount !== ours.amount) {
          return { ...base, outcome: 'failed', reason: 'amount_mismatch' }
        }
        return { ...base, outcome: 'succeeded' }
      }
      if (reply.code === AMOUNT_MISMATCH) return { ...base, outcome: 'failed', reason: 'amount_mismatch' }
      return { ...base, outcome: 'failed', reason: params.Status === 'OK' ? 'not_confirmed' : 'declined' }
    },

    async refund(input) {
      const reply = await call(
        'refund',
        { authority: input.providerReference, amount: input.amount, refund_id: input.refundId },
        refundReply,
      )
      if (reply.code !== OK || reply.refund_id === undefined) {
        throw new PaymentGatewayError(`The payment gateway refused the refund (code ${reply.code})`)
      }
      return { refundReference: String(reply.refund_id) }
    },
  }
}
