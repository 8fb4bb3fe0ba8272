import '@tanstack/react-start/server-only'
import { randomBytes } from 'node:crypto'
import { ACCESS_COOKIE, REFRESH_COOKIE, readCookie } from '../auth/cookies.server'

/**
 * Rendered pages for guests, kept a few seconds per URL in this process (issue #21): a guest's page
 * depends on nothing but its URL, so the next guest within the TTL gets the same HTML without a
 * render. What never enters it: requests with credentials (an auth cookie or an Authorization
 * header), anything but a GET of a page (API routes, server functions, media), responses other than
 * a 200 HTML page, responses that set cookies or say `no-store`/`private`. The CSP nonce of the
 * render is swapped for a marker when stored and for the new response's own nonce when served, so
 * every response still carries a nonce of its own. `clearPageCache` runs with every listing refresh
 * (with the catalogue caches), so prices and stock change here as soon as in the listings, and after
 * every request that recorded a seller's or admin's change (an audit event: content pages,
 * magazines, categories…). Other instances see a change within the TTL.
 *
 * If a locale or anything else ever comes from a cookie or a header, it must join the key.
 */

export const PAGE_CACHE_TTL_MS = 5_000
const MAX_ENTRIES = 300
const MAX_BYTES = 2_000_000
/** What a CDN may do with a guest's page: keep it as briefly, and serve it stale while refetching. */
export const GUEST_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30'

const NOT_PAGES = ['/api/', '/_serverFn/', '/media/', '/assets/', '/_build/']

type Entry = { at: number; page: Promise<StoredPage | null> }
type StoredPage = { html: string; headers: [string, string][] }
type State = { entries: Map<string, Entry>; disabled: boolean; marker: string }

const STATE_KEY = Symbol.for('omdeh.page-cache')
const state: State = ((globalThis as Record<symbol, State | undefined>)[STATE_KEY] ??= {
  entries: new Map(),
  disabled: process.env.PAGE_CACHE === 'off',
  marker: `omdeh-nonce-${randomBytes(12).toString('hex')}`,
})

/** The cache key of a guest's page request, or null when the request may not use the cache. */
export function guestPageKey(request: Request): string | null {
  if (state.disabled || request.method !== 'GET') return null
  if (request.headers.has('authorization')) return null
  if (readCookie(request, ACCESS_COOKIE) || readCookie(request, REFRESH_COOKIE)) return null
  const url = new URL(request.url)
  if (NOT_PAGES.some((prefix) => url.pathname.startsWith(prefix))) return null
  return url.pathname + url.search
}

function storable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has('set-cookie')) return false
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return false
  const cacheControl = response.headers.get('cache-control') ?? ''
  return !/no-store|private/.test(cacheControl)
}

async function store(response: Response, nonce: string): Promise<StoredPage | null> {
  const html = await response.text()
  if (html.length > MAX_BYTES) return null
  const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'set-cookie')
  return { html: html.replaceAll(nonce, state.marker), headers }
}

function serve(page: StoredPage, nonce: string, status: 'hit' | 'miss'): Response {
  const headers = new Headers(page.headers)
  headers.set('cache-control', GUEST_PAGE_CACHE_CONTROL)
  headers.set('vary', 'Cookie, Authorization')
  headers.set('x-page-cache', status)
  return new Response(page.html.replaceAll(state.marker, nonce), { status: 200, headers })
}

/**
 * Answers a page request: from the cache when a guest's page for this URL is fresh, else by
 * `render` (whose output is kept when it may be). Concurrent guests asking for the same page while
 * it renders share that render.
 */
export async function cachedGuestPage(
  request: Request,
  nonce: string,
  render: () => Response | Promise<Response>,
): Promise<Response> {
  const key = guestPageKey(request)
  if (!key) return render()
  const hit = state.entries.get(key)
  if (hit && Date.now() - hit.at < PAGE_CACHE_TTL_MS) {
    // A render that failed or may not be kept: this request renders for itself.
    const page = await hit.page.catch(() => null)
    if (page) return serve(page, nonce, 'hit')
  }
  let rendered: Response | undefined
  const page = (async () => {
    rendered = await render()
    return storable(rendered) ? store(rendered, nonce) : null
  })()
  state.entries.set(key, { at: Date.now(), page })
  page.then(
    (stored) => stored || forget(key, page),
    () => forget(key, page),
  )
  while (state.entries.size > MAX_ENTRIES) {
    const oldest = state.entries.keys().next().value
    if (oldest === undefined) break
    state.entries.delete(oldest)
  }
  const stored = await page
  if (stored) return serve(stored, nonce, 'miss')
  if (!rendered) throw new Error('page render produced no response')
  return rendered
}

function forget(key: string, page: Entry['page']) {
  if (state.entries.get(key)?.page === page) state.entries.delete(key)
}

/** Drops every kept page: the listings (prices, stock, what is on sale) have changed. */
export function clearPageCache(): void {
  state.entries.clear()
}

/** Benchmarks measure with and without it; tests switch it on and off. */
export function setPageCacheEnabled(enabled: boolean): void {
  state.disabled = !enabled
  state.entries.clear()
}
