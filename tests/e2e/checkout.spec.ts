import { expect, test, type APIRequestContext, type Page } from './support/test'
import { signIn } from './support/auth'

/**
 * Checkout (issue #7) in a real browser against the production build: the demo buyer with a basket
 * from two sellers checks out one seller's cart, adds an address inline, pays in the sandbox bank
 * and sees the success page, while the other seller's cart stays in the basket. A declined payment
 * shows the failure page, whose retry works. A line the server refuses shows its fix, which works.
 */

interface Offer {
  sku: string
  storeName: string
  sellerId: number
  sellerName: string
  minQuantity: number
  remainingQuantity: number
  alwaysAvailable: boolean
}
interface Product {
  slug: string
  name: string
  offers: Offer[]
}
type ServerBasket = {
  data: { id: number; seller_id: number; items: { id: number; sku: string; quantity: number }[] }[]
}

const buyable = (o: Offer) =>
  o.minQuantity <= 20 && (o.alwaysAvailable || o.remainingQuantity >= o.minQuantity + 5)

/** Products whose first buyable offers come from `count` different sellers. */
async function offersFromSellers(
  request: APIRequestContext,
  count: number,
  accept: (offer: Offer) => boolean = buyable,
): Promise<{ product: Product; offer: Offer }[]> {
  const listing = (await (
    await request.get('/api/products?per_page=48&sort=popular&in_stock=true')
  ).json()) as {
    data: { slug: string }[]
  }
  const found: { product: Product; offer: Offer }[] = []
  for (const { slug } of listing.data) {
    const { data } = (await (await request.get(`/api/products/${slug}`)).json()) as { data: Product }
    const offer = data.offers.find(accept)
    if (!offer || found.some((f) => f.offer.sellerId === offer.sellerId)) continue
    found.push({ product: data, offer })
    if (found.length === count) return found
  }
  throw new Error(`the demo catalogue has no ${count} products from different sellers`)
}

/** The demo buyer's server basket, emptied and then holding these lines (as from another device). */
async function basketWith(
  request: APIRequestContext,
  origin: string,
  lines: { sku: string; quantity: number }[],
) {
  const headers = { origin }
  const current = (await (await request.get('/api/cart/b2b/basket')).json()) as ServerBasket
  for (const item of current.data.flatMap((cart) => cart.items))
    expect((await request.delete(`/api/cart/b2b/cart-items/${item.id}`, { headers })).status()).toBe(200)
  for (const line of lines) {
    const added = await request.post('/api/cart/b2b/cart-items', { data: line, headers })
    expect(added.status(), await added.text()).toBe(201)
  }
}

const sellerCart = (page: Page, sellerName: string) =>
  page.getByTestId('seller-cart').filter({ has: page.getByRole('heading', { name: sellerName }) })

async function checkoutFromBasket(page: Page, sellerName: string) {
  await page.goto('/cart')
  await sellerCart(page, sellerName).getByRole('link', { name: 'Proceed to checkout' }).click()
  await expect(page).toHaveURL(/\/cart\/\d+\/checkout$/)
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
}

async function addAddressInline(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add a new address' }).click()
  const form = page.getByRole('form', { name: 'New address' })
  await form.getByRole('textbox', { name: 'Title' }).fill(title)
  await form.getByRole('textbox', { name: 'Province' }).fill('Tehran')
  await form.getByRole('textbox', { name: 'City' }).fill('Tehran')
  await form.getByRole('textbox', { name: 'Street address' }).fill('No. 7, Valiasr St')
  await form.getByRole('textbox', { name: 'Postal code' }).fill('1234567890')
  await form.getByRole('textbox', { name: 'Receiver name' }).fill('Reza Karimi')
  await form.getByRole('textbox', { name: 'Receiver mobile' }).fill('09121234567')
  await form.getByRole('button', { name: 'Add address' }).click()
  // The new address is chosen for this order.
  await expect(page.getByRole('radio', { name: new RegExp(title) })).toBeChecked()
}

test.describe.configure({ mode: 'serial' })

