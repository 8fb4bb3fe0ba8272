import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from './support/test'
import { signIn } from './support/auth'

/**
 * Issue #22: the buyer's and seller's main screens at 1280 and 390 px, saved as PNGs to look at
 * (A11Y_SHOTS_DIR, default /tmp/shots-a11y). Each must fit the screen's width (nothing sticking
 * out sideways), and on a phone the panel pages start within the first screen: the panel menu is
 * one row, not a box the first order hides behind.
 */

const SHOTS = process.env.A11Y_SHOTS_DIR ?? '/tmp/shots-a11y'
const WIDTHS = [1280, 390] as const

async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.waitForTimeout(150)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name} at ${width}px is no wider than the screen`).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` })
  }
}

test('listing, product, basket, a buyer order and the seller panel fit 1280 and 390 px', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  mkdirSync(SHOTS, { recursive: true })
  const buyer = await browser.newContext()
  await signIn(buyer, 'buyer')
  const page = await buyer.newPage()

  await page.goto('/product')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await shoot(page, 'listing')

  await page.getByTestId('product-card').first().getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await shoot(page, 'product')

  await page.goto('/cart')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await shoot(page, 'basket')

  await page.goto('/buyer/orders')
  const order = page.locator('a[href*="/buyer/orders/"][href$="/process"]').first()
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(order).toBeVisible()
  // The first order is within the first phone screen, below a one-row panel menu.
  expect((await order.boundingBox())!.y).toBeLessThan(600)
  await order.click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await shoot(page, 'buyer-order')
  await buyer.close()

  const seller = await browser.newContext()
  await signIn(seller, 'seller')
  const panel = await seller.newPage()
  await panel.setViewportSize({ width: 390, height: 844 })
  await panel.goto('/seller/orders')
  await expect(panel.getByRole('heading', { level: 1 })).toBeVisible()
  expect((await panel.getByRole('heading', { level: 1 }).boundingBox())!.y).toBeLessThan(400)
  const menu = panel
    .getByRole('complementary', { name: 'Seller panel' })
    .getByRole('button', { name: 'Menu' })
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(panel.getByRole('navigation', { name: 'Seller menu' })).toBeHidden()
  await menu.click()
  await expect(panel.getByRole('navigation', { name: 'Seller menu' })).toBeVisible()
  await panel.screenshot({ path: `${SHOTS}/seller-menu-open-390.png` })
  await menu.click()
  await shoot(panel, 'seller-orders')
  await seller.close()
})
