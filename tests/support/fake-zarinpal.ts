/**
 * A local stand-in for Zarinpal's REST API v4 (src/server/providers/payment/zarinpal.server.ts):
 * `POST /pg/v4/payment/request.json`, `GET /pg/StartPay/{authority}`, `POST
 * /pg/v4/payment/verify.json`, and the panel's GraphQL API for refunds (`POST /api/v4/graphql/`:
 * the `Session` query by reference id and the `AddRefund` mutation, with a bearer access token),
 * answering with the recorded reply shapes in
 * tests/fixtures/payments/zarinpal/. Tests decide what the payer does at the gateway (`pay`,
 * `decline`) and then read what our app asked it.
 */
import { randomInt } from 'node:crypto'
import { fixture, startFakeHttp, type FakeHttp, type Trouble } from './fake-provider-http'

export const ZARINPAL_REQUEST_PATH = '/pg/v4/payment/request.json'
export const ZARINPAL_VERIFY_PATH = '/pg/v4/payment/verify.json'
export const ZARINPAL_GRAPHQL_PATH = '/api/v4/graphql/'
export const FAKE_ZARINPAL_TOKEN = 'fake-zarinpal-access-token-0123456789'
export const FAKE_ZARINPAL_TERMINAL = '349555'

export interface FakeZarinpalPayment {
  authority: string
  amount: number
  callbackUrl: string
  request: Record<string, unknown>
  /** What the payer did; `paidAmount` may differ from `amount` to test a mismatch. */
  state: 'waiting' | 'paid' | 'declined'
  paidAmount: number | null
  verified: boolean
  /** Zarinpal's transaction id (what AddRefund takes) and the reference id verify gives. */
  sessionId: string
  refId: number
  refunds: { amount: number; method: string; reason: string; description: string }[]
}

export interface FakeZarinpal {
  url: string
  merchantId: string
  payments: Map<string, FakeZarinpalPayment>
  calls: FakeHttp['calls']
  /** The payer pays (optionally a different amount) and is sent back: the callback URL. */
  pay(authority: string, options?: { amount?: number }): string
  /** The payer cancels at the gateway: the callback URL with Status=NOK. */
  decline(authority: string): string
  troubleNext(
    path: typeof ZARINPAL_REQUEST_PATH | typeof ZARINPAL_VERIFY_PATH | typeof ZARINPAL_GRAPHQL_PATH,
    trouble: Trouble,
  ): void
  /** The next AddRefund is carried out, but its answer never comes. */
  loseNextRefundReply(): void
  close(): Promise<void>
}

const newAuthority = () => `A${String(randomInt(1e9)).padStart(35, '0')}`

