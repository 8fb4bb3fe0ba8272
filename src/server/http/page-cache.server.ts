import '@tanstack/react-start/server-only'
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, gzip } from 'node:zlib'
import { FastResponse } from 'srvx'
import { ACCESS_COOKIE, REFRESH_COOKIE, readCookie } from '../auth/cookies.server'
import { BROTLI_STORED_QUALITY, brotliOptions, GZIP_MIN_BYTES, preferredEncoding } from './compression.server'
import { securityHeaders, type HeaderMode } from './security-headers.server'

/**
 * Rendered pages for guests, kept a few seconds per URL in this process (issue #21): a guest's page
 * depends on nothing but its URL and its display cookies (`PAGE_KEY_COOKIES`), so the next guest
 * within the TTL gets the same page without a render. What never enters it: requests with
 * credentials (an auth cookie or an Authorization header), anything but a GET of a page (API
 * routes, server functions, media), responses other than a 200 HTML page, responses that set
 * cookies or say `no-store`/`private`.
 *
 * A hit sends stored bytes: the page is kept as it will be sent (and compressed once, gzip and
 * brotli, off the main thread), with its headers prepared, so a hit costs no string work, compression or header
 * building. Its CSP cannot carry a per-response nonce (the bytes are the same for everyone), so
 * the stored page carries none: its inline scripts are allowed by their SHA-256 hashes, computed
 * when it was stored, and scripts from the site itself by `'self'`, as on every page. Nothing a
 * guest can learn from a cached page (there is no nonce in it) helps an injection anywhere, and
 * an injected script would not match a hash. The guest whose request rendered the page gets the
 * same stored bytes: the render's nonce never leaves the server, and whatever a CDN keeps is the
 * nonce-free copy.
 *
 * `clearPageCache` runs with every listing refresh (with the catalogue caches), so prices and stock
 * change here as soon as in the listings, and after every request that recorded a seller's or
 * admin's change (an audit event: content pages, magazines, categories…). Other instances see a
 * change within the TTL.
 *
 * If anything else ever comes from a cookie or a header, it must join the key.
 */

export const PAGE_CACHE_TTL_MS = 5_000
const MAX_ENTRIES = 300
const MAX_BYTES = 2_000_000
/** More inline scripts than this would make an unwieldy CSP header: such a page renders each time. */
const MAX_INLINE_SCRIPTS = 64
/** What a CDN may do with a guest's page: keep it as briefly, and serve it stale while refetching. */
export const GUEST_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30'
const GUEST_PAGE_VARY = 'Cookie, Authorization, Accept-Encoding'

/**
 * The only cookies that change what a guest sees (language and how money is shown), with the
 * values they may take; any other value counts as absent, and no other cookie joins the key.
 */
export const PAGE_KEY_COOKIES = { locale: ['fa', 'en'], money: ['rial', 'toman'] } as const

/**
 * Not pages, or pages answered per machine: the demo's outbox and sandbox bank (/dev/, /payment/)
 * render for this machine only (demo-surface.server.ts), and a copy kept here would go to any
 * other machine asking within the TTL (issue #35 §6).
 */
const NOT_PAGES = ['/api/', '/_serverFn/', '/media/', '/assets/', '/_build/', '/dev/', '/payment/']

type Body = { bytes: Uint8Array<ArrayBuffer>; headers: [string, string][] }
type StoredPage = { identity: Body; gzip: Body | null; br: Body | null }
type Entry = { at: number; page: Promise<StoredPage | null>; ready?: StoredPage }
type State = { entries: Map<string, Entry>; disabled: boolean }

const STATE_KEY = Symbol.for('omdeh.page-cache')
const state: State = ((globalThis as Record<symbol, State | undefined>)[STATE_KEY] ??= {
  entries: new Map(),
  disabled: process.env.PAGE_CACHE === 'off',
})
const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

function keyCookie(request: Request, name: keyof typeof PAGE_KEY_COOKIES): string {
  const value = readCookie(request, name)
  return (PAGE_KEY_COOKIES[name] as readonly string[]).includes(value ?? '') ? value! : ''
}

/** The cache key of a guest's page request, or null when the request may not use the cache. */
export function guestPageKey(request: Request): string | null {
  if (state.disabled || request.method !== 'GET') return null
  if (request.headers.has('authorization')) return null
  if (readCookie(request, ACCESS_COOKIE) || readCookie(request, REFRESH_COOKIE)) return null
  const url = new URL(request.url)
  if (NOT_PAGES.some((prefix) => url.pathname.startsWith(prefix))) return null
  return `${keyCookie(request, 'locale')}|${keyCookie(request, 'money')}|${url.pathname}${url.search}`
}

function storable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has('set-cookie')) return false
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return false
  const cacheControl = response.headers.get('cache-control') ?? ''
  return !/no-store|private/.test(cacheControl)
}

// The HTML tokenizer ends a script's raw text at `</script` followed by whitespace, `/` or `>`.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi
const HAS_SRC = /(^|\s)src\s*=/i

/**
 * The base64 SHA-256 of each inline script's text as a browser hashes it (UTF-8, after the HTML
 * parser has turned CR LF and lone CR into LF). Scripts with `src` load from the site ('self').
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (HAS_SRC.test(attributes!)) continue
    const parsed = text!.replace(/\r\n?/g, '\n')
    hashes.add(createHash('sha256').update(parsed, 'utf8').digest('base64'))
  }
  return [...hashes]
}

/** A render's headers that a stored page sets for itself (length, encoding, caching, its CSP). */
const REPLACED_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'set-cookie',
  'vary',
  'cache-control',
  'content-security-policy',
  'x-page-cache',
])

