import { expect, type APIRequestContext, type Page } from './test'
import { demoSeller } from '~/features/demo/data/demo-accounts'

/** Placing and paying an order of the demo seller as the demo buyer, for journeys that need one. */

export interface Offer {
  sku: string
  sellerId: number
  sellerName: string
  minQuantity: number
}

type ServerBasket = { data: { id: number; seller_id: number; items: { id: number }[] }[] }

/** A small offer of the approved demo seller, from the demo catalogue. */
export async function demoSellerOffer(request: APIRequestContext): Promise<Offer> {
  for (const sort of ['popular', 'newest']) {
    const listing = (await (await request.get(`/api/products?per_page=48&sort=${sort}`)).json()) as {
      data: { slug: string }[]
    }
    for (const { slug } of listing.data) {
      const { data } = (await (await request.get(`/api/products/${slug}`)).json()) as {
        data: { offers: Offer[] }
      }
      const offer = data.offers.find((o) => o.sellerName === demoSeller.displayName && o.minQuantity <= 5)
      if (offer) return offer
    }
  }
  throw new Error(`no small offer of ${demoSeller.displayName} in the demo catalogue`)
}

/** The buyer's server basket holding just this offer; returns the seller's cart id. */
export async function basketWith(request: APIRequestContext, origin: string, offer: Offer): Promise<number> {
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

/** Checkout (pickup) and approval at the sandbox bank; returns the order's number. */
export async function placeAndPay(page: Page, cartId: number): Promise<string> {
  await page.goto(`/cart/${cartId}/checkout`)
  await page.getByRole('radio', { name: /Pickup in/ }).check()
  await page.getByRole('button', { name: /^Place order/ }).click()
  await expect(page).toHaveURL(/\/payment\/[A-Za-z0-9_-]{32}$/)
  const orderNumber = (await page.locator('dd.font-mono').textContent())!
  expect(orderNumber).toMatch(/^OM-[A-Z0-9]{8}$/)
  await page.getByRole('button', { name: /^Approve payment of/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible()
  return orderNumber
}
