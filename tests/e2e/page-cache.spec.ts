import { createHash } from 'node:crypto'
import { expect, test, type APIResponse } from './support/test'
import { displayNameOf, signIn } from './support/auth'

/**
 * Issue #21: guests' pages come from a short-lived cache that sends stored bytes. Every guest gets
 * the same page, with no nonce in it, under a CSP that allows its own inline scripts by hash and
 * nothing else inline; the page still hydrates under that CSP; a signed-in page never enters the
 * cache nor comes out of it; the locale and money cookies each have their own copy.
 */

const scriptSrc = (response: APIResponse) =>
  (response.headers()['content-security-policy'] ?? '').split('; ').find((d) => d.startsWith('script-src')) ??
  ''

/** What a browser hashes: each inline script's text (scripts with `src` load from the site). */
function inlineScriptHashes(html: string) {
  const hashes = new Set<string>()
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi))
    if (!/\ssrc=/.test(attributes!)) hashes.add(createHash('sha256').update(text!, 'utf8').digest('base64'))
  return hashes
}

test('every guest gets the same stored page, with no nonce in it, under a CSP of its inline scripts', async ({
  request,
}) => {
  // Any path the cache has not seen yet in this run: a query string makes a key of its own.
  const path = `/product?sort=newest&e2e=${Date.now()}`
  const first = await request.get(path)
  const second = await request.get(path)
  expect(first.headers()['x-page-cache']).toBe('miss')
  expect(second.headers()['x-page-cache']).toBe('hit')
  expect(second.headers()['cache-control']).toContain('stale-while-revalidate')
  expect(second.headers()['x-request-id']).not.toBe(first.headers()['x-request-id'])
  const [one, two] = [await first.body(), await second.body()]
  expect(two.equals(one)).toBe(true)
  const html = two.toString('utf8')
  expect(html).toContain('</html>')
  expect(html).not.toMatch(/nonce="[^"]/)
  expect(html).not.toMatch(/property="csp-nonce" content="[^"]/)
  const allowed = [...scriptSrc(second).matchAll(/'sha256-([^']+)'/g)].map((match) => match[1])
  expect(scriptSrc(second)).toMatch(/^script-src 'self'( 'sha256-[^']+')+$/)
  expect(new Set(allowed)).toEqual(inlineScriptHashes(html))
  expect(scriptSrc(first)).toBe(scriptSrc(second))
  for (const response of [first, second]) expect(response.headers()['set-cookie']).toBeUndefined()
})

test('a page served from the cache hydrates under its CSP, which refuses any other inline script', async ({
  page,
  request,
}) => {
  const path = '/?e2e=cached-page'
  await request.get(path)
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  const response = await page.goto(path)
  expect(response?.headers()['x-page-cache']).toBe('hit')
  // Hydrated: the header's search box suggests as you type (client code the page's CSP allowed).
  await page
    .getByRole('combobox', { name: 'Search products' })
    .filter({ visible: true })
    .first()
    .fill('dishwa')
  await expect(
    page.getByRole('listbox', { name: 'Suggestions' }).filter({ visible: true }).getByRole('option').first(),
  ).toBeVisible()
  // Client-side navigation works too (the router's code loads from the site).
  await page.locator('main a[href^="/product/"]').first().click()
  await expect(page).toHaveURL(/\/product\/[^/?]+/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(violations).toEqual([])

  // An inline script the page did not ship is refused, even one with an empty nonce like its own.
  const ran = await page.evaluate(async () => {
    const refused = new Promise((resolve) =>
      document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), {
        once: true,
      }),
    )
    const script = document.createElement('script')
    script.setAttribute('nonce', '')
    script.textContent = 'window.__injected = true'
    document.head.append(script)
    return { directive: await refused, injected: (window as { __injected?: boolean }).__injected ?? false }
  })
  expect(ran.injected).toBe(false)
  expect(ran.directive).toMatch(/^script-src/)
})

test('the locale and money cookies each get their own copy; other cookies share the guest page', async ({
  playwright,
  baseURL,
}) => {
  const path = `/product?e2e=keyed-${Date.now()}`
  const guest = (cookie?: string) =>
    playwright.request.newContext({ baseURL, extraHTTPHeaders: cookie ? { cookie } : {} })
  const statuses: Record<string, string[]> = {}
  // The plain page's sharers first: each miss below is a render, and the TTL is a few seconds.
  for (const cookie of [
    '',
    'theme=dark',
    'locale=xx',
    'locale=en',
    'money=toman',
    'locale=en; money=toman',
  ]) {
    const context = await guest(cookie)
    statuses[cookie] = []
    for (let i = 0; i < 2; i++) statuses[cookie].push((await context.get(path)).headers()['x-page-cache']!)
    await context.dispose()
  }
  expect(statuses).toEqual({
    '': ['miss', 'hit'],
    // Not a key cookie, or not a value the site offers: the plain guest page.
    'theme=dark': ['hit', 'hit'],
    'locale=xx': ['hit', 'hit'],
    'locale=en': ['miss', 'hit'],
    'money=toman': ['miss', 'hit'],
    'locale=en; money=toman': ['miss', 'hit'],
  })
})

test("a signed-in page never enters the cache, and a guest never sees a signed-in user's page", async ({
  browser,
}) => {
  const path = `/?e2e=signed-in-${Date.now()}`
  const buyer = await browser.newContext()
  await signIn(buyer, 'buyer')
  const signedIn = await buyer.request.get(path)
  expect(signedIn.headers()['x-page-cache']).toBeUndefined()
  expect(scriptSrc(signedIn)).toMatch(/^script-src 'self' 'nonce-[^']+'$/)
  expect(await signedIn.text()).toContain(displayNameOf('buyer'))
  await buyer.close()

  const guest = await browser.newContext()
  const first = await guest.request.get(path)
  const second = await guest.request.get(path)
  expect(first.headers()['x-page-cache']).toBe('miss')
  expect(second.headers()['x-page-cache']).toBe('hit')
  for (const response of [first, second]) expect(await response.text()).not.toContain(displayNameOf('buyer'))
  await guest.close()
})