export async function startFakeZarinpal(
  merchantId = '1344b5d4-0048-11e8-94db-005056a205be',
): Promise<FakeZarinpal> {
  const payments = new Map<string, FakeZarinpalPayment>()
  let loseRefundReply = false
  let nextId = 580_868_100

  const graphql = (body: Record<string, unknown>, authorization: string | undefined) => {
    if (authorization !== `Bearer ${FAKE_ZARINPAL_TOKEN}`) return fixture('zarinpal', 'graphql-unauthorized')
    const query = String(body.query)
    const vars = (body.variables ?? {}) as Record<string, unknown>
    if (/\bSession\s*\(/.test(query)) {
      const reply = fixture('zarinpal', 'graphql-session')
      const found = [...payments.values()].filter(
        (p) => vars.terminal_id === FAKE_ZARINPAL_TERMINAL && String(p.refId) === vars.reference_id,
      )
      const [template] = (reply.body.data as { Session: Record<string, unknown>[] }).Session
      ;(reply.body.data as { Session: unknown[] }).Session = found.map((p) => ({
        ...template,
        id: p.sessionId,
        status: p.refunds.length ? 'REFUNDED' : 'VERIFIED',
        amount: p.amount,
      }))
      return reply
    }
    if (/\bAddRefund\s*\(/.test(query)) {
      const p = [...payments.values()].find((x) => x.sessionId === vars.session_id)
      if (!p || !p.verified || typeof vars.amount !== 'number' || vars.amount > p.amount) {
        return fixture('zarinpal', 'graphql-refund-refused')
      }
      p.refunds.push({
        amount: vars.amount,
        method: String(vars.method),
        reason: String(vars.reason),
        description: String(vars.description),
      })
      const reply = fixture('zarinpal', 'graphql-add-refund')
      const resource = (reply.body.data as { resource: Record<string, unknown> }).resource
      Object.assign(resource, { id: p.sessionId, amount: p.amount, terminal_id: FAKE_ZARINPAL_TERMINAL })
      if (loseRefundReply) {
        loseRefundReply = false
        return { ...reply, silent: true }
      }
      return reply
    }
    return null
  }

  const http = await startFakeHttp((method, path, body, headers) => {
    if (method === 'POST' && path === ZARINPAL_GRAPHQL_PATH) return graphql(body, headers.authorization)
    if (method === 'GET' && path.startsWith('/pg/StartPay/')) {
      const p = payments.get(decodeURIComponent(path.slice('/pg/StartPay/'.length)))
      return p ? { status: 200, html: true, body: `<h1>Zarinpal (fake)</h1><p>${p.amount} IRR</p>` } : null
    }
    if (method !== 'POST') return null
    if (body.merchant_id !== merchantId) {
      const reply = fixture('zarinpal', 'request-refused')
      reply.body.errors = { code: -11, message: 'The merchant is not active.', validations: [] }
      return reply
    }
    if (path === ZARINPAL_REQUEST_PATH) {
      if (typeof body.amount !== 'number' || body.amount < 1000 || body.currency !== 'IRR') {
        return fixture('zarinpal', 'request-refused')
      }
      const reply = fixture('zarinpal', 'request-ok')
      const authority = newAuthority()
      ;(reply.body.data as Record<string, unknown>).authority = authority
      payments.set(authority, {
        authority,
        amount: body.amount,
        callbackUrl: String(body.callback_url),
        request: body,
        state: 'waiting',
        paidAmount: null,
        verified: false,
        sessionId: String(++nextId),
        refId: 200_000 + nextId,
        refunds: [],
      })
      return reply
    }
    if (path === ZARINPAL_VERIFY_PATH) {
      const p = payments.get(String(body.authority))
      if (!p) return fixture('zarinpal', 'verify-bad-authority')
      if (p.state !== 'paid') return fixture('zarinpal', 'verify-not-paid')
      // The amount the merchant names must be the one requested, and the one paid.
      if (body.amount !== p.amount || p.paidAmount !== p.amount)
        return fixture('zarinpal', 'verify-amount-mismatch')
      const reply = fixture('zarinpal', p.verified ? 'verify-already-verified' : 'verify-paid')
      ;(reply.body.data as Record<string, unknown>).ref_id = p.refId
      p.verified = true
      return reply
    }
    return null
  })

  const back = (p: FakeZarinpalPayment, status: 'OK' | 'NOK') => {
    const url = new URL(p.callbackUrl)
    url.searchParams.set('Authority', p.authority)
    url.searchParams.set('Status', status)
    return url.toString()
  }
  const find = (authority: string) => {
    const p = payments.get(authority)
    if (!p) throw new Error(`fake Zarinpal: no payment ${authority}`)
    return p
  }

  return {
    url: http.url,
    merchantId,
    payments,
    calls: http.calls,
    pay(authority, options = {}) {
      const p = find(authority)
      p.state = 'paid'
      p.paidAmount = options.amount ?? p.amount
      return back(p, 'OK')
    },
    decline(authority) {
      const p = find(authority)
      p.state = 'declined'
      return back(p, 'NOK')
    },
    troubleNext: http.troubleNext,
    loseNextRefundReply: () => (loseRefundReply = true),
    close: http.close,
  }
}
