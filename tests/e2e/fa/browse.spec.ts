import { expect, test } from '../support/test'
import { expectNoSeriousAxeViolations } from '../support/axe'

/** A Persian visitor: home → a search for «برنج» → a filter → a product, by Persian names only. */
test('a visitor browses in Persian from the home page to a product', async ({ page }) => {
  // axe twice per page (1280 and 390 px) on four pages: more than the default minute on 2 busy cores.
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'عمده بخرید، مستقیم از فروشنده' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'همهٔ کالاها' }).first()).toBeVisible()
  await expectNoSeriousAxeViolations(page)

  const search = page.getByRole('search', { name: 'جست‌وجوی کالا' }).first()
  await search.getByRole('combobox', { name: 'جست‌وجوی کالاها' }).fill('برنج')
  await search.getByRole('button', { name: 'جست‌وجو' }).click()
  await expect(page).toHaveURL(/\/product\?q=/)
  const count = page.getByTestId('result-count')
  await expect(count).toContainText('کالا')
  await expect(count).not.toContainText(/[0-9]/)
  await expect(page.getByRole('list', { name: 'فیلترهای فعال' })).toBeVisible()
  await expectNoSeriousAxeViolations(page)

  // A filter, by its Persian label: only what is in stock.
  // The box is a link to the filtered listing: a click navigates, and the new page has it ticked.
  const inStock = page
    .getByRole('complementary', { name: 'فیلترها' })
    .getByRole('checkbox', { name: /موجود/ })
  await inStock.click()
  await expect(page).toHaveURL(/in_stock=true/)
  await expect(inStock).toBeChecked()
  await expect(page.getByRole('link', { name: 'حذف فیلتر موجود' })).toBeVisible()
  const cards = page.getByTestId('product-card')
  await expect(cards.first()).toBeVisible()
  await expect(cards.first()).toContainText('برنج')
  await expect(cards.first()).not.toContainText(/[0-9]/)
  await expectNoSeriousAxeViolations(page)

  await cards.first().getByRole('link').first().click()
  await expect(page).toHaveURL(/\/product\/[^/?]+/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('برنج')
  await expect(page.getByRole('heading', { name: /^پیشنهاد .* فروشگاه$/ })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'مسیر صفحه' })).toBeVisible()
  await expectNoSeriousAxeViolations(page)
})
