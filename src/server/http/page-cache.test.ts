import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  cachedGuestPage,
  clearPageCache,
  inlineScriptHashes,
  PAGE_CACHE_TTL_MS,
  setPageCacheEnabled,
  storedGuestPage,
} from './page-cache.server'

const mode = { dev: false, https: false }
const BOOT = 'boot()'
const DATA = '$_TSR.router={"a":1}'
// Long enough to be gzipped (the cache, like the compression, leaves tiny bodies alone).
const FILLER = '<p>catalogue</p>'.repeat(100)

const html = (nonce: string, body: string) =>
  `<html><head><meta property="csp-nonce" content="${nonce}"/><script nonce="${nonce}">${BOOT}</script>` +
  `<script type="module" async src="/assets/index.js" nonce="${nonce}"></script></head>` +
  `<body>${body}${FILLER}<script nonce="${nonce}" data-tsr-stream-part="">${DATA}</script></body></html>`

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')
const scriptSrc = (response: Response) =>
  (response.headers.get('content-security-policy') ?? '').split('; ').find((d) => d.startsWith('script-src'))

/** A page renderer that stamps the nonce of the request it renders for, and counts its renders. */
function renderer(body = 'Welcome, guest') {
  let renders = 0
  let nonceOfRender = ''
  const render = vi.fn(async () => {
    renders++
    return new Response(html(nonceOfRender, `${body} #${renders}`), {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    })
  })
  return {
    render,
    /** The options and render of one request with its own nonce. */
    as(nonce: string) {
      nonceOfRender = nonce
      return [{ nonce, mode }, render] as const
    },
  }
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://shop.test${path}`, { headers })
const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer())

beforeEach(() => setPageCacheEnabled(true))
afterEach(() => {
  vi.useRealTimers()
  setPageCacheEnabled(true)
})

