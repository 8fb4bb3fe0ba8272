import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

/** axe on the page as it is, at 1280 and at 390 px: no serious or critical violation in Persian. */
async function expectAccessible(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    const results = await new AxeBuilder({ page }).analyze()
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `[${v.impact}] ${v.id} at ${width}px on ${page.url()}: ${v.nodes.map((n) => n.target).join(', ')}`,
      )
    expect(bad, bad.join('\n')).toEqual([])
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** A Persian visitor: home → a search for «برنج» → a filter → a product, by Persian names only. */
test('a visitor browses in Persian from the home page to a product', async ({ page }) => {
  // axe twice per page (1280 and 390 px) on four pages: more than the default minute on 2 busy cores.
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'عمده بخرید، مستقیم از فروشنده' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'همهٔ کالاها' }).first()).toBeVisible()
  await expectAccessible(page)

  const search = page.getByRole('search', { name: 'جست‌وجوی کالا' }).first()
  await search.getByRole('combobox', { name: 'جست‌وجوی کالاها' }).fill('برنج')
  await search.getByRole('button', { name: 'جست‌وجو' }).click()
  await expect(page).toHaveURL(/\/product\?q=/)
  const count = page.getByTestId('result-count')
  await expect(count).toContainText('کالا')
  await expect(count).not.toContainText(/[0-9]/)
  await expect(page.getByRole('list', { name: 'فیلترهای فعال' })).toBeVisible()
  await expectAccessible(page)

  // A filter, by its Persian label: only what is in stock.
  // The box is a link to the filtered listing: a click navigates, and the new page has it ticked.
  const inStock = page.getByRole('complementary', { name: 'فیلترها' }).getByRole('checkbox', { name: /موجود/ })
  await inStock.click()
  await expect(page).toHaveURL(/in_stock=true/)
  await expect(inStock).toBeChecked()
  await expect(page.getByRole('link', { name: 'حذف فیلتر موجود' })).toBeVisible()
  const cards = page.getByTestId('product-card')
  await expect(cards.first()).toBeVisible()
  await expect(cards.first()).toContainText('برنج')
  await expect(cards.first()).not.toContainText(/[0-9]/)
  await expectAccessible(page)

  await cards.first().getByRole('link').first().click()
  await expect(page).toHaveURL(/\/product\/[^/?]+/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('برنج')
  await expect(page.getByRole('heading', { name: /^پیشنهاد .* فروشگاه$/ })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'مسیر صفحه' })).toBeVisible()
  await expectAccessible(page)
})
