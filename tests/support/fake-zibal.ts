/**
 * A local stand-in for Zibal's gateway (src/server/providers/payment/zibal.server.ts): `POST
 * /v1/request`, `GET /start/{trackId}`, `POST /v1/verify`, answering with the recorded reply shapes
 * in tests/fixtures/payments/zibal/. Tests decide what the payer does at the gateway (`pay`,
 * `decline`) and then read what our app asked it.
 */
import { randomInt } from 'node:crypto'
import { fixture, startFakeHttp, type FakeHttp, type Trouble } from './fake-provider-http'

export const ZIBAL_REQUEST_PATH = '/v1/request'
export const ZIBAL_VERIFY_PATH = '/v1/verify'

export interface FakeZibalPayment {
  trackId: number
  amount: number
  orderId: string
  callbackUrl: string
  request: Record<string, unknown>
  /** What the payer did; `paidAmount` may differ from `amount` to test a mismatch. */
  state: 'waiting' | 'paid' | 'declined'
  paidAmount: number | null
  verified: boolean
}

export interface FakeZibal {
  url: string
  merchant: string
  payments: Map<string, FakeZibalPayment>
  calls: FakeHttp['calls']
  pay(trackId: string, options?: { amount?: number }): string
  decline(trackId: string): string
  troubleNext(path: typeof ZIBAL_REQUEST_PATH | typeof ZIBAL_VERIFY_PATH, trouble: Trouble): void
  close(): Promise<void>
}

export async function startFakeZibal(merchant = 'zibal'): Promise<FakeZibal> {
  const payments = new Map<string, FakeZibalPayment>()

  const http = await startFakeHttp((method, path, body) => {
    if (method === 'GET' && path.startsWith('/start/')) {
      const p = payments.get(decodeURIComponent(path.slice('/start/'.length)))
      return p ? { status: 200, html: true, body: `<h1>Zibal (fake)</h1><p>${p.amount}</p>` } : null
    }
    if (method !== 'POST') return null
    if (body.merchant !== merchant) return fixture('zibal', 'request-refused')
    if (path === ZIBAL_REQUEST_PATH) {
      if (typeof body.amount !== 'number' || body.amount < 1000) {
        const reply = fixture('zibal', 'request-refused')
        reply.body = { result: 105, message: 'amount بایستی بزرگتر از 1,000 ریال باشد.' }
        return reply
      }
      const reply = fixture('zibal', 'request-ok')
      const trackId = 3_000_000_000 + randomInt(1e9)
      reply.body.trackId = trackId
      payments.set(String(trackId), {
        trackId,
        amount: body.amount,
        orderId: String(body.orderId),
        callbackUrl: String(body.callbackUrl),
        request: body,
        state: 'waiting',
        paidAmount: null,
        verified: false,
      })
      return reply
    }
    if (path === ZIBAL_VERIFY_PATH) {
      const p = payments.get(String(body.trackId))
      if (!p) return fixture('zibal', 'verify-bad-track')
      if (p.state !== 'paid') return fixture('zibal', 'verify-not-paid')
      const reply = fixture('zibal', p.verified ? 'verify-already-verified' : 'verify-paid')
      // Zibal names the amount paid; the merchant checks it against its own.
      Object.assign(reply.body, { amount: p.paidAmount, orderId: p.orderId })
      p.verified = true
      return reply
    }
    return null
  })

  const back = (p: FakeZibalPayment, paid: boolean) => {
    const url = new URL(p.callbackUrl)
    url.searchParams.set('success', paid ? '1' : '0')
    url.searchParams.set('trackId', String(p.trackId))
    url.searchParams.set('status', paid ? '2' : '3')
    url.searchParams.set('orderId', p.orderId)
    return url.toString()
  }
  const find = (trackId: string) => {
    const p = payments.get(trackId)
    if (!p) throw new Error(`fake Zibal: no payment ${trackId}`)
    return p
  }

  return {
    url: http.url,
    merchant,
    payments,
    calls: http.calls,
    pay(trackId, options = {}) {
      const p = find(trackId)
      p.state = 'paid'
      p.paidAmount = options.amount ?? p.amount
      return back(p, true)
    },
    decline(trackId) {
      const p = find(trackId)
      p.state = 'declined'
      return back(p, false)
    },
    troubleNext: http.troubleNext,
    close: http.close,
  }
}
