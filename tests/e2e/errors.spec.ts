import { expect, test } from './support/test'

/** The error page (spec §2 table) and how errors reach it. /dev/status/{code} fails its data load with that status. */

test('an unknown path is the 404 page, with status 404, inside the site frame', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Error 404' })).toBeVisible()
  await expect(page.getByText('Oops! This page seems to have wandered off')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    '/contact',
  )
  await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('banner')).toBeVisible()
})

test('a URL that fails its route’s validation is a 404 naming the path', async ({ page }) => {
  const response = await page.goto('/product?page=0')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Error 404' })).toBeVisible()
  await expect(page.getByText('Page Not Found: /product')).toBeVisible()
})

test('429: the retry button waits 60 seconds, counting down, then offers Try Again', async ({ page }) => {
  // The page's Date stands still at `start` and moves only when the test moves it, while its timers
  // run: the countdown reads 60 however long a busy machine takes to start the page, then follows.
  const start = Date.now()
  await page.clock.setFixedTime(start)
  const response = await page.goto('/dev/status/429')
  expect(response?.status()).toBe(429)
  await expect(page.getByRole('heading', { level: 1, name: 'Error 429' })).toBeVisible()
  await expect(page.getByText('Whoa there! Taking a quick breather')).toBeVisible()
  const retry = page.getByRole('button', { name: /Try/ })
  await expect(retry).toHaveText('Try after 60 seconds')
  await expect(retry).toBeDisabled()
  await page.clock.setFixedTime(start + 21_000)
  await expect(retry).toHaveText('Try after 39 seconds')
  await expect(retry).toBeDisabled()
  await page.clock.setFixedTime(start + 61_000)
  await expect(retry).toHaveText('Try Again')
  await expect(retry).toBeEnabled()
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to Home' })).toBeVisible()

  // Trying again loads the page's data again, from the browser this time: still limited, so the
  // same page comes back with a fresh countdown (the status survives the server-function trip).
  const again = page.waitForResponse((r) => r.url().includes('/_serverFn/'))
  await retry.click()
  await again
  await expect(page.getByRole('heading', { level: 1, name: 'Error 429' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Try/ })).toHaveText(/Try after (60|59) seconds/)
})

test('401 offers Sign In; 403 and 500 offer Contact Support; each answers with its status', async ({
  page,
}) => {
  const cases = [
    [401, 'Hold on! You need to sign in first', 'Sign In', '/auth'],
    [403, 'Sorry! This area is off-limits', 'Contact Support', '/contact'],
    [500, 'Something went wrong on our end', 'Contact Support', '/contact'],
    [503, "Oops! We're having some technical difficulties", 'Contact Support', '/contact'],
  ] as const
  for (const [code, text, action, href] of cases) {
    const response = await page.goto(`/dev/status/${code}`)
    expect(response?.status()).toBe(code)
    await expect(page.getByRole('heading', { level: 1, name: `Error ${code}` })).toBeVisible()
    await expect(page.getByText(text)).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: action })).toHaveAttribute('href', href)
  }
})

test('search engines and link previews get a plain answer with the status, not the error page', async ({
  request,
}) => {
  const response = await request.get('/no/such/page', {
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  })
  expect(response.status()).toBe(404)
  expect(response.headers()['content-type']).toContain('text/plain')
  expect(await response.text()).not.toContain('<html')
})
