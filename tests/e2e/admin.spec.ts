import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from './support/test'
import sharp from 'sharp'
import { demoAccounts, demoSeller } from '~/features/demo/data/demo-accounts'
import { signIn } from './support/auth'

/**
 * Issue #20's back office, the pieces that #20 part B left: a category's image (upload with a
 * preview, shown in the tree and served, then removed), deleting a category through the
 * keyboard-accessible confirmation, the admin's edit of a seller's product (the seller is told
 * why), the seller dashboard's plan and magazine figures, and every admin page at 1280 and 390 px
 * without the page itself scrolling sideways.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-admin'
mkdirSync(SHOTS, { recursive: true })

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

const pngOf = async (colour: string) =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer()

test.describe.configure({ mode: 'serial' })

test('the admin gives a new category an image, removes it, then deletes the category from the keyboard', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  await signIn(context, 'admin')
  const name = `Dried limes ${Date.now().toString(36)}`
  await page.goto('/admin/categories')
  await page.getByLabel('New category').fill(name)
  await page.getByRole('button', { name: 'Create', exact: true }).click()
  const row = page.locator(`li[data-category="${name}"]`)
  await expect(row).toBeVisible()
  await expect(row.locator('img')).toHaveCount(0)

  await page.getByRole('button', { name: `Image of ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Image of “${name}”` })
  await expect(dialog.getByText('This category has no image yet.')).toBeVisible()
  await dialog.getByLabel('Image').setInputFiles({
    name: 'limes.png',
    mimeType: 'image/png',
    buffer: await pngOf('#7d8f2a'),
  })
  // The chosen file is previewed before it is sent.
  await expect(dialog.locator('img[src^="blob:"]')).toBeVisible()
  await shoot(page, 'admin-category-image-dialog')
  await dialog.getByRole('button', { name: 'Save image' }).click()
  await expect(dialog).toHaveCount(0)
  const thumbnail = row.locator('img')
  await expect(thumbnail).toHaveAttribute('src', /^\/media\/categories\/u-[0-9a-f]{24}-512\.webp$/)
  const src = (await thumbnail.getAttribute('src'))!
  const served = await page.request.get(src)
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toContain('image/webp')

  // Remove: the tree shows no image and the file is gone.
  await page.getByRole('button', { name: `Image of ${name}` }).click()
  await expect(dialog.getByRole('img', { name: `Current image of ${name}` })).toBeVisible()
  await dialog.getByRole('button', { name: 'Remove image' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(row.locator('img')).toHaveCount(0)
  expect((await page.request.get(src)).status()).toBe(404)

  // Delete asks first in an alert dialog that opens on "Keep it"; Escape keeps the category.
  const trigger = page.getByRole('button', { name: `Delete ${name}` })
  await trigger.focus()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('alertdialog', { name: `Delete “${name}”?` })
  await expect(confirm).toBeVisible()
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused()
  await shoot(page, 'admin-category-delete')
  await page.keyboard.press('Escape')
  await expect(confirm).toHaveCount(0)
  await expect(trigger).toBeFocused()
  await expect(row).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(confirm.getByRole('button', { name: 'Delete category' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row).toHaveCount(0)
})

test('the admin edits a seller product from the review queue with a reason; the seller is told by SMS', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const stamp = Date.now().toString(36)
  const productName = `Dried barberries ${stamp}`
  const corrected = `Dried barberries, 1 kg ${stamp}`

  const sellerContext = await browser.newContext()
  const seller = await sellerContext.newPage()
  await signIn(sellerContext, 'seller')
  await seller.goto('/seller/stores')
  await seller.getByRole('link', { name: new RegExp(`^Products of ${demoSeller.storeNames[0]}`) }).click()
  await seller.getByRole('link', { name: 'Add products' }).click()
  const create = seller.getByRole('form', { name: 'Create a new product' })
  await create.getByLabel('Product name').fill(productName)
  await create.getByLabel('Category').selectOption({ index: 1 })
  await create.getByLabel('Selling unit').fill('bag')
  await create.getByLabel('SKU code').fill(`ADM-${stamp}`.toUpperCase())
  await create.getByLabel('Stock').fill('12')
  await create.getByLabel('Unit price (tier 1)').fill('1800000')
  await create.getByRole('button', { name: 'Create and put on sale' }).click()
  await expect(seller.getByRole('heading', { level: 1, name: /^Products of/ })).toBeVisible()
  await sellerContext.close()

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signIn(adminContext, 'admin')
  await admin.goto(`/admin/products?q=${encodeURIComponent(productName)}`)
  await admin.getByRole('link', { name: `Edit ${productName}` }).click()
  await expect(admin.getByRole('heading', { level: 1, name: `Edit “${productName}”` })).toBeVisible()
  await expect(admin.getByText(`Maintained by ${demoSeller.displayName}`)).toBeVisible()
  const form = admin.getByRole('form', { name: `Edit ${productName}` })

  // Saving without a reason is refused on the reason field.
  await form.getByLabel('Product name').fill(corrected)
  await form.getByLabel('Selling unit').fill('bag of 1 kg')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(form.getByLabel('Reason for the change')).toHaveAttribute('aria-invalid', 'true')
  await form.getByLabel('Reason for the change').fill('The name and unit left out the weight')
  await shoot(admin, 'admin-product-edit')
  await form.getByRole('button', { name: 'Save changes' }).click()
  await expect(admin.getByText(`Product saved; ${demoSeller.displayName} was told why`)).toBeVisible()
  await expect(admin).toHaveURL(/\/admin\/products$/)

  // Buyers see the correction.
  const buyer = await browser.newPage()
  await buyer.goto(`/product?q=${encodeURIComponent(corrected)}`)
  await buyer.getByRole('heading', { level: 3, name: corrected }).click()
  await expect(buyer.getByRole('heading', { level: 1, name: corrected })).toBeVisible()
  await expect(buyer.getByText('bag of 1 kg').first()).toBeVisible()

  // The seller's owner got the reason (the dev outbox shows the queued SMS).
  await admin.goto('/dev/outbox')
  const sms = admin.getByRole('listitem').filter({
    hasText: `our team edited your product "${corrected}". Reason: The name and unit left out the weight`,
  })
  await expect(sms).toContainText(
    demoAccounts.seller.cellphone.replace(/^\+98(\d{3})(\d{3})(\d{4})$/, '+98 $1 $2 $3'),
  )

  // The edit page lists the edit with its reason.
  await admin.goto(`/admin/products?q=${encodeURIComponent(corrected)}`)
  await admin.getByRole('link', { name: `Edit ${corrected}` }).click()
  await expect(admin.getByText('Reason: The name and unit left out the weight')).toBeVisible()
  await adminContext.close()
})

test('the seller dashboard shows plan usage and magazine figures that link to their lists', async ({
  page,
  context,
}) => {
  await signIn(context, 'seller')
  await page.goto('/seller')
  const usage = page.getByRole('region', { name: /Plan usage/ })
  await expect(usage).toBeVisible()
  await expect(usage.getByRole('link', { name: /Stores\s+\d+ of/ })).toHaveAttribute('href', '/seller/stores')
  await expect(usage.getByRole('link', { name: /Active SKUs/ })).toHaveAttribute(
    'href',
    '/seller/inventory?status=active',
  )
  const magazines = page.getByRole('region', { name: 'Magazines' })
  await expect(magazines.getByRole('link', { name: /Magazine views/ })).toHaveAttribute(
    'href',
    '/seller/magazines',
  )
  await shoot(page, 'seller-dashboard')
  await usage.getByRole('link', { name: /Stores\s+\d+ of/ }).click()
  await expect(page).toHaveURL(/\/seller\/stores$/)
})

/** Fails when the page itself is wider than the window (a table or a row pushing it sideways). */
/**
 * Once the page has settled at its new width: a chart follows a resize on the next observed frame
 * (Recharts' ResponsiveContainer), and on a busy machine the first measure after the resize still
 * saw the 1280 px chart (/admin/analytics 597 px wide at 390, /admin 85 px). What stays too wide
 * after the expect timeout fails.
 */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  await expect
    .poll(overflow, { message: `${label} scrolls sideways (px beyond the window)` })
    .toBeLessThanOrEqual(0)
}

