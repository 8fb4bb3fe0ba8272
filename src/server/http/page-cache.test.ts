import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cachedGuestPage, clearPageCache, PAGE_CACHE_TTL_MS, setPageCacheEnabled } from './page-cache.server'

const html = (nonce: string, body: string) =>
  `<html><head><script nonce="${nonce}">boot()</script></head><body>${body}</body></html>`

function renderer(body = 'Welcome, guest') {
  let renders = 0
  const render = vi.fn(async () => {
    renders++
    return new Response(html(nonceOfRender, `${body} #${renders}`), {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    })
  })
  let nonceOfRender = ''
  return {
    render,
    as(nonce: string) {
      nonceOfRender = nonce
      return render
    },
  }
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://shop.test${path}`, { headers })

beforeEach(() => setPageCacheEnabled(true))
afterEach(() => {
  vi.useRealTimers()
  setPageCacheEnabled(true)
})

describe("guests' page cache", () => {
  it("serves a guest's page from the cache with the new response's own nonce", async () => {
    const page = renderer()
    const first = await cachedGuestPage(get('/product?page=2'), 'nonce-one', page.as('nonce-one'))
    const second = await cachedGuestPage(get('/product?page=2'), 'nonce-two', page.as('nonce-two'))
    expect(page.render).toHaveBeenCalledTimes(1)
    expect(first.headers.get('x-page-cache')).toBe('miss')
    expect(second.headers.get('x-page-cache')).toBe('hit')
    const text = await second.text()
    expect(text).toContain('<script nonce="nonce-two">')
    expect(text).not.toContain('nonce-one')
    expect(text).toContain('Welcome, guest #1')
    expect(second.headers.get('cache-control')).toContain('stale-while-revalidate')
    expect(second.headers.get('vary')).toContain('Cookie')
  })

  it('keys pages by path and query', async () => {
    const page = renderer()
    await cachedGuestPage(get('/product?page=2'), 'n1', page.as('n1'))
    const other = await cachedGuestPage(get('/product?page=3'), 'n2', page.as('n2'))
    expect(await other.text()).toContain('#2')
  })

  it('never serves or keeps a page for a request with credentials', async () => {
    const page = renderer()
    await cachedGuestPage(get('/'), 'n1', page.as('n1'))
    const credentials: Record<string, string>[] = [
      { cookie: 'access_token=abc' },
      { cookie: 'theme=dark; refresh_token=xyz' },
      { authorization: 'Bearer abc' },
    ]
    for (const headers of credentials) {
      const signedIn = await cachedGuestPage(get('/', headers), 'n2', page.as('n2'))
      expect(signedIn.headers.get('x-page-cache')).toBeNull()
    }
    expect(page.render).toHaveBeenCalledTimes(4)
    // The signed-in renders did not replace the guest's page.
    const guest = await cachedGuestPage(get('/'), 'n3', page.as('n3'))
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
      await cachedGuestPage(get('/somewhere'), 'n', render)
      const again = await cachedGuestPage(get('/somewhere'), 'n', render)
      expect(render).toHaveBeenCalledTimes(2)
      expect(again.status).toBe(response.status)
      expect(again.headers.get('set-cookie')).toBe(response.headers.get('set-cookie'))
    }
  })

  it('skips API routes, server functions and anything but GET', async () => {
    const page = renderer()
    for (const request of [
      get('/api/products'),
      get('/_serverFn/abc'),
      new Request('http://shop.test/', { method: 'POST' }),
    ]) {
      await cachedGuestPage(request, 'n', page.as('n'))
      await cachedGuestPage(request.clone(), 'n', page.as('n'))
    }
    expect(page.render).toHaveBeenCalledTimes(6)
  })

  it('renders again after the TTL and after the listings change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const page = renderer()
    await cachedGuestPage(get('/'), 'n', page.as('n'))
    vi.setSystemTime(Date.now() + PAGE_CACHE_TTL_MS + 1)
    expect(await (await cachedGuestPage(get('/'), 'n', page.as('n'))).text()).toContain('#2')
    clearPageCache()
    expect(await (await cachedGuestPage(get('/'), 'n', page.as('n'))).text()).toContain('#3')
  })

  it('shares one render between guests asking at once, and a failed render is not kept', async () => {
    const page = renderer()
    const both = await Promise.all([
      cachedGuestPage(get('/category/tea'), 'a', page.as('a')),
      cachedGuestPage(get('/category/tea'), 'b', page.as('b')),
    ])
    expect(page.render).toHaveBeenCalledTimes(1)
    expect(await both[1].text()).toContain('nonce="b"')
    const failing = vi.fn(async (): Promise<Response> => {
      throw new Error('database down')
    })
    await expect(cachedGuestPage(get('/store/x'), 'n', failing)).rejects.toThrow('database down')
    const recovered = await cachedGuestPage(get('/store/x'), 'n', page.as('n'))
    expect(recovered.headers.get('x-page-cache')).toBe('miss')
  })

  it('does nothing when switched off', async () => {
    setPageCacheEnabled(false)
    const page = renderer()
    await cachedGuestPage(get('/'), 'n', page.as('n'))
    await cachedGuestPage(get('/'), 'n', page.as('n'))
    expect(page.render).toHaveBeenCalledTimes(2)
  })
})
