import { expect, test, type APIRequestContext, type Page } from './support/test'
import { signIn } from './support/auth'

/**
 * Paying in the sandbox bank (issue #7) in a real browser against the production build: an order
 * placed at checkout is approved at the bank and shows as paid; a declined payment shows the
 * failure page, whose "Try payment again" opens a new bank session that then succeeds.
 */

interface Offer {
  sku: string
  sellerId: number
  sellerName: string
  minQuantity: number
}

type ServerBasket = { data: { id: number; seller_id: number; items: { id: number }[] }[] }

/** A product whose first offer can be bought in a small quantity, from the demo catalogue. */
async function someOffer(request: APIRequestContext, skip: Set<number>): Promise<Offer> {
  const listing = (await (await request.get('/api/products?per_page=48&sort=popular')).json()) as {
    data: { slug: string }[]
  }
  for (const { slug } of listing.data) {
    const { data } = (await (await request.get(`/api/products/${slug}`)).json()) as {
      data: { offers: Offer[] }
    }
    const offer = data.offers[0]
    if (offer && offer.minQuantity <= 5 && !skip.has(offer.sellerId)) return offer
  }
  throw new Error('no small offer in the demo catalogue')
}

/** The buyer's server basket holding just this offer; returns the seller's cart id. */
async function basketWith(request: APIRequestContext, origin: string, offer: Offer): Promise<number> {
  const headers = { origin }
  const current = (await (await request.get('/api/cart/b2b/basket')).json()) as ServerBasket
  for (const item of current.data.flatMap((cart) => cart.items))
    expect((await request.delete(`/api/cart/b2b/cart-items/${item.id}`, { headers })).status()).toBe(200)
  const added = await request.post('/api/cart/b2b/cart-items', {
    data: { sku: offer.sku, quantity: offer.minQuantity },
    headers,
  })
  expect(added.status(), await added.text()).toBe(201)
  const basket = (await (await request.get('/api/cart/b2b/basket')).json()) as ServerBasket
  return basket.data.find((cart) => cart.seller_id === offer.sellerId)!.id
}

/** Checkout with pickup; ends on the sandbox bank page. Returns the order number shown there. */
async function placeOrderAndReachBank(page: Page, cartId: number, offer: Offer): Promise<string> {
  await page.goto(`/cart/${cartId}/checkout`)
  await page.getByRole('radio', { name: /Pickup in/ }).check()
  await page.getByRole('button', { name: /^Place order/ }).click()
  await expect(page).toHaveURL(/\/payment\/[A-Za-z0-9_-]{32}$/)
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible()
  await expect(page.getByText(offer.sellerName, { exact: true })).toBeVisible()
  await expect(page.getByTestId('payment-amount')).toHaveText(/^IRR [\d,]+$/)
  await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d$/)
  const orderNumber = await page.locator('dd.font-mono').textContent()
  expect(orderNumber).toMatch(/^OM-[A-Z0-9]{8}$/)
  return orderNumber!
}

test('the buyer pays in the sandbox bank and sees the paid order', async ({ page, context, baseURL }) => {
  await signIn(context, 'buyer')
  const offer = await someOffer(page.request, new Set())
  const cartId = await basketWith(page.request, baseURL!, offer)
  const orderNumber = await placeOrderAndReachBank(page, cartId, offer)
  const amount = await page.getByTestId('payment-amount').textContent()

  await page.getByRole('button', { name: /^Approve payment of/ }).click()
  await expect(page).toHaveURL(new RegExp(`/cart/checkout-result\\?status=success&order=${orderNumber}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeFocused()
  await expect(page.getByText(orderNumber)).toBeVisible()
  await expect(page.getByText(amount!, { exact: true })).toBeVisible()

  // Reloading the result (or the browser replaying the bank's redirect) shows the same, once.
  await page.goBack()
  await expect(page.getByText('This payment has already been made.')).toBeVisible()

  await page.goto(`/cart/checkout-result?order=${orderNumber}`)
  await page.getByRole('link', { name: 'View order' }).click()
  await expect(page).toHaveURL(/\/buyer\/orders\/\d+\/process$/)
  await expect(page.getByText(orderNumber).first()).toBeVisible()
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
})

test('a declined payment shows the failure page, and trying again pays', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, 'buyer')
  const offer = await someOffer(page.request, new Set())
  const cartId = await basketWith(page.request, baseURL!, offer)
  const orderNumber = await placeOrderAndReachBank(page, cartId, offer)
  const firstBankUrl = page.url()

  await page.getByRole('button', { name: 'Decline' }).click()
  await expect(page).toHaveURL(
    new RegExp(`/cart/checkout-result\\?status=failure&order=${orderNumber}&reason=declined$`),
  )
  await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible()
  await expect(page.getByText('The payment was declined at the bank. No money was taken.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'View order' })).toBeVisible()

  await page.getByRole('button', { name: /^Try payment again/ }).click()
  await expect(page).toHaveURL(/\/payment\/[A-Za-z0-9_-]{32}$/)
  expect(page.url()).not.toBe(firstBankUrl)
  await expect(page.locator('dd.font-mono')).toHaveText(orderNumber)
  await page.getByRole('button', { name: /^Approve payment of/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()

  // The first bank page no longer takes a decision.
  await page.goto(firstBankUrl)
  await expect(page.getByText('This payment has already been finished.')).toBeVisible()
})

test('a forged callback is refused and the order stays unpaid', async ({ page, context, baseURL }) => {
  await signIn(context, 'buyer')
  const offer = await someOffer(page.request, new Set())
  const cartId = await basketWith(page.request, baseURL!, offer)
  const orderNumber = await placeOrderAndReachBank(page, cartId, offer)
  const session = page.url().split('/payment/')[1]!
  const forged = await page.request.get(
    `/api/payments/callback/sandbox?session=${session}&outcome=succeeded&ref=SB-FAKE&amount=1&sig=forged`,
    { maxRedirects: 0 },
  )
  expect(forged.status()).toBe(400)
  await page.goto(`/cart/checkout-result?order=${orderNumber}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Not paid yet' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Try payment again/ })).toBeVisible()
})
