import { signIn } from './support/auth'
import { expect, test } from './support/test'

test('the home page lists real categories and products from the database', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  const categories = page.getByRole('region', { name: 'Shop by category' }).getByRole('listitem')
  await expect(categories.first()).toBeVisible()
  expect(await categories.count()).toBeGreaterThanOrEqual(8)

  const products = page.getByRole('region', { name: 'New in the catalogue' }).getByRole('article')
  await expect(products.first()).toBeVisible()
  await expect(products.first()).toContainText(/IRR [\d,]+/)
})

test('the home page is rendered on the server (visible without JavaScript)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/')
  await expect(
    page.getByRole('region', { name: 'New in the catalogue' }).getByRole('article').first(),
  ).toBeVisible()
  await context.close()
})

test('the health endpoint reports the embedded database to an administrator, and only the status to a guest', async ({
  request,
  browser,
}) => {
  const response = await request.get('/api/health')
  expect(response.status()).toBe(200)
  // Issue #35 §8: the exact database build is for the operator, not for anyone who asks.
  expect(await response.json()).toEqual({ status: 'ok' })
  const context = await browser.newContext()
  await signIn(context, 'admin')
  const asAdmin = await context.request.get('/api/health')
  expect(asAdmin.status()).toBe(200)
  expect(await asAdmin.json()).toMatchObject({
    status: 'ok',
    database: { kind: 'pglite', version: expect.stringMatching(/PostgreSQL \d+/) },
  })
  await context.close()
})

test("the page's scripts are fetched after its first paint, and it then hydrates", async ({
  page,
  request,
}) => {
  // The server's HTML names no script or module for the browser to fetch before it paints.
  const html = await (await request.get('/')).text()
  expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/)
  expect(html).not.toMatch(/<script[^>]+\ssrc=/)
  expect(html).toContain('data-module-loader')

  await page.goto('/')
  await expect(page.locator('html[data-hydrated]')).toBeAttached()
  const { paint, scripts } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.startTime),
  }))
  expect(paint).toBeGreaterThan(0)
  expect(scripts.length).toBeGreaterThan(0)
  expect(Math.min(...scripts)).toBeGreaterThanOrEqual(paint!)
  // Hydrated: the header's basket button opens the basket.
  await page.locator('#header-basket').click()
  await expect(page.getByRole('dialog')).toBeVisible()
})
