import { expect, test, type Page, type TestInfo } from './support/test'
import { demoOrderNumbers, demoSeller } from '~/features/demo/data/demo-accounts'
import { signIn } from './support/auth'

/**
 * /admin/orders (every order across sellers) and an order's admin page. Read-only on purpose: other
 * specs rely on the seeded demo orders' states, so this test opens the admin's cancel dialog and is
 * refused without a reason, but moves nothing (the moves are covered in orders-admin.test.ts).
 */

async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('the demo admin finds a demo order by seller and number, and sees its parties, timeline and actions', async ({
  page,
}, testInfo) => {
  await signIn(page.context(), 'admin')
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  // The seeded orders of the demo seller are there, with counts per status.
  await expect(page.getByRole('link', { name: new RegExp(demoOrderNumbers.shipped) })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Filter by status' }).getByRole('link', { name: /^Paid \d+/ }),
  ).toBeVisible()
  await screenshots(page, testInfo, 'admin-orders')

  await page.getByLabel('Seller').fill(demoSeller.displayName.slice(0, 7).toLowerCase())
  await page.getByLabel('Order number').fill(demoOrderNumbers.paid.slice(3).toLowerCase())
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/seller=tehrani/i)
  const orders = page.getByRole('list', { name: 'Orders' }).getByRole('listitem')
  await expect(orders).toHaveCount(1)
  await expect(orders.first()).toContainText(`Seller: ${demoSeller.displayName}`)
  // Clear empties the form and the URL again.
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(page).not.toHaveURL(/seller=/)
  await expect(page.getByLabel('Seller')).toHaveValue('')
  // (Other specs may have placed orders in the same run: count nothing, look for another demo order.)
  await expect(page.getByRole('link', { name: new RegExp(demoOrderNumbers.shipped) })).toBeVisible()

  await page.getByRole('link', { name: new RegExp(demoOrderNumbers.paid) }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order ${demoOrderNumbers.paid}` })).toBeVisible()
  const parties = page.getByRole('region', { name: 'Buyer and seller' })
  await expect(parties).toContainText(demoSeller.displayName)
  await expect(parties).toContainText(demoSeller.legalName)
  await expect(page.getByRole('region', { name: 'Payment' })).toBeVisible()
  const timeline = page.getByRole('list', { name: 'Order timeline' })
  await expect(timeline.getByRole('listitem').first()).toContainText('Order placed')
  await expect(timeline.getByRole('listitem').last()).toContainText('Paid')

  // A paid order: accept, reject or cancel; not ship or complete yet.
  const actions = page.getByRole('region', { name: 'Act as administrator' })
  await expect(actions.getByRole('button', { name: 'Accept order' })).toBeVisible()
  await expect(actions.getByRole('button', { name: 'Reject' })).toBeVisible()
  await expect(actions.getByRole('button', { name: 'Mark shipped' })).toHaveCount(0)
  await screenshots(page, testInfo, 'admin-order')

  // Cancelling needs a reason: the empty form is refused in place, and closing keeps the order.
  await actions.getByRole('button', { name: 'Cancel order' }).click()
  const dialog = page.getByRole('dialog', { name: `Cancel order ${demoOrderNumbers.paid}?` })
  await expect(dialog).toContainText('refunded')
  await dialog.getByRole('button', { name: 'Cancel order' }).click()
  await expect(dialog.getByText(/Give a reason for cancelling the order/)).toBeVisible()
  await expect(dialog.getByLabel('Reason')).toBeFocused()
  await screenshots(page, testInfo, 'admin-order-cancel')
  await dialog.getByRole('button', { name: 'Keep the order' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Paid')
})

test('a buyer cannot open the admin orders page', async ({ page }) => {
  await signIn(page.context(), 'buyer')
  const response = await page.goto('/admin/orders')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Error 403' })).toBeVisible()
})
