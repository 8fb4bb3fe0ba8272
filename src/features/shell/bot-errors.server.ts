import '@tanstack/react-start/server-only'
import { isBotUserAgent } from '~/lib/user-agent'

/**
 * Spec §8: search-engine and link-preview bots never see the error page, which would be indexed
 * or shown as a preview card. They get a short plain-text answer with the same status.
 */
export async function plainErrorForBots(request: Request, response: Response): Promise<Response> {
  if (response.status < 400 || !isBotUserAgent(request.headers.get('user-agent'))) return response
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return response
  await response.body?.cancel().catch(() => undefined)
  const headers = new Headers({
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
  })
  const retryAfter = response.headers.get('retry-after')
  if (retryAfter) headers.set('retry-after', retryAfter)
  return new Response(`${response.status} ${response.statusText || 'Error'}\n`, {
    status: response.status,
    headers,
  })
}
