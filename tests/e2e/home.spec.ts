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

test('the health endpoint reports the embedded database', async ({ request }) => {
  const response = await request.get('/api/health')
  expect(response.status()).toBe(200)
  expect(await response.json()).toMatchObject({ status: 'ok', database: { kind: 'pglite' } })
})
