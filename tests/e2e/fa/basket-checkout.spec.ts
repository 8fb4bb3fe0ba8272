import { expect, test } from '../support/test'
import { demoAccounts, demoPassword } from '../support/auth'
import { expectNoSeriousAxeViolations } from '../support/axe'

/**
 * The buyer's main journey in Persian (issue #22), by the Persian names a reader sees: the demo
 * buyer signs in on the Persian form, adds a product from the listing, opens the basket from the
 * toast, checks out for pickup, pays in the sandbox bank and reads the result. axe runs on every
 * page at 1280 and 390 px and fails on any serious or critical violation.
 */

test('the demo buyer signs in, adds, checks out and pays, all in Persian', async ({ page }) => {
  test.slow()
  await page.setViewportSize({ width: 1280, height: 900 })

  await page.goto('/auth')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { name: 'ورود یا ثبت‌نام', level: 1 })).toBeVisible()
  await expectNoSeriousAxeViolations(page, '/auth')
  await page.getByRole('tab', { name: 'رمز عبور' }).click()
  const form = page.getByRole('tabpanel', { name: 'رمز عبور' })
  await form.getByLabel('شمارهٔ موبایل').fill(demoAccounts.buyer.cellphone)
  await form.getByRole('textbox', { name: 'رمز عبور', exact: true }).fill(demoPassword)

  await page.getByRole('button', { name: 'ورود', exact: true }).click()
  await expect(page).not.toHaveURL(/\/auth/)

  // One seller's cart: start from an empty basket (the demo buyer's may hold lines from other runs).
  const origin = new URL(page.url()).origin
  const basket = (await (await page.request.get('/api/cart/b2b/basket')).json()) as {
    data: { items: { id: number }[] }[]
  }
  for (const item of basket.data.flatMap((cart) => cart.items))
    await page.request.delete(`/api/cart/b2b/cart-items/${item.id}`, { headers: { origin } })

  await page.goto('/product')
  const add = page.getByRole('button', { name: /^افزودن .+ به سبد خرید$/ }).first()
  await expect(add).toBeEnabled()
  // The card names the product in Persian; the basket must name it the same way (not in English).
  const productName =
    /^افزودن (.+) به سبد خرید$/.exec((await add.getAttribute('aria-label')) ?? '')?.[1] ?? ''
  expect(productName).toMatch(/[\u0600-\u06FF]/)
  await add.click()
  const toast = page.getByRole('link', { name: 'مشاهدهٔ سبد خرید' })
  await expect(toast).toBeVisible()
  await toast.click()

  await expect(page.getByRole('heading', { name: 'سبد خرید', level: 1 })).toBeVisible()
  await expect(page.getByTestId('seller-cart')).toHaveCount(1)
  await expect(page.getByTestId('seller-cart').getByText(productName, { exact: true })).toBeVisible()
  await expect(page.getByTestId('basket-total')).toContainText('ریال')
  await expect(page.getByTestId('basket-total')).not.toContainText(/[0-9]/)
  await expectNoSeriousAxeViolations(page, '/cart')
  await page.getByRole('link', { name: 'ادامهٔ تسویه‌حساب' }).click()

  await expect(page.getByRole('heading', { name: 'تسویه‌حساب', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: '→ سبد خرید' })).toBeVisible()
  await page.getByRole('radio', { name: /تحویل حضوری در/ }).check()
  await expect(page.getByTestId('total-total')).not.toContainText(/[0-9]/)
  await expectNoSeriousAxeViolations(page, 'checkout')
  await page.getByRole('button', { name: /^ثبت سفارش · / }).click()

  await expect(page.getByRole('heading', { name: 'تأیید پرداخت' })).toBeVisible()
  await expect(page.getByText('بانک آزمایشی')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'bank')
  await page.getByRole('button', { name: /^تأیید پرداخت / }).click()

  await expect(page).toHaveURL(/\/cart\/checkout-result/)
  await expect(page.getByRole('heading', { name: 'پرداخت موفق بود', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'مشاهدهٔ سفارش' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'checkout result')

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.screenshot({ path: `/tmp/shots-fa-buyer/result-${width}.png`, fullPage: true })
  }
})
