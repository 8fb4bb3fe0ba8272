import { expect, test, type Page } from './support/test'
import { signIn } from './support/auth'

/**
 * Screenshots of the seller-store gaps closed in one piece of work (issues #15/#16), at 1280 and
 * 390 px under /tmp/shots-stores/, with the assertions that make them worth looking at: checkout's
 * pickup with each store's address and hours, and the product form's searchable category chooser.
 */

const WIDTHS = [1280, 390] as const

async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.screenshot({ path: `/tmp/shots-stores/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('checkout pickup shows each store’s address and hours', async ({ page, context, baseURL }) => {
  await signIn(context, 'buyer')
  const headers = { origin: baseURL! }
  const listing = (await (
    await page.request.get('/api/products?per_page=12&sort=popular&in_stock=true')
  ).json()) as {
    data: { slug: string }[]
  }
  const { data } = (await (await page.request.get(`/api/products/${listing.data[0]!.slug}`)).json()) as {
    data: { offers: { sku: string; minQuantity: number; storeName: string }[] }
  }
  const offer = data.offers[0]!
  const added = await page.request.post('/api/cart/b2b/cart-items', {
    data: { sku: offer.sku, quantity: offer.minQuantity },
    headers,
  })
  expect(added.status(), await added.text()).toBe(201)
  const basket = (await (await page.request.get('/api/cart/b2b/basket')).json()) as {
    data: { id: number; items: { sku: string }[] }[]
  }
  const cart = basket.data.find((c) => c.items.some((i) => i.sku === offer.sku))!
  await page.goto(`/cart/${cart.id}/checkout`)
  await page.getByRole('radio', { name: /Pickup in/ }).check()
  const point = page.getByTestId('pickup-points').getByRole('listitem').first()
  await expect(point).toContainText(offer.storeName)
  await expect(point).toContainText(/Hours: /)
  await shoot(page, 'checkout-pickup')
})

test('the product form’s category chooser searches the whole tree', async ({ page, context }) => {
  await signIn(context, 'seller')
  await page.goto('/seller/stores')
  await page.getByRole('link', { name: /^Products of Tehrani Wholesale Central/ }).click()
  await page.getByRole('link', { name: 'Add products' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible()
  const category = page.getByRole('combobox', { name: /^Category/ })
  const all = await category.locator('option').count()
  await page.getByLabel('Search categories').fill('tea')
  await expect(page.getByText(/\d+ categor(y matches|ies match)/)).toBeVisible()
  const matching = await category.locator('option').count()
  expect(matching).toBeGreaterThan(1)
  expect(matching).toBeLessThan(all)
  await category.selectOption({ index: 1 })
  await shoot(page, 'product-form-category')
})
