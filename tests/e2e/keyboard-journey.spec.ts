import { expect, test, type APIRequestContext, type Page } from './support/test'
import { signIn } from './support/auth'

/**
 * Issue #22: the buyer's main journey by keyboard only (search → product → Add to basket → basket
 * → checkout), at 1280 px. No clicks: every step is Tab, Shift+Tab, typing and Enter. After "Add to
 * basket" focus lands on the header's basket button, and the listing's skip link takes the buyer
 * past the filters to the products in a few Tabs instead of 45.
 */

interface Offer {
  sku: string
  storeName: string
  minQuantity: number
  remainingQuantity: number
  alwaysAvailable: boolean
}

/** A product whose first offer can be checked out at its minimum quantity. */
async function buyableProduct(request: APIRequestContext) {
  const listing = (await (
    await request.get('/api/products?per_page=24&sort=popular&in_stock=true')
  ).json()) as {
    data: { slug: string }[]
  }
  for (const { slug } of listing.data) {
    const { data } = (await (await request.get(`/api/products/${slug}`)).json()) as {
      data: { slug: string; name: string; offers: Offer[] }
    }
    const offer = data.offers[0]
    if (
      offer &&
      offer.minQuantity <= 20 &&
      (offer.alwaysAvailable || offer.remainingQuantity >= offer.minQuantity + 5)
    )
      return { product: data, offer }
  }
  throw new Error('no buyable product in the demo catalogue')
}

async function emptyBasket(request: APIRequestContext, origin: string) {
  const basket = (await (await request.get('/api/cart/b2b/basket')).json()) as {
    data: { items: { id: number }[] }[]
  }
  for (const item of basket.data.flatMap((cart) => cart.items))
    expect(
      (await request.delete(`/api/cart/b2b/cart-items/${item.id}`, { headers: { origin } })).status(),
    ).toBe(200)
}

/** What has focus: its tag, accessible-ish name and the link's path. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().replace(/\s+/g, ' '),
      path: el instanceof HTMLAnchorElement ? el.pathname : '',
    }
  })

/** Presses Tab until `match` holds for the focused element; returns how many Tabs it took. */
async function tabUntil(
  page: Page,
  match: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  max: number,
  what: string,
): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab')
    if (match(await focused(page))) return presses
  }
  throw new Error(
    `${what} was not reached in ${max} Tabs (focus ended on ${JSON.stringify(await focused(page))})`,
  )
}

test('search, product, add, basket and checkout by keyboard alone', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000)
  await signIn(context, 'buyer')
  await emptyBasket(context.request, new URL(baseURL!).origin)
  const { product, offer } = await buyableProduct(context.request)
  await page.setViewportSize({ width: 1280, height: 800 })

  // Search from the header.
  await page.goto('/')
  await tabUntil(page, (f) => f.tag === 'input' && f.id !== '', 15, 'the search box')
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search products' })).toBeFocused()
  await page.keyboard.type(product.name)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/product\?q=/)
  await expect(page.getByRole('heading', { level: 1, name: /^Search: / })).toBeVisible()

  // The skip link comes before the filters and lands on the products.
  const toSkip = await tabUntil(page, (f) => f.name === 'Skip to products', 30, 'the skip link')
  await expect(page.getByRole('link', { name: 'Skip to products' })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: 'Products' })).toBeFocused()
  const toProduct = await tabUntil(
    page,
    (f) => f.path === `/product/${product.slug}`,
    20,
    `the card of ${product.name}`,
  )
  expect(toSkip + toProduct, 'Tabs from the search to the product').toBeLessThan(30)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()

  // Add to basket from the first offer's row; focus moves to the header's basket button.
  await tabUntil(
    page,
    (f) => f.tag === 'button' && f.name === `Add to basket from ${offer.storeName}`,
    80,
    'the offer’s Add to basket',
  )
  await page.keyboard.press('Enter')
  const basket = page.getByRole('banner').getByRole('button', { name: 'Basket, 1 item' })
  await expect(basket).toBeFocused()
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .first()
  await expect(toast).toContainText(`Added ${offer.minQuantity} × ${product.name} from`)
  await expect(toast.getByRole('link', { name: 'View basket' })).toBeVisible()
  // The toast sits below the header's buttons, not over them (once it has slid in: sonner enters
  // from above, so a box read mid-animation is higher than where it comes to rest).
  const basketBox = (await basket.boundingBox())!
  await expect
    .poll(async () => (await toast.boundingBox())!.y)
    .toBeGreaterThanOrEqual(basketBox.y + basketBox.height)

  // The basket drawer, then the basket page, then checkout.
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Your basket' })
  await expect(drawer).toBeVisible()
  await tabUntil(page, (f) => f.name === 'Go to the basket page', 20, 'the drawer’s basket link')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await tabUntil(page, (f) => f.name === 'Proceed to checkout', 40, 'Proceed to checkout')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/cart\/\d+\/checkout$/)
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
})
