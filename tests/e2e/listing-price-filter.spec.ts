import { expect, test } from './support/test'

/**
 * The listing's price filter (a plain form since issue #21 took the form library off the listing's
 * first paint): digits in any script grouped as typed, the range into the URL, a reversed range
 * refused on its field with focus on it, the message gone as soon as that end changes.
 */
const filters = (page: import('@playwright/test').Page) =>
  page.getByRole('complementary', { name: 'Filters' })

test('the price filter groups digits, refuses a reversed range on the highest price and applies a range', async ({
  page,
}) => {
  await page.goto('/product')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  const price = filters(page).getByRole('form', { name: 'Price' })
  const lowest = price.getByLabel('Lowest price')
  const highest = price.getByLabel('Highest price')

  // Persian digits as a buyer on a Persian keyboard types them.
  await lowest.fill('۵۰۰۰۰۰')
  await expect(lowest).toHaveValue('500,000')
  await highest.fill('1000')
  await expect(highest).toHaveValue('1,000')
  await price.getByRole('button', { name: 'Apply price' }).click()

  await expect(highest).toHaveAttribute('aria-invalid', 'true')
  await expect(highest).toBeFocused()
  await expect(price.getByRole('alert')).toHaveText('The lowest price is above the highest')
  await expect(highest).toHaveAccessibleDescription('The lowest price is above the highest')
  await expect(page).toHaveURL(/\/product$/)

  await highest.press('End')
  await highest.pressSequentially('000')
  await expect(highest).toHaveValue('1,000,000')
  await expect(price.getByRole('alert')).toHaveCount(0)
  await expect(highest).not.toHaveAttribute('aria-invalid', 'true')

  // Enter submits the form like the button does. The filtered listing is held back for a moment,
  // and the buyer changes their mind meanwhile: what they type then stays when it arrives.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/_serverFn/**', async (route) => {
    await held
    await route.continue()
  })
  await highest.press('Enter')
  await expect(page).toHaveURL(/\/product\?min_price=500000&max_price=1000000$/)
  await lowest.fill('')
  release()
  const chips = page.getByRole('list', { name: 'Active filters' })
  await expect(chips.getByRole('link', { name: /^Remove filter/ })).toHaveCount(2)
  await page.unroute('**/_serverFn/**')
  await expect(lowest).toHaveValue('')
  await expect(highest).toHaveValue('1,000,000')

  // One end alone is a range too; emptying both takes the filter off.
  await price.getByRole('button', { name: 'Apply price' }).click()
  await expect(page).toHaveURL(/\/product\?max_price=1000000$/)
  await expect(chips.getByRole('link', { name: /^Remove filter/ })).toHaveCount(1)
  await highest.fill('')
  await highest.press('Enter')
  await expect(page).toHaveURL(/\/product$/)
  await expect(chips).toHaveCount(0)
})

test('the price fields follow a range changed elsewhere: a chip taken off, then Back', async ({ page }) => {
  await page.goto('/product?min_price=1000&max_price=9000000')
  const price = filters(page).getByRole('form', { name: 'Price' })
  const lowest = price.getByLabel('Lowest price')
  const highest = price.getByLabel('Highest price')
  await expect(lowest).toHaveValue('1,000')
  await expect(highest).toHaveValue('9,000,000')

  const chips = page.getByRole('list', { name: 'Active filters' })
  await chips.getByRole('link', { name: /^Remove filter From/ }).click()
  await expect(page).toHaveURL(/\/product\?max_price=9000000$/)
  await expect(lowest).toHaveValue('')
  await expect(highest).toHaveValue('9,000,000')

  await page.goBack()
  await expect(page).toHaveURL(/\/product\?min_price=1000&max_price=9000000$/)
  await expect(lowest).toHaveValue('1,000')
})

test('the price filter on a phone: inside the filter drawer, with its message', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/product')
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  const drawer = page.getByRole('dialog')
  const price = drawer.getByRole('form', { name: 'Price' })
  await price.scrollIntoViewIfNeeded()
  await price.getByLabel('Lowest price').fill('90000')
  await price.getByLabel('Highest price').fill('500')
  await price.getByRole('button', { name: 'Apply price' }).click()
  await expect(price.getByLabel('Highest price')).toBeFocused()
  await expect(price.getByRole('alert')).toHaveText('The lowest price is above the highest')
  // Nothing in the drawer is wider than the phone.
  const overflow = await drawer.evaluate((node) => node.scrollWidth - node.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  if (process.env.SHOTS_DIR) {
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/price-filter-phone.png` })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.keyboard.press('Escape')
    await page
      .getByRole('complementary', { name: 'Filters' })
      .getByRole('form', { name: 'Price' })
      .scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/price-filter-desktop.png` })
  }
})

test('the drawer’s filters and the side column’s are separate radio groups', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/product')
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByRole('dialog').getByRole('radio', { name: 'Any quantity' })).toBeChecked()
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 1280, height: 900 })
  const side = page.getByRole('complementary', { name: 'Filters' })
  await expect(side.getByRole('radio', { name: 'Any quantity' })).toBeChecked()
})
