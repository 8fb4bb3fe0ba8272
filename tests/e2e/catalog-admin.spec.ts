import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from './support/test'
import { demoSeller } from '~/features/demo/data/demo-accounts'
import { signIn } from './support/auth'

/**
 * Issue #20 part B (and #15's brand requests): the admin suspends and reinstates the demo seller
 * (its offers leave and return to /product), merges two brands, approves a brand the seller
 * requested from the product form, and hides the seller's product (gone from its page and the
 * listing; the seller sees the reason).
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-catalogue'
mkdirSync(SHOTS, { recursive: true })

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

const resultCount = (page: Page) => page.getByTestId('result-count')

test.describe.configure({ mode: 'serial' })

test('the admin suspends and reinstates the demo seller: its offers leave and return to the listing', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(context, 'admin')
  await page.goto(`/admin/sellers?q=${encodeURIComponent(demoSeller.displayName)}`)
  await shoot(page, 'admin-sellers')
  await page.getByRole('link', { name: demoSeller.displayName }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: demoSeller.displayName })).toBeVisible()
  await expect(page.getByText('Quality, last 30 days')).toBeVisible()
  const sellerId = /\/admin\/sellers\/(\d+)/.exec(page.url())![1]!
  // The plan by name, the newest orders, and the way to all of them.
  await expect(page.locator('dt', { hasText: /^Plan$/ }).locator('xpath=following-sibling::dd')).toHaveText(
    /^(Free|Pro|Business)$/,
  )
  const newest = page.getByRole('list', { name: 'Newest orders' }).getByRole('listitem')
  expect(await newest.count()).toBeGreaterThan(0)
  expect(await newest.count()).toBeLessThanOrEqual(5)
  const storeHref = (await page.getByRole('link', { name: demoSeller.storeNames[0] }).getAttribute('href'))!
  const storeSlug = storeHref.replace('/store/', '')
  await shoot(page, 'admin-seller-detail')

  const buyer = await browser.newPage()
  await buyer.goto(`/product?store=${storeSlug}`)
  await expect(resultCount(buyer)).not.toHaveText(/^0 products/)

  await page.getByRole('button', { name: 'Suspend seller' }).click()
  const dialog = page.getByRole('dialog', { name: `Suspend ${demoSeller.displayName}?` })
  await dialog.getByLabel('Reason').fill('Repeated late shipping in November')
  await dialog.getByRole('button', { name: 'Suspend seller' }).click()
  await expect(page.getByTestId('suspension-reason')).toContainText('Repeated late shipping in November')
  await buyer.goto(`/product?store=${storeSlug}`)
  await expect(resultCount(buyer)).toHaveText(/^0 products/)

  // The seller's panel explains the suspension.
  const sellerContext = await browser.newContext()
  const sellerPage = await sellerContext.newPage()
  await signIn(sellerContext, 'seller')
  await sellerPage.goto('/seller')
  await expect(sellerPage.getByText(/suspended: Repeated late shipping in November/)).toBeVisible()

  await page.getByRole('button', { name: 'Reinstate seller' }).click()
  const again = page.getByRole('dialog', { name: `Reinstate ${demoSeller.displayName}?` })
  await again.getByLabel('Reason').fill('Shipping times back to normal')
  await again.getByRole('button', { name: 'Reinstate seller' }).click()
  await expect(page.getByTestId('suspension-reason')).toHaveCount(0)
  await buyer.goto(`/product?store=${storeSlug}`)
  await expect(resultCount(buyer)).not.toHaveText(/^0 products/)

  // Both changes are in the audit log, newest first, with their before and after.
  await page.goto(`/admin/audit?seller=${sellerId}&action=seller.`)
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  const events = page.getByTestId('audit-event')
  await expect(events).toHaveCount(2)
  const [reinstated, suspended] = [events.nth(0), events.nth(1)]
  await expect(reinstated).toContainText('seller.reinstate')
  await expect(reinstated).toContainText('Shipping times back to normal')
  await expect(reinstated.getByRole('row', { name: /^status suspended approved$/ })).toBeVisible()
  await expect(suspended).toContainText('seller.suspend')
  await expect(suspended.getByRole('row', { name: /^status approved suspended$/ })).toBeVisible()
  await expect(
    suspended.getByRole('row', { name: /^statusReason none Repeated late shipping in November$/ }),
  ).toBeVisible()
  await shoot(page, 'admin-audit-seller')

  // The seller page's orders link lists that seller's orders only.
  await page.goto(`/admin/sellers/${sellerId}`)
  await page.getByRole('link', { name: new RegExp(`^All \\d+ orders? of ${demoSeller.displayName}`) }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await expect(
    page.getByRole('link', { name: `Show every seller's orders, not only ${demoSeller.displayName}'s` }),
  ).toBeVisible()
  await shoot(page, 'admin-orders-of-seller')
  await context.close()
  await sellerContext.close()
})

test('the admin merges two brands: the first is gone and its products are under the second', async ({
  page,
  context,
}) => {
  await signIn(context, 'admin')
  await page.goto('/admin/brands?status=approved')
  await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible()
  const rows = page.locator('li[data-brand]')
  const from = (await rows.nth(0).getAttribute('data-brand'))!
  const into = (await rows.nth(1).getAttribute('data-brand'))!
  const count = async (name: string) =>
    Number(/(\d+) products?/.exec((await page.locator(`li[data-brand="${name}"]`).textContent())!)![1])
  const total = (await count(from)) + (await count(into))
  await shoot(page, 'admin-brands')

  await page.getByRole('button', { name: `Merge ${from} into another brand` }).click()
  const dialog = page.getByRole('dialog', { name: `Merge “${from}” into…` })
  await dialog.getByLabel('Merge into').selectOption({ label: into })
  await dialog.getByRole('button', { name: 'Merge brands' }).click()
  await expect(page.locator(`li[data-brand="${from}"]`)).toHaveCount(0)
  await expect.poll(() => count(into)).toBe(total)

  await page.goto('/admin/audit?action=brand.merge')
  const merged = page.getByTestId('audit-event')
  await expect(merged).toHaveCount(1)
  await expect(merged).toContainText('brand.merge')
  await expect(merged.getByRole('row', { name: new RegExp(`^name ${escape(from)} none$`) })).toBeVisible()
  await expect(
    merged.getByRole('row', { name: new RegExp(`^mergedInto none .*${escape(into)}`) }),
  ).toBeVisible()
})

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

test('a seller requests a brand from the product form; the admin approves it, then hides the product', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const stamp = Date.now().toString(36)
  const brandName = `Kavir Gold ${stamp}`
  const productName = `Barberry pack Playwright ${stamp}`

  const sellerContext = await browser.newContext()
  const seller = await sellerContext.newPage()
  await signIn(sellerContext, 'seller')
  await seller.goto('/seller/stores')
  await seller.getByRole('link', { name: new RegExp(`^Products of ${demoSeller.storeNames[0]}`) }).click()
  await seller.getByRole('link', { name: 'Add products' }).click()
  const create = seller.getByRole('form', { name: 'Create a new product' })
  await create.getByLabel('Product name').fill(productName)
  await create.getByLabel('Category').selectOption({ index: 1 })
  await create.getByLabel('Brand').selectOption({ label: 'Request a new brand…' })
  await create.getByLabel('New brand name').fill(brandName)
  await create.getByLabel('Selling unit').fill('carton of 20')
  await create.getByLabel('SKU code').fill(`PWB-${stamp}`.toUpperCase())
  await create.getByLabel('Stock').fill('30')
  await create.getByLabel('Unit price (tier 1)').fill('2500000')
  await shoot(seller, 'seller-brand-request')
  await create.getByRole('button', { name: 'Create and put on sale' }).click()
  await expect(seller.getByRole('heading', { level: 1, name: /^Products of/ })).toBeVisible()

  // Live at once, without the unreviewed brand.
  const buyer = await browser.newPage()
  await buyer.goto(`/product?q=${encodeURIComponent(productName)}`)
  // The card's heading (the search chip above the results names the product too).
  await buyer.getByRole('heading', { level: 3, name: productName }).click()
  await expect(buyer.getByRole('heading', { level: 1, name: productName })).toBeVisible()
  const productUrl = buyer.url()
  await expect(buyer.getByText(brandName)).toHaveCount(0)

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signIn(adminContext, 'admin')
  await admin.goto('/admin/brands?status=pending')
  await expect(admin.locator(`li[data-brand="${brandName}"]`)).toContainText('requested by')
  await admin.getByRole('button', { name: `Approve ${brandName}` }).click()
  await expect(admin.getByRole('button', { name: `Approve ${brandName}` })).toHaveCount(0)
  await buyer.goto(productUrl)
  await expect(buyer.getByText(brandName).first()).toBeVisible()

  // The product waits in the review queue; hiding it takes it off its page and the listing.
  await admin.goto('/admin/products?state=pending')
  await expect(admin.locator(`li[data-product="${productName}"]`)).toBeVisible()
  await shoot(admin, 'admin-products')
  await admin.getByRole('button', { name: `Hide ${productName}` }).click()
  const dialog = admin.getByRole('dialog', { name: `Hide “${productName}”?` })
  await dialog.getByLabel('Reason').fill('The photos show another brand')
  await dialog.getByRole('button', { name: 'Hide product' }).click()
  // It leaves the pending filter and is listed under "Hidden" with its reason.
  await expect(admin.locator(`li[data-product="${productName}"]`)).toHaveCount(0)
  await admin.goto('/admin/products?state=hidden')
  await expect(admin.locator(`li[data-product="${productName}"]`)).toContainText(
    'The photos show another brand',
  )
  expect((await buyer.goto(productUrl))?.status()).toBe(404)

  await admin.goto('/admin/audit?action=product.hide')
  const hidden = admin.getByTestId('audit-event').filter({ hasText: 'The photos show another brand' })
  await expect(hidden).toHaveCount(1)
  await expect(hidden.getByRole('row', { name: /^reviewState \w+ hidden$/ })).toBeVisible()
  await expect(
    hidden.getByRole('row', { name: /^reviewReason none The photos show another brand$/ }),
  ).toBeVisible()
  await shoot(admin, 'admin-audit-product-hide')
  await buyer.goto(`/product?q=${encodeURIComponent(productName)}`)
  await expect(resultCount(buyer)).toHaveText(/^0 products/)
  await expect(buyer.getByRole('heading', { level: 3, name: productName })).toHaveCount(0)

  // The seller sees why on the product's edit page.
  await seller.goto(`/seller/inventory/product/PWB-${stamp.toUpperCase()}/edit`)
  await expect(seller.getByText('The photos show another brand')).toBeVisible()
  await shoot(seller, 'seller-hidden-product')

  await admin.goto('/admin/categories')
  await expect(admin.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible()
  await shoot(admin, 'admin-categories')
  await sellerContext.close()
  await adminContext.close()
})
