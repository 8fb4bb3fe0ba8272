import { expect, test } from './support/test'
import { signIn } from './support/auth'

/**
 * Issue #22, the buyer's rough edges as a new user meets them: no redirect on /help-center, a guest
 * at /cart/checkout-result is sent to sign in without errors in the console, a removed basket line
 * comes back with Undo, and the listing's cards show "Sale" only beside an old price, with their
 * stock pill on one line and their buttons on one level.
 */

test('/help-center and /faq answer 200 themselves, with no redirect to an empty search', async ({
  request,
}) => {
  for (const path of ['/help-center', '/faq']) {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBe(200)
  }
})

test('a guest opening /cart/checkout-result is sent to sign in, with nothing thrown', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto('/cart/checkout-result?order=OM-ABCD1234')
  await expect(page).toHaveURL(/\/auth\?redirect=/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})

test('a removed basket line comes back with the toast’s Undo', async ({ page, context, baseURL }) => {
  await signIn(context, 'buyer')
  const origin = new URL(baseURL!).origin
  const request = context.request
  const basket = (await (await request.get('/api/cart/b2b/basket')).json()) as {
    data: { items: { id: number }[] }[]
  }
  for (const item of basket.data.flatMap((cart) => cart.items))
    await request.delete(`/api/cart/b2b/cart-items/${item.id}`, { headers: { origin } })
  const listing = (await (await request.get('/api/products?per_page=12&in_stock=true')).json()) as {
    data: { slug: string; name: string }[]
  }
  const { data: product } = (await (await request.get(`/api/products/${listing.data[0]!.slug}`)).json()) as {
    data: { name: string; offers: { sku: string; minQuantity: number }[] }
  }
  const offer = product.offers[0]!
  const added = await request.post('/api/cart/b2b/cart-items', {
    data: { sku: offer.sku, quantity: offer.minQuantity },
    headers: { origin },
  })
  expect(added.status()).toBe(201)

  await page.goto('/cart')
  const line = page.locator(`[data-testid="basket-item"][data-sku="${offer.sku}"]`)
  await expect(line).toBeVisible()
  await line.getByRole('button', { name: `Remove ${product.name}` }).click()
  await expect(line).toHaveCount(0)
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({
      hasText: `Removed ${product.name} from your basket`,
    })
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(line).toBeVisible()
  await expect(line.getByRole('textbox', { name: 'Quantity' })).toHaveValue(String(offer.minQuantity))
  await expect(page.getByRole('banner').getByRole('button', { name: 'Basket, 1 item' })).toBeVisible()
})

test('listing cards: Sale only with an old price, stock on one line, buttons level', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/product?per_page=24')
  const cards = page.getByTestId('product-card')
  await expect(cards.first()).toBeVisible()
  const shapes = await cards.evaluateAll((nodes) =>
    nodes.map((card) => {
      const pill = [...card.querySelectorAll('span')].find((s) =>
        /^(In stock|Out of stock)$/.test(s.textContent ?? ''),
      )
      const add = card.querySelector('[data-testid="card-add-to-basket"]')!
      return {
        sale: [...card.querySelectorAll('span')].some((s) => s.textContent === 'Sale'),
        oldPrice: card.querySelector('s') !== null,
        pillHeight: pill?.getBoundingClientRect().height ?? 0,
        addBottom: Math.round(add.getBoundingClientRect().bottom),
        cardBottom: Math.round(card.getBoundingClientRect().bottom),
        top: Math.round(card.getBoundingClientRect().top),
      }
    }),
  )
  for (const card of shapes) {
    if (card.sale) expect(card.oldPrice, 'a Sale badge has an old price beside it').toBe(true)
    expect(card.pillHeight, 'the stock pill is one line').toBeLessThan(26)
  }
  // Cards in one row end their buttons at the same height.
  const rows = new Map<number, number[]>()
  for (const card of shapes) rows.set(card.top, [...(rows.get(card.top) ?? []), card.addBottom])
  for (const bottoms of rows.values()) expect(new Set(bottoms).size).toBe(1)
})
