import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from './support/test'
import { registerNewUser, signIn } from './support/auth'

/**
 * Issue #20 part A in a real browser: the administrator blocks a buyer whose open session (another
 * browser) stops working at once, unblocks them, and finds both actions with their before/after in
 * the audit log; the dashboard and analytics draw their charts. Screenshots of every back-office
 * page at 1280 and 390 px go to /tmp/shots-admin (or SHOTS_DIR) for review.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-admin'

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    // Charts re-measure after a resize.
    await page.waitForTimeout(150)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('the admin blocks a buyer (whose open session fails), unblocks them, and finds both in the audit log', async ({
  page,
  browser,
}) => {
  // The buyer, signed in in a browser of their own.
  const buyerContext = await browser.newContext()
  const phone = await registerNewUser(buyerContext, { first_name: 'Blocked', last_name: 'Buyer' })
  const buyerPage = await buyerContext.newPage()
  expect((await buyerContext.request.get('/api/user/profile')).status()).toBe(200)

  await signIn(page.context(), 'admin')
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  await shoot(page, 'admin-users')
  const find = page.getByRole('search', { name: 'Find users' })
  await find.getByLabel('Mobile, name or email').fill(`0${phone.slice(3)}`)
  await find.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('link', { name: 'Blocked Buyer' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Blocked Buyer' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Open sessions' }).getByRole('listitem')).toHaveCount(1)
  await shoot(page, 'admin-user')

  // A reason is required.
  await page.getByRole('button', { name: 'Block' }).click()
  const dialog = page.getByRole('dialog', { name: 'Block Blocked Buyer?' })
  await dialog.getByRole('button', { name: 'Block account' }).click()
  await expect(dialog.getByText(/Give a reason/)).toBeVisible()
  await dialog.getByLabel('Reason').fill('Chargebacks on three orders')
  await dialog.getByRole('button', { name: 'Block account' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Chargebacks on three orders' })).toBeVisible()
  await expect(page.getByText('Not signed in anywhere.')).toBeVisible()

  // The buyer's open session fails on its next request: the buyer panel sends them to sign in.
  expect((await buyerContext.request.get('/api/user/profile')).status()).toBe(401)
  await buyerPage.goto('/buyer')
  await expect(buyerPage).toHaveURL(/\/auth/)

  await page.getByRole('button', { name: 'Unblock' }).click()
  const unblock = page.getByRole('dialog', { name: 'Unblock Blocked Buyer?' })
  await unblock.getByLabel('Reason').fill('Bank confirmed the payments')
  await unblock.getByRole('button', { name: 'Unblock account' }).click()
  await expect(unblock).toBeHidden()
  await expect(page.getByRole('button', { name: 'Block' })).toBeVisible()

  await page.getByRole('link', { name: 'History in the audit log' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  const events = page.getByTestId('audit-event')
  await expect(events).toHaveCount(2)
  const [unblocked, blocked] = [events.nth(0), events.nth(1)]
  await expect(unblocked).toContainText('user.unblock')
  await expect(unblocked).toContainText('Bank confirmed the payments')
  await expect(unblocked.getByRole('row', { name: /blocked true false/ })).toBeVisible()
  await expect(blocked).toContainText('user.block')
  await expect(blocked.getByRole('row', { name: /blocked false true/ })).toBeVisible()
  await expect(
    blocked.getByRole('row', { name: /blocked_reason none Chargebacks on three orders/ }),
  ).toBeVisible()
  await shoot(page, 'admin-audit')
  await buyerContext.close()
})

test('the dashboard and analytics draw their charts, and each figure opens its list', async ({ page }) => {
  await signIn(page.context(), 'admin')
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByText(/Tehran calendar days/)).toBeVisible()
  const charts = page.getByTestId('day-chart')
  await expect(charts).toHaveCount(2)
  for (const chart of await charts.all()) await expect(chart.locator('.recharts-wrapper > svg')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Top sellers' }).getByRole('listitem').first()).toBeVisible()
  await shoot(page, 'admin-dashboard')
  await page.getByRole('link', { name: 'Last 90 days' }).click()
  await expect(page).toHaveURL(/days=90/)
  await expect(charts.first().locator('.recharts-wrapper > svg')).toBeVisible()

  await page.getByRole('link', { name: /^Pending seller applications/ }).click()
  await expect(page).toHaveURL(/\/admin\/sellers\?status=pending/)

  await page.goto('/admin/analytics')
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  await expect(page.getByTestId('day-chart').locator('.recharts-wrapper > svg')).toBeVisible()
  await expect(page.getByTestId('funnel-viewed')).toBeVisible()
  await shoot(page, 'admin-analytics')
})

test('the panels drop the shop’s chrome; the seller dashboard charts sales and orders per status', async ({
  page,
}) => {
  await signIn(page.context(), 'seller')
  await page.goto('/seller')
  const header = page.getByRole('banner')
  await expect(header.getByRole('button', { name: /^Basket/ })).toHaveCount(0)
  await expect(header.getByRole('button', { name: /^Compare/ })).toHaveCount(0)
  await expect(header.getByRole('link', { name: 'Become a Seller' })).toHaveCount(0)
  // On a wide screen the account is a dropdown menu.
  await header.getByRole('button', { name: /^Account: / }).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()

  await expect(page.getByRole('heading', { level: 2, name: 'Sales' })).toBeVisible()
  await expect(page.getByTestId('day-chart').locator('.recharts-wrapper > svg')).toBeVisible()
  await expect(page.getByTestId('category-chart').locator('.recharts-wrapper > svg')).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Top SKUs by units' }).getByRole('listitem').first(),
  ).toBeVisible()
  await shoot(page, 'seller-dashboard')

  // The shop keeps its basket.
  await page.goto('/')
  await expect(page.getByRole('banner').getByRole('button', { name: /^Basket/ })).toBeVisible()
})