async function store(
  html: string,
  rendered: Headers,
  nonce: string,
  mode: HeaderMode,
): Promise<StoredPage | null> {
  // The render's nonce belongs to the response that rendered it; no copy of it is handed out
  // (it stands quoted in the scripts' and links' `nonce` and in the router's csp-nonce meta).
  const page = nonce ? html.replaceAll(`"${nonce}"`, '""') : html
  const hashes = inlineScriptHashes(page)
  if (hashes.length > MAX_INLINE_SCRIPTS) return null
  const headers: [string, string][] = []
  for (const [name, value] of rendered) {
    if (!REPLACED_HEADERS.has(name)) headers.push([name, value])
  }
  const present = new Set(headers.map(([name]) => name))
  for (const [name, value] of Object.entries(securityHeaders({ hashes }, mode)))
    if (!present.has(name)) headers.push([name, value])
  headers.push(['cache-control', GUEST_PAGE_CACHE_CONTROL], ['vary', GUEST_PAGE_VARY])
  const bytes = new TextEncoder().encode(page)
  const identity: Body = { bytes, headers: [...headers, ['content-length', String(bytes.byteLength)]] }
  if (bytes.byteLength < GZIP_MIN_BYTES) return { identity, gzip: null, br: null }
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(bytes),
    brotliAsync(bytes, brotliOptions(BROTLI_STORED_QUALITY, bytes.byteLength)),
  ])
  const encoded = (encoding: string, buffer: Buffer): Body => {
    const body = new Uint8Array(buffer)
    return {
      bytes: body,
      headers: [...headers, ['content-encoding', encoding], ['content-length', String(body.byteLength)]],
    }
  }
  return { identity, gzip: encoded('gzip', gzipped), br: encoded('br', brotli) }
}

function sendStored(
  page: StoredPage,
  request: Request,
  status: 'hit' | 'miss',
  requestId?: string,
): Response {
  const encoding = preferredEncoding(request)
  const body = (encoding && page[encoding]) || page.identity
  const headers: [string, string][] = [...body.headers, ['x-page-cache', status]]
  if (requestId) headers.push(['x-request-id', requestId])
  // srvx's Response (the server's own, already installed with it) hands the bytes and the header
  // list to node:http as they are; a standard Response would wrap them in a stream and a Headers.
  return new FastResponse(body.bytes, { status: 200, headers })
}

function freshEntry(key: string): Entry | undefined {
  const entry = state.entries.get(key)
  return entry && Date.now() - entry.at < PAGE_CACHE_TTL_MS ? entry : undefined
}

/**
 * A guest's page that is stored and fresh, as a complete response (security headers, encoding,
 * `x-request-id`): the server sends it as it is. Null when the request must go through
 * `cachedGuestPage` (not a guest's page, nothing stored, or a render still under way).
 */
export function storedGuestPage(request: Request, requestId: string): Response | null {
  const key = guestPageKey(request)
  const page = key ? freshEntry(key)?.ready : undefined
  return page ? sendStored(page, request, 'hit', requestId) : null
}

/**
 * Answers a page request: from the cache when a guest's page for this key is fresh, else by
 * `render` (whose output is kept when it may be). Concurrent guests asking for the same page while
 * it renders share that render. A response from the cache is complete (its own CSP, its encoding);
 * the rendered one is the render's, with the cache headers added.
 */
export async function cachedGuestPage(
  request: Request,
  { nonce, mode }: { nonce: string; mode: HeaderMode },
  render: () => Response | Promise<Response>,
): Promise<Response> {
  const key = guestPageKey(request)
  if (!key) return render()
  const hit = freshEntry(key)
  if (hit) {
    // A render that failed or may not be kept: this request renders for itself.
    const page = await hit.page.catch(() => null)
    if (page) return sendStored(page, request, 'hit')
  }
  let rendered: Response | undefined
  const text = (async () => {
    rendered = await render()
    return storable(rendered) ? rendered.text() : null
  })()
  const page = text.then((html) =>
    html !== null && html.length <= MAX_BYTES ? store(html, rendered!.headers, nonce, mode) : null,
  )
  const entry: Entry = { at: Date.now(), page }
  state.entries.set(key, entry)
  page.then(
    (stored) => (stored ? (entry.ready = stored) : forget(key, page)),
    () => forget(key, page),
  )
  while (state.entries.size > MAX_ENTRIES) {
    const oldest = state.entries.keys().next().value
    if (oldest === undefined) break
    state.entries.delete(oldest)
  }
  const html = await text
  if (!rendered) throw new Error('page render produced no response')
  if (html === null) return rendered
  // The guest whose request rendered the page gets the stored bytes too: every response that a
  // CDN may keep (public Cache-Control) is the nonce-free copy.
  const stored = await page
  if (stored) return sendStored(stored, request, 'miss')
  // Kept by nobody (too large, too many inline scripts): the render as it was, with its nonce.
  const headers = new Headers(rendered.headers)
  headers.delete('content-length')
  return new Response(html, { status: 200, headers })
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
