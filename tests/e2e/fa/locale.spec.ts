import { expect, test } from '../support/test'

/** Persian is the page's language and direction; English is one link away and is remembered. */
test('a visitor reads Persian right to left, switches to English and keeps it', async ({ page }) => {
  await page.goto('/')
  const html = page.locator('html')
  await expect(html).toHaveAttribute('lang', 'fa')
  await expect(html).toHaveAttribute('dir', 'rtl')
  const alternates = page.locator('link[rel="alternate"][hreflang]')
  await expect(alternates).toHaveCount(3)

  await page.getByRole('link', { name: 'English' }).first().click()
  await expect(html).toHaveAttribute('lang', 'en')
  await expect(html).toHaveAttribute('dir', 'ltr')
  await page.goto('/product')
  await expect(html).toHaveAttribute('lang', 'en')

  await page.getByRole('link', { name: 'فارسی' }).first().click()
  await expect(html).toHaveAttribute('lang', 'fa')
})

test('amounts in tomans when the reader chooses, with Persian digits', async ({ page }) => {
  await page.goto('/product')
  const firstPrice = page.locator('[data-testid="product-card"]').first()
  await expect(firstPrice).toContainText('ریال')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'تومان' }).last().click()
  await expect(page.locator('html')).toHaveAttribute('data-money', 'toman')
  await expect(page.locator('[data-testid="product-card"]').first()).toContainText('تومان')
  await expect(page.locator('[data-testid="product-card"]').first()).not.toContainText(/[0-9]/)
})