describe("guests' page cache", () => {
  it('sends every guest the same stored bytes, with no nonce in them, under a CSP of their inline scripts', async () => {
    const page = renderer()
    const first = await cachedGuestPage(get('/product?page=2'), ...page.as('nonce-one'))
    const second = await cachedGuestPage(get('/product?page=2'), ...page.as('nonce-two'))
    const third = storedGuestPage(get('/product?page=2'), 'request-3')!
    expect(page.render).toHaveBeenCalledTimes(1)
    expect(first.headers.get('x-page-cache')).toBe('miss')
    expect(second.headers.get('x-page-cache')).toBe('hit')
    expect(third.headers.get('x-page-cache')).toBe('hit')
    const [one, two, three] = await Promise.all([first, second, third].map(bytes))
    expect(two).toEqual(one)
    expect(three).toEqual(one)
    const text = new TextDecoder().decode(one)
    expect(text).toContain('Welcome, guest #1')
    // The render's nonce never leaves the server; the page carries no nonce at all.
    expect(text).not.toContain('nonce-one')
    expect(text).not.toMatch(/nonce="[^"]/)
    expect(text).toContain(`<script nonce="">${BOOT}</script>`)
    for (const response of [first, second, third]) {
      expect(scriptSrc(response)).toBe(`script-src 'self' 'sha256-${sha256(BOOT)}' 'sha256-${sha256(DATA)}'`)
      expect(response.headers.get('content-security-policy')).toContain(`object-src 'none'`)
      expect(response.headers.get('cache-control')).toContain('stale-while-revalidate')
      expect(response.headers.get('vary')).toBe('Cookie, Authorization, Accept-Encoding')
      expect(response.headers.get('content-length')).toBe(String(one!.byteLength))
      expect(response.headers.get('set-cookie')).toBeNull()
    }
    expect(third.headers.get('x-request-id')).toBe('request-3')
  })

  it('sends the brotli copy to browsers, the gzipped one to gzip-only clients, the same page inside each', async () => {
    const page = renderer()
    const plain = await cachedGuestPage(get('/'), ...page.as('n1'))
    const browser = storedGuestPage(get('/', { 'accept-encoding': 'gzip, deflate, br, zstd' }), 'r')!
    const gzipOnly = storedGuestPage(get('/', { 'accept-encoding': 'gzip;q=1.0, br;q=0' }), 'r')!
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(browser.headers.get('content-encoding')).toBe('br')
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip')
    const page0 = await bytes(plain)
    for (const [response, decode] of [
      [browser, brotliDecompressSync],
      [gzipOnly, gunzipSync],
    ] as const) {
      const body = await bytes(response)
      expect(response.headers.get('content-length')).toBe(String(body.byteLength))
      expect(new Uint8Array(decode(body))).toEqual(page0)
      expect(body.byteLength).toBeLessThan(Number(plain.headers.get('content-length')) / 4)
    }
  })

  it('hashes inline scripts as a browser does, and not scripts loaded from the site', () => {
    const page =
      `<script>a()</script><SCRIPT nonce="">b()\r\nc()</SCRIPT >` +
      `<script src="/x.js"></script><script type="module" async src='/y.js'>ignored()</script>` +
      `<script>a()</script><p data-script="<script>">text</p>`
    expect(inlineScriptHashes(page)).toEqual([sha256('a()'), sha256('b()\nc()')])
  })

  it('keys pages by path and query, and by the locale and money cookies only', async () => {
    const page = renderer()
    await cachedGuestPage(get('/product?page=2'), ...page.as('n1'))
    const other = await cachedGuestPage(get('/product?page=3'), ...page.as('n2'))
    expect(await other.text()).toContain('#2')

    const cookies = ['locale=en', 'money=toman', 'locale=en; money=toman', 'locale=fa', 'money=rial']
    for (const [index, cookie] of cookies.entries()) {
      const response = await cachedGuestPage(get('/product?page=2', { cookie }), ...page.as(`c${index}`))
      expect(response.headers.get('x-page-cache'), cookie).toBe('miss')
      expect(await response.text()).toContain(`#${index + 3}`)
    }
    expect(page.render).toHaveBeenCalledTimes(7)
    // Each variant is kept for the next guest with the same cookies.
    const english = storedGuestPage(get('/product?page=2', { cookie: 'theme=dark; locale=en' }), 'r')!
    expect(await english.text()).toContain('#3')
    // Other cookies, and values the site does not offer, share the plain page.
    for (const cookie of ['theme=dark', 'locale=de', 'money=usd', 'locale=EN', 'session_hint=x; lang=en']) {
      const response = storedGuestPage(get('/product?page=2', { cookie }), 'r')
      expect(response, cookie).not.toBeNull()
      expect(await response!.text()).toContain('#1')
    }
  })

  it('never serves or keeps a page for a request with credentials', async () => {
    const page = renderer()
    await cachedGuestPage(get('/'), ...page.as('n1'))
    const credentials: Record<string, string>[] = [
      { cookie: 'access_token=abc' },
      { cookie: 'theme=dark; refresh_token=xyz' },
      { cookie: 'locale=en; access_token=abc' },
      { authorization: 'Bearer abc' },
    ]
    for (const headers of credentials) {
      expect(storedGuestPage(get('/', headers), 'r')).toBeNull()
      const signedIn = await cachedGuestPage(get('/', headers), ...page.as('n2'))
      expect(signedIn.headers.get('x-page-cache')).toBeNull()
      expect(await signedIn.text()).toContain('nonce="n2"')
    }
    expect(page.render).toHaveBeenCalledTimes(5)
    // The signed-in renders did not replace the guest's page.
    const guest = await cachedGuestPage(get('/'), ...page.as('n3'))
    expect(await guest.text()).toContain('#1')
  })

  it('keeps no response that sets a cookie, is not a 200 HTML page, or says no-store', async () => {
    const responses = [
      new Response('<p>x</p>', { headers: { 'content-type': 'text/html', 'set-cookie': 'a=b' } }),
      new Response('<p>gone</p>', { status: 404, headers: { 'content-type': 'text/html' } }),
      new Response('{}', { headers: { 'content-type': 'application/json' } }),
      new Response('<p>x</p>', { headers: { 'content-type': 'text/html', 'cache-control': 'private' } }),
    ]
    for (const response of responses) {
      const render = vi.fn(async () => response.clone())
      await cachedGuestPage(get('/somewhere'), { nonce: 'n', mode }, render)
      expect(storedGuestPage(get('/somewhere'), 'r')).toBeNull()
      const again = await cachedGuestPage(get('/somewhere'), { nonce: 'n', mode }, render)
      expect(render).toHaveBeenCalledTimes(2)
      expect(again.status).toBe(response.status)
      expect(again.headers.get('set-cookie')).toBe(response.headers.get('set-cookie'))
      expect(again.headers.get('x-page-cache')).toBeNull()
    }
  })

  it('renders a page with too many inline scripts for a CSP header each time, with its own nonce', async () => {
    const busy = (nonce: string) =>
      `<html>${Array.from({ length: 70 }, (_, i) => `<script nonce="${nonce}">s(${i})</script>`).join('')}</html>`
    const render = (nonce: string) => async () =>
      new Response(busy(nonce), { headers: { 'content-type': 'text/html' } })
    await cachedGuestPage(get('/busy'), { nonce: 'n1', mode }, render('n1'))
    const again = await cachedGuestPage(get('/busy'), { nonce: 'n2', mode }, render('n2'))
    expect(again.headers.get('x-page-cache')).toBeNull()
    expect(again.headers.get('cache-control')).toBeNull()
    expect(await again.text()).toContain('<script nonce="n2">s(69)</script>')
  })

  it('skips API routes, server functions and anything but GET', async () => {
    const page = renderer()
    for (const request of [
      get('/api/products'),
      get('/_serverFn/abc'),
      new Request('http://shop.test/', { method: 'POST' }),
      new Request('http://shop.test/', { method: 'HEAD' }),
    ]) {
      await cachedGuestPage(request, ...page.as('n'))
      expect(storedGuestPage(request.clone(), 'r')).toBeNull()
      await cachedGuestPage(request.clone(), ...page.as('n'))
    }
    expect(page.render).toHaveBeenCalledTimes(8)
  })

  it("never keeps the demo's outbox or sandbox bank, which answer this machine only", async () => {
    const page = renderer()
    for (const path of ['/dev/outbox', '/dev/outbox?to=%2B989120000001', '/payment/ps_abc']) {
      await cachedGuestPage(get(path), ...page.as('n'))
      expect(storedGuestPage(get(path), 'r')).toBeNull()
    }
    expect(page.render).toHaveBeenCalledTimes(3)
  })

  it('renders again after the TTL and after the listings change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const page = renderer()
    await cachedGuestPage(get('/'), ...page.as('n'))
    vi.setSystemTime(Date.now() + PAGE_CACHE_TTL_MS + 1)
    expect(storedGuestPage(get('/'), 'r')).toBeNull()
    expect(await (await cachedGuestPage(get('/'), ...page.as('n'))).text()).toContain('#2')
    clearPageCache()
    expect(storedGuestPage(get('/'), 'r')).toBeNull()
    expect(await (await cachedGuestPage(get('/'), ...page.as('n'))).text()).toContain('#3')
  })

  it('shares one render between guests asking at once, and a failed render is not kept', async () => {
    const page = renderer()
    const pending = cachedGuestPage(get('/category/tea'), ...page.as('a'))
    // While the render is under way there is nothing to send as it is.
    expect(storedGuestPage(get('/category/tea'), 'r')).toBeNull()
    const both = await Promise.all([pending, cachedGuestPage(get('/category/tea'), ...page.as('b'))])
    expect(page.render).toHaveBeenCalledTimes(1)
    expect(both.map((r) => r.headers.get('x-page-cache'))).toEqual(['miss', 'hit'])
    const [a, b] = await Promise.all(both.map(bytes))
    expect(b).toEqual(a)
    const failing = vi.fn(async (): Promise<Response> => {
      throw new Error('database down')
    })
    await expect(cachedGuestPage(get('/store/x'), { nonce: 'n', mode }, failing)).rejects.toThrow(
      'database down',
    )
    const recovered = await cachedGuestPage(get('/store/x'), ...page.as('n'))
    expect(recovered.headers.get('x-page-cache')).toBe('miss')
  })

  it('does nothing when switched off', async () => {
    setPageCacheEnabled(false)
    const page = renderer()
    await cachedGuestPage(get('/'), ...page.as('n'))
    expect(storedGuestPage(get('/'), 'r')).toBeNull()
    await cachedGuestPage(get('/'), ...page.as('n'))
    expect(page.render).toHaveBeenCalledTimes(2)
  })
})