test('every admin page fits a 390 px phone and a 1280 px window', async ({ page, context }) => {
  test.setTimeout(240_000)
  await signIn(context, 'admin')
  const firstHref = async (list: string, pattern: RegExp) => {
    await page.goto(list)
    const hrefs = await page
      .locator('main a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    return hrefs.find((href) => href && pattern.test(href)) ?? null
  }
  const pages: [string, string][] = [
    ['admin-dashboard', '/admin'],
    ['admin-users', '/admin/users'],
    ['admin-sellers', '/admin/sellers'],
    ['admin-categories', '/admin/categories'],
    ['admin-brands', '/admin/brands'],
    ['admin-products', '/admin/products'],
    ['admin-audit', '/admin/audit'],
    ['admin-analytics', '/admin/analytics'],
    ['admin-jobs', '/admin/jobs'],
    ['admin-orders', '/admin/orders'],
    ['admin-tickets', '/admin/tickets'],
    ['admin-content', '/admin/content'],
    ['admin-landing', '/admin/landing'],
  ]
  const details: [string, string, RegExp][] = [
    ['admin-user', '/admin/users', /^\/admin\/users\/\d+$/],
    ['admin-seller', '/admin/sellers', /^\/admin\/sellers\/\d+$/],
    ['admin-order', '/admin/orders', /^\/admin\/orders\/[^/?]+$/],
    ['admin-ticket', '/admin/tickets', /^\/admin\/tickets\/\d+$/],
    ['admin-product', '/admin/products', /^\/admin\/products\/\d+$/],
  ]
  for (const [name, list, pattern] of details) {
    const href = await firstHref(list, pattern)
    if (href) pages.push([name, href])
  }
  for (const [name, path] of pages) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await expectNoSidewaysScroll(page, `${path} at ${width}px`)
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true })
    }
    await page.setViewportSize({ width: 1280, height: 900 })
  }
})
