import { createFileRoute } from '@tanstack/react-router'
import { handlePaymentCallback, paymentResultUrl } from '~/features/payments/index.server'
import { getDb } from '~/server/db/database.server'
import { HttpError } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import { m } from '~/lib/messages'

const MAX_PARAMS = 20

/** Query parameters (GET) and, for POST, a form or JSON body: gateways send either. */
async function callbackParams(request: Request): Promise<Record<string, string>> {
  const params: Record<string, string> = {}
  const add = (key: string, value: unknown) => {
    if (Object.keys(params).length < MAX_PARAMS && typeof value === 'string' && value.length <= 512)
      params[key] = value
  }
  for (const [key, value] of new URL(request.url).searchParams) add(key, value)
  if (request.method === 'POST') {
    const type = request.headers.get('content-type') ?? ''
    const text = (await request.text()).slice(0, 8192)
    if (type.includes('application/json')) {
      try {
        const body = JSON.parse(text) as unknown
        if (body && typeof body === 'object') for (const [key, value] of Object.entries(body)) add(key, value)
      } catch {
        throw new HttpError(400, m.server_payment_callback_unreadable())
      }
    } else {
      for (const [key, value] of new URLSearchParams(text)) add(key, value)
    }
  }
  return params
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** A callback that cannot be trusted: a plain page for the person whose browser landed here. */
function refusal(status: number, message: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Payment not confirmed | Omdeh</title></head><body><main><h1>Payment not confirmed</h1><p>${escapeHtml(message)}</p><p>Nothing was changed on your order. <a href="/buyer/orders">See your orders</a></p></main></body></html>`
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  })
}

async function handle({
  request,
  params,
}: {
  request: Request
  params: { provider: string }
}): Promise<Response> {
  try {
    const data = await callbackParams(request)
    const result = await handlePaymentCallback(await getDb(), params.provider, data)
    return new Response(null, {
      status: 303,
      headers: { location: paymentResultUrl(result), 'cache-control': 'no-store' },
    })
  } catch (error) {
    if (error instanceof HttpError) return refusal(error.status, error.message)
    log().error({ err: error, provider: params.provider }, 'payment callback failed')
    return refusal(500, m.server_payment_callback_failed())
  }
}

/**
 * GET|POST /api/payments/callback/{provider}: where the payment provider sends the payer back. The
 * provider's word is verified (sandbox: HMAC signature; gateway: server-to-server verify) before
 * anything changes; then 303 to /cart/checkout-result. Untrusted callbacks get a 4xx and change
 * nothing; a replayed one changes nothing and lands on the same result.
 */
export const Route = createFileRoute('/api/payments/callback/$provider')({
  server: {
    handlers: {
      GET: handle,
      POST: handle,
    },
  },
})
