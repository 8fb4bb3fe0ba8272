import { expect, test, type APIResponse } from '@playwright/test'
import { displayNameOf, signIn } from './support/auth'

/**
 * Issue #21: guests' pages come from a short-lived cache. Each response still carries a nonce of its
 * own (the header's nonce is the one on the page's scripts), the page still runs under that CSP, and
 * a signed-in page never enters the cache nor comes out of it.
 */

const nonceOf = (response: APIResponse) =>
  /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1] ?? ''

test('a guest gets the cached page with a fresh nonce that its scripts carry', async ({ request }) => {
  // Any path the cache has not seen yet in this run: a query string makes a key of its own.
  const path = `/product?sort=newest&e2e=${Date.now()}`
  const first = await request.get(path)
  const second = await request.get(path)
  expect(first.headers()['x-page-cache']).toBe('miss')
  expect(second.headers()['x-page-cache']).toBe('hit')
  expect(second.headers()['cache-control']).toContain('stale-while-revalidate')
  const [one, two] = [nonceOf(first), nonceOf(second)]
  expect(one).not.toBe('')
  expect(two).not.toBe(one)
  const html = await second.text()
  const stamped = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))
  expect([...stamped]).toEqual([two])
  expect(html).not.toContain(one)
})

test('a page served from the cache runs in the browser under its own CSP', async ({ page, request }) => {
  const path = '/?e2e=cached-page'
  await request.get(path)
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  const response = await page.goto(path)
  expect(response?.headers()['x-page-cache']).toBe('hit')
  // Hydrated: the header's search box suggests as you type (client code with the page's nonce).
  await page
    .getByRole('combobox', { name: 'Search products' })
    .filter({ visible: true })
    .first()
    .fill('dishwa')
  await expect(
    page.getByRole('listbox', { name: 'Suggestions' }).filter({ visible: true }).getByRole('option').first(),
  ).toBeVisible()
  expect(violations).toEqual([])
})

test("a signed-in page never enters the cache, and a guest never sees a signed-in user's page", async ({
  browser,
}) => {
  const path = `/?e2e=signed-in-${Date.now()}`
  const buyer = await browser.newContext()
  await signIn(buyer, 'buyer')
  const signedIn = await buyer.request.get(path)
  expect(signedIn.headers()['x-page-cache']).toBeUndefined()
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
