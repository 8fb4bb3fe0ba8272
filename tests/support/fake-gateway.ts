/**
 * A local stand-in for a redirect-and-verify payment gateway (the protocol in
 * src/server/providers/payment/gateway.server.ts), on node:http and a random port. Tests decide
 * what the payer does at the gateway (`pay`, `decline`) and then read what our app asked it.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakePayment {
  authority: string
  merchantId: string
  amount: number
  callbackUrl: string
  orderId: string
  /** What the payer did at the gateway; `paidAmount` may differ from `amount` to test mismatches. */
  state: 'waiting' | 'paid' | 'declined'
  paidAmount: number | null
  verified: boolean
  refunds: { amount: number; refundId: string }[]
}

export interface FakeGateway {
  url: string
  merchantId: string
  payments: Map<string, FakePayment>
  calls: { path: string; body: Record<string, unknown> }[]
  /** The payer pays (optionally a different amount) and is sent back: returns the callback URL. */
  pay(authority: string, options?: { amount?: number }): string
  /** The payer cancels at the gateway: returns the callback URL with Status=NOK. */
  decline(authority: string): string
  /** Makes the next calls to `path` answer 503. */
  failNext(path: string): void
  close(): Promise<void>
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
  } catch {
    return {}
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

export async function startFakeGateway(merchantId = 'test-merchant-0001'): Promise<FakeGateway> {
  const payments = new Map<string, FakePayment>()
  const calls: FakeGateway['calls'] = []
  const failing = new Set<string>()

  const callback = (p: FakePayment, status: 'OK' | 'NOK') => {
    const url = new URL(p.callbackUrl)
    url.searchParams.set('Authority', p.authority)
    url.searchParams.set('Status', status)
    return url.toString()
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      if (req.method === 'GET' && url.pathname.startsWith('/pay/')) {
        const p = payments.get(decodeURIComponent(url.pathname.slice(5)))
        res.writeHead(p ? 200 : 404, { 'content-type': 'text/html' })
        res.end(p ? `<h1>Fake gateway</h1><p>Pay ${p.amount} for ${p.orderId}</p>` : 'unknown')
        return
      }
      if (req.method !== 'POST') return send(res, 404, { code: -404 })
      const path = url.pathname.replace(/^\//, '')
      const body = await readJson(req)
      calls.push({ path, body })
      if (failing.delete(path)) return send(res, 503, { code: -503, message: 'maintenance' })
      if (body.merchant_id !== merchantId) return send(res, 401, { code: -11, message: 'bad merchant' })
      if (path === 'request') {
        const authority = `A${randomBytes(12).toString('hex')}`
        payments.set(authority, {
          authority,
          merchantId,
          amount: Number(body.amount),
          callbackUrl: String(body.callback_url),
          orderId: String(body.order_id),
          state: 'waiting',
          paidAmount: null,
          verified: false,
          refunds: [],
        })
        return send(res, 200, { code: 100, authority })
      }
      const p = payments.get(String(body.authority))
      if (!p) return send(res, 404, { code: -54, message: 'unknown authority' })
      if (path === 'verify') {
        if (p.state !== 'paid') return send(res, 200, { code: -51, message: 'not paid' })
        // The amount the merchant expects must be what was requested, and what was paid.
        if (Number(body.amount) !== p.amount || p.paidAmount !== p.amount) {
          return send(res, 200, { code: -50, amount: p.paidAmount, message: 'amount mismatch' })
        }
        const code = p.verified ? 101 : 100
        p.verified = true
        return send(res, 200, { code, amount: p.paidAmount, ref_id: 9_000_000 + payments.size })
      }
      if (path === 'refund') {
        if (!p.verified) return send(res, 200, { code: -60, message: 'not verified' })
        const existing = p.refunds.find((r) => r.refundId === body.refund_id)
        if (!existing) p.refunds.push({ amount: Number(body.amount), refundId: String(body.refund_id) })
        return send(res, 200, { code: 100, refund_id: `RF-${p.authority.slice(1, 9)}` })
      }
      return send(res, 404, { code: -404 })
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    merchantId,
    payments,
    calls,
    pay(authority, options = {}) {
      const p = payments.get(authority)
      if (!p) throw new Error(`fake gateway: no payment ${authority}`)
      p.state = 'paid'
      p.paidAmount = options.amount ?? p.amount
      return callback(p, 'OK')
    },
    decline(authority) {
      const p = payments.get(authority)
      if (!p) throw new Error(`fake gateway: no payment ${authority}`)
      p.state = 'declined'
      return callback(p, 'NOK')
    },
    failNext(path) {
      failing.add(path)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
