import { expect, test, type Page, type TestInfo } from './support/test'
import { signIn } from './support/auth'

/** The page at a desktop and a phone width, kept with the test's output for review. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('an admin creates a published landing page and anyone can open it', async ({
  page,
  browser,
}, testInfo) => {
  const title = `Ramadan kitchen stock-up ${Date.now() % 100_000}`
  await signIn(page.context(), 'admin')
  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Landing pages' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Landing pages' })).toBeVisible()
  // The demo's published pages are listed with their public address.
  await expect(page.getByRole('link', { name: 'Open /landing/back-to-school' })).toBeVisible()
  await screenshots(page, testInfo, 'landing-list')

  await page.getByRole('link', { name: 'New landing page' }).click()
  await page.getByLabel('Title').fill(title)
  // The slug follows the title until it is edited.
  const slug = await page.getByLabel('Slug').inputValue()
  expect(slug).toMatch(/^ramadan-kitchen-stock-up-\d+$/)
  await page
    .getByLabel('Summary')
    .fill('Rice, oil and tea by the sack for restaurants preparing for Ramadan.')
  const text = page.getByRole('group', { name: 'Block 1: Text' })
  await text.getByLabel('Heading').fill('Order before the rush')
  await text.getByLabel('Text').fill('Sellers ship within two days.\n\nPrices drop as your order grows.')
  await page.getByRole('button', { name: '+ Categories' }).click()
  const categories = page.getByRole('group', { name: 'Block 2: Categories' })
  await categories.getByLabel('Heading').fill('Kitchen staples')
  await categories.getByLabel('Category slugs').fill('no-such-aisle')

  // A category that does not exist is refused by the server, beside the field.
  await page.getByRole('button', { name: 'Create landing page' }).click()
  await expect(categories.getByText('No category with the slug “no-such-aisle”')).toBeVisible()
  await expect(categories.getByLabel('Category slugs')).toBeFocused()
  await categories.getByLabel('Category slugs').fill('rice-and-grains\ntea-and-coffee')
  await page.getByRole('radio', { name: /Published/ }).check()

  await page.getByRole('tab', { name: 'Preview' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('link', { name: /Rice & Grains/ })).toBeVisible()
  await screenshots(page, testInfo, 'landing-preview')
  await page.getByRole('tab', { name: 'Edit' }).click()
  await screenshots(page, testInfo, 'landing-editor')

  await page.getByRole('button', { name: 'Create landing page' }).click()
  await expect(page).toHaveURL(/\/admin\/landing\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: `Edit: ${title}` })).toBeVisible()
  await expect(page.getByRole('link', { name: /View public page/ })).toHaveAttribute(
    'href',
    `/landing/${slug}`,
  )

  // A visitor who is not signed in sees it at once.
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto(`/landing/${slug}`)
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(visitor.getByRole('heading', { name: 'Order before the rush' })).toBeVisible()
  await expect(visitor.getByText('Prices drop as your order grows.')).toBeVisible()
  await expect(visitor.getByRole('link', { name: /Tea & Coffee/ })).toBeVisible()
  await screenshots(visitor, testInfo, 'landing-public')
  await visitor.context().close()
})

test('a buyer is turned away from the landing page editor', async ({ page }) => {
  await signIn(page.context(), 'buyer')
  await page.goto('/admin/landing/new')
  await expect(page.getByRole('heading', { level: 1, name: 'Error 403' })).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveCount(0)
})