test('the buyer checks out one seller’s cart, adds an address inline, pays, and keeps the other cart', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, 'buyer')
  const [a, b] = await offersFromSellers(page.request, 2)
  await basketWith(page.request, baseURL!, [
    { sku: a!.offer.sku, quantity: a!.offer.minQuantity },
    { sku: b!.offer.sku, quantity: b!.offer.minQuantity },
  ])

  // "Proceed to checkout" is tracked (spec §4), with the seller whose cart it is.
  const tracked = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/analytics/events') &&
      (request.postData() ?? '').includes('"cart_proceed_to_checkout"'),
  )
  await checkoutFromBasket(page, a!.offer.sellerName)
  const event = (
    JSON.parse((await tracked).postData()!) as { events: { name: string; props: object }[] }
  ).events.find((e) => e.name === 'cart_proceed_to_checkout')
  expect(event?.props).toMatchObject({ seller_id: a!.offer.sellerId })
  const line = page.getByTestId('checkout-line')
  await expect(line).toHaveCount(1)
  await expect(line.getByRole('link', { name: a!.product.name })).toBeVisible()
  await expect(line.getByTestId('line-tier')).toContainText(/from \d+ units?/)
  await expect(page.getByText(b!.product.name)).toHaveCount(0)

  // Pickup shows no delivery fee, and where and when to collect; seller delivery needs an address.
  await page.getByRole('radio', { name: /Pickup in/ }).check()
  const pickupPoint = page.getByTestId('pickup-points').getByRole('listitem').first()
  await expect(pickupPoint).toContainText(a!.offer.storeName)
  await expect(pickupPoint).toContainText(/Warehouse \d+, /)
  await expect(pickupPoint).toContainText(/Hours: Saturday to/)
  await expect(page.getByTestId('total-delivery')).toHaveText('Free')
  await expect(page.getByRole('group', { name: 'Delivery address' })).toHaveCount(0)
  await page.getByRole('radio', { name: /Seller delivery/ }).check()
  await addAddressInline(page, `Site office ${Date.now() % 100_000}`)
  await page.getByRole('textbox', { name: /Note to the seller/ }).fill('Deliver before noon, please.')
  await expect(page.getByText('472 of 500 characters left')).toBeVisible()

  const total = (await page.getByTestId('total-total').textContent())!.trim()
  await page.getByRole('button', { name: /^Place order/ }).click()
  await expect(page).toHaveURL(/\/payment\/[^/]+$/, { timeout: 15_000 })
  await payInSandbox(page, 'approve', total)
  await expect(page).toHaveURL(/\/cart\/checkout-result/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful')

  // The other seller's cart is still in the basket; the ordered one is gone.
  await page.goto('/cart')
  await expect(sellerCart(page, b!.offer.sellerName)).toBeVisible()
  await expect(sellerCart(page, a!.offer.sellerName)).toHaveCount(0)
})

test('a line the server refuses shows its fix, and the fix works through the basket', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, 'buyer')
  // An offer with a stock count, asked for more than there is: the line must be lowered.
  const [a] = await offersFromSellers(page.request, 1, (offer) => buyable(offer) && !offer.alwaysAvailable)
  const stock = a!.offer.remainingQuantity
  await basketWith(page.request, baseURL!, [{ sku: a!.offer.sku, quantity: stock + 3 }])
  await checkoutFromBasket(page, a!.offer.sellerName)
  const problem = page.getByTestId('line-problem')
  await expect(problem).toContainText(`Only ${stock} left in stock`)
  await expect(page.getByRole('button', { name: /^Place order/ })).toBeDisabled()
  await problem.getByRole('button', { name: new RegExp(`^Lower to ${stock}`) }).click()
  await expect(problem).toHaveCount(0)
  await expect(page.getByTestId('line-quantity')).toContainText(String(stock))
  await expect(page.getByRole('button', { name: /^Place order/ })).toBeEnabled()
  // The basket agrees: the header count and the basket page show the fixed quantity.
  const basket = (await (await page.request.get('/api/cart/b2b/basket')).json()) as ServerBasket
  expect(basket.data.flatMap((c) => c.items.map((i) => i.quantity))).toEqual([stock])
})

test('a declined payment shows the failure page, and its retry pays the same order', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, 'buyer')
  const [a] = await offersFromSellers(page.request, 1)
  await basketWith(page.request, baseURL!, [{ sku: a!.offer.sku, quantity: a!.offer.minQuantity }])
  await checkoutFromBasket(page, a!.offer.sellerName)
  await page.getByRole('radio', { name: /Pickup in/ }).check()
  const total = (await page.getByTestId('total-total').textContent())!.trim()
  await page.getByRole('button', { name: /^Place order/ }).click()
  await expect(page).toHaveURL(/\/payment\/[^/]+$/, { timeout: 15_000 })
  const firstSession = page.url()
  await payInSandbox(page, 'decline', total)
  await expect(page).toHaveURL(/\/cart\/checkout-result/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment not completed')
  await page.getByRole('button', { name: `Try payment again (${total})` }).click()
  await expect(page).toHaveURL(/\/payment\/[^/]+$/, { timeout: 15_000 })
  expect(page.url()).not.toBe(firstSession)
  await payInSandbox(page, 'approve', total)
  await expect(page).toHaveURL(/\/cart\/checkout-result/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful')
})

test('someone else’s or an unknown cart is a 404 page', async ({ page, context }) => {
  await signIn(context, 'buyer')
  await page.goto('/cart/99999999/checkout')
  await expect(page.getByRole('heading', { name: 'Error 404' })).toBeVisible()
})

/** The sandbox bank page: the amount to pay, then approve or decline. */
async function payInSandbox(page: Page, decision: 'approve' | 'decline', total: string) {
  if (decision === 'approve') await page.getByRole('button', { name: `Approve payment of ${total}` }).click()
  else await page.getByRole('button', { name: 'Decline', exact: true }).click()
}
