import { expect, test, type APIRequestContext, type Page } from './support/test'
import { demoAccounts, demoPassword, signIn } from './support/auth'

/**
 * The basket (issue #6) in a real browser against the production build: a guest fills a basket
 * from two sellers, it survives a reload, quantities change, and signing in merges it into the
 * basket the account already had on the server; removing a seller's last item removes its cart.
 */

interface Offer {
  sku: string
  storeName: string
  sellerId: number
  sellerName: string
  minQuantity: number
}
interface Product {
  slug: string
  name: string
  offers: Offer[]
}

/** Two products whose cheapest offers come from two different sellers, from the demo catalogue. */
async function productsFromTwoSellers(request: APIRequestContext): Promise<[Product, Product]> {
  const listing = (await (await request.get('/api/products?per_page=24&sort=popular')).json()) as {
    data: { slug: string }[]
  }
  const found: Product[] = []
  for (const { slug } of listing.data) {
    const { data } = (await (await request.get(`/api/products/${slug}`)).json()) as { data: Product }
    const first = data.offers[0]
    if (!first || first.minQuantity > 20) continue
    if (found.some((p) => p.offers[0]!.sellerId === first.sellerId)) continue
    found.push(data)
    if (found.length === 2) return [found[0]!, found[1]!]
  }
  throw new Error('the demo catalogue has no two products from different sellers')
}

const basketButton = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('button', { name: `Basket, ${count} ${count === 1 ? 'item' : 'items'}` })

/** On the product page, the quantity box and button of one store's offer (the wide-screen table). */
async function addFromProductPage(page: Page, product: Product) {
  const offer = product.offers[0]!
  await page.goto(`/product/${product.slug}`)
  const row = page.getByTestId('offer-row').filter({ hasText: offer.storeName }).first()
  // The quantity starts at the offer's minimum quantity.
  await expect(row.getByRole('spinbutton')).toHaveValue(String(offer.minQuantity))
  await row.getByRole('button', { name: 'Add to basket' }).click()
  await expect(page.getByText(new RegExp(`^Added \\d+ × .+ from `)).first()).toBeVisible()
}

const sellerCart = (page: Page, sellerName: string) =>
  page.getByTestId('seller-cart').filter({ has: page.getByRole('heading', { name: sellerName }) })
const itemRow = (page: Page, sku: string) => page.locator(`[data-testid="basket-item"][data-sku="${sku}"]`)

type ServerBasket = { data: { items: { id: number; sku: string; quantity: number }[] }[] }

/** The demo buyer's server basket emptied, then holding `quantity` of `sku`, from another device. */
async function serverBasketWith(request: APIRequestContext, origin: string, sku: string, quantity: number) {
  // A cookie-carrying write must say where it comes from (the API's CSRF check), as a browser does.
  const headers = { origin }
  const current = (await (await request.get('/api/cart/b2b/basket')).json()) as ServerBasket
  for (const item of current.data.flatMap((cart) => cart.items))
    expect((await request.delete(`/api/cart/b2b/cart-items/${item.id}`, { headers })).status()).toBe(200)
  const added = await request.post('/api/cart/b2b/cart-items', { data: { sku, quantity }, headers })
  expect(added.status(), await added.text()).toBe(201)
}

/** A guest's checkout button leads to sign-in, which comes back to the basket. */
async function signInFromBasket(page: Page) {
  await page.getByTestId('seller-cart').first().getByRole('link', { name: 'Proceed to checkout' }).click()
  await expect(page).toHaveURL('/auth?redirect=%2Fcart')
  await page.getByRole('tab', { name: 'Password' }).click()
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(demoAccounts.buyer.cellphone)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL('/cart')
}

test('a guest basket from two sellers is restored, changed, merged on sign-in, and loses an emptied seller', async ({
  page,
  browser,
  baseURL,
}) => {
  const [first, second] = await productsFromTwoSellers(page.request)
  const a = first.offers[0]!
  const b = second.offers[0]!

  // The account already has a basket on the server (from another device): 2 of the first product.
  const otherDevice = await browser.newContext()
  await signIn(otherDevice, 'buyer')
  await serverBasketWith(otherDevice.request, baseURL!, a.sku, 2)

  // As a guest: one product from each seller.
  await addFromProductPage(page, first)
  await expect(basketButton(page, 1)).toBeVisible()
  await addFromProductPage(page, second)
  await expect(basketButton(page, 2)).toBeVisible()

  // The header's drawer lists them grouped per seller.
  await basketButton(page, 2).click()
  const drawer = page.getByRole('dialog', { name: 'Your basket' })
  await expect(drawer.getByTestId('seller-cart')).toHaveCount(2)
  await expect(drawer.getByRole('link', { name: second.name })).toBeVisible()
  await page.keyboard.press('Escape')

  // A reload restores the basket from local storage, one cart per seller.
  await page.goto('/cart')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Basket' })).toBeVisible()
  await expect(page.getByTestId('seller-cart')).toHaveCount(2)
  await expect(itemRow(page, a.sku).getByRole('textbox', { name: 'Quantity' })).toHaveValue(
    String(a.minQuantity),
  )

  // Quantities change with the stepper, and the totals follow.
  const secondRow = itemRow(page, b.sku)
  await secondRow.getByRole('button', { name: 'Increase quantity' }).click()
  await expect(secondRow.getByRole('textbox', { name: 'Quantity' })).toHaveValue(String(b.minQuantity + 1))
  await secondRow.getByRole('textbox', { name: 'Quantity' }).fill(String(b.minQuantity + 3))
  await secondRow.getByRole('textbox', { name: 'Quantity' }).press('Enter')
  await expect(secondRow.getByRole('textbox', { name: 'Quantity' })).toHaveValue(String(b.minQuantity + 3))
  await page.reload()
  await expect(itemRow(page, b.sku).getByRole('textbox', { name: 'Quantity' })).toHaveValue(
    String(b.minQuantity + 3),
  )

  // Signing in merges the guest basket into the account's: the same sku adds up.
  await signInFromBasket(page)
  await expect(itemRow(page, a.sku).getByRole('textbox', { name: 'Quantity' })).toHaveValue(
    String(2 + a.minQuantity),
  )
  await expect(itemRow(page, b.sku).getByRole('textbox', { name: 'Quantity' })).toHaveValue(
    String(b.minQuantity + 3),
  )
  expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull()
  // The server holds the merged basket: the other device sees it too.
  const server = (await (await otherDevice.request.get('/api/cart/b2b/basket')).json()) as ServerBasket
  expect(server.data.flatMap((c) => c.items.map((i) => [i.sku, i.quantity])).sort()).toEqual(
    [
      [a.sku, 2 + a.minQuantity],
      [b.sku, b.minQuantity + 3],
    ].sort(),
  )

  // Removing the second seller's only item removes that seller's cart.
  await expect(sellerCart(page, b.sellerName)).toBeVisible()
  await itemRow(page, b.sku)
    .getByRole('button', { name: /^Remove / })
    .click()
  await expect(sellerCart(page, b.sellerName)).toHaveCount(0)
  await expect(page.getByTestId('seller-cart')).toHaveCount(1)
  await expect(basketButton(page, 1)).toBeVisible()
  await otherDevice.close()
})
