import { expect, test, type Page } from '@playwright/test'
import { signIn } from './support/auth'

/**
 * Issue #16, the stock page: from a store's products the seller opens a SKU's stock, adjusts it with
 * a reason and finds the change in the ledger; a second tab that still shows the old figure is told
 * the stock moved (409) instead of overwriting it; the observer adjusts stock too.
 */

const stockLinks = (page: Page) => page.getByRole('link', { name: /^[\d,]+\s*: stock and ledger of / })

/** The stock page of the n-th counted SKU of the seller's first store. */
async function openStockPage(page: Page, nth: number): Promise<string> {
  await page.goto('/seller/stores')
  await page
    .getByRole('link', { name: /^Products/ })
    .first()
    .click()
  const link = stockLinks(page).nth(nth)
  await expect(link).toBeVisible()
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: /^Stock of / })).toBeVisible()
  return page.url()
}

const figure = async (page: Page) =>
  Number((await page.getByTestId('stock-figure').innerText()).replace(/\D/g, ''))

async function adjust(
  page: Page,
  mode: 'Add' | 'Remove' | 'Set the stock to',
  quantity: number,
  reason: string,
) {
  await page.getByRole('radio', { name: mode, exact: true }).check()
  await page.getByLabel('Quantity').fill(String(quantity))
  await page.getByLabel('Reason').selectOption({ label: reason })
  await page.getByRole('button', { name: 'Save the change' }).click()
}

test('the seller adjusts a SKU with a reason and sees it in the ledger; a stale tab gets a 409', async ({
  page,
  context,
}) => {
  await signIn(context, 'seller')
  const url = await openStockPage(page, 0)
  const before = await figure(page)
  const stale = await context.newPage()
  await stale.goto(url)
  await expect(stale.getByTestId('stock-figure')).toHaveText(new RegExp(before.toLocaleString('en-US')))

  await adjust(page, 'Add', 5, 'Goods received')
  await expect(page.getByText(`Stock is now ${(before + 5).toLocaleString('en-US')}`)).toBeVisible()
  await expect.poll(() => figure(page)).toBe(before + 5)
  const ledger = page.getByRole('table', { name: /Stock ledger/ })
  const latest = ledger.getByRole('row').nth(1)
  await expect(latest).toContainText('Adjustment')
  await expect(latest).toContainText('+5')
  await expect(latest).toContainText('Goods received')
  await expect(latest).toContainText((before + 5).toLocaleString('en-US'))
  await page.screenshot({ path: 'test-results/screens/stock-page.png', fullPage: true })

  // The other tab still shows the old figure: its change is refused, and the new figure shown.
  await adjust(stale, 'Remove', 1, 'Damaged or expired')
  await expect(
    stale.getByText(
      `The stock changed while you were editing: it is now ${(before + 5).toLocaleString('en-US')}`,
    ),
  ).toBeVisible()
  await expect.poll(() => figure(stale)).toBe(before + 5)

  // "Other" needs a note.
  await adjust(page, 'Remove', 1, 'Other (explain in the note)')
  await expect(page.getByText('Say what happened in the note')).toBeVisible()
  await stale.close()
})

test('the observer adjusts stock too', async ({ page, context }) => {
  await signIn(context, 'observer')
  await openStockPage(page, 1)
  const before = await figure(page)
  await adjust(page, 'Remove', 1, 'Damaged or expired')
  await expect.poll(() => figure(page)).toBe(before - 1)
  await expect(
    page
      .getByRole('table', { name: /Stock ledger/ })
      .getByRole('row')
      .nth(1),
  ).toContainText('−1')
})

test('another seller’s SKU code is the 404 page', async ({ page, context }) => {
  await signIn(context, 'seller')
  const response = await page.goto('/seller/inventory/stock/NOT-A-REAL-SKU-0000')
  expect(response?.status()).toBe(404)
})

test('the inventory table filters to low stock, opens a SKU’s ledger, and pauses and activates selected SKUs', async ({
  page,
  context,
}) => {
  await signIn(context, 'seller')
  await page.goto('/seller/inventory')
  await expect(page).toHaveURL('/seller/inventory')
  const table = page.getByRole('table', { name: 'Inventory' })
  const count = page.getByTestId('inventory-count')
  await expect(count).toHaveText(/^[\d,]+ SKUs?$/)
  const all = Number((await count.innerText()).replace(/\D/g, ''))

  await page.getByRole('combobox', { name: 'Stock' }).selectOption('low')
  await expect(page).toHaveURL(/stock=low/)
  await expect.poll(async () => Number((await count.innerText()).replace(/\D/g, ''))).toBeLessThan(all)
  const lowLinks = table.getByRole('link', { name: /\(low\): stock and ledger of / })
  const rows = await table.getByRole('row').count()
  expect(await lowLinks.count()).toBe(rows - 1)

  // Sorting by a column header goes to the server and into the URL.
  await table.getByRole('button', { name: /^Stock/ }).click()
  await expect(page).toHaveURL(/sort=stock/)

  await page
    .getByRole('checkbox', { name: /^Select (?!every)/ })
    .nth(0)
    .check()
  await page
    .getByRole('checkbox', { name: /^Select (?!every)/ })
    .nth(1)
    .check()
  const selection = page.getByRole('group', { name: 'Selected SKUs' })
  await expect(selection).toContainText('2 selected')
  await selection.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByText('2 SKUs paused')).toBeVisible()
  await page.getByRole('combobox', { name: 'Status' }).selectOption('inactive')
  await expect(table.getByRole('row')).not.toHaveCount(1)
  await page.getByRole('checkbox', { name: 'Select every SKU on this page' }).check()
  await page.getByRole('group', { name: 'Selected SKUs' }).getByRole('button', { name: 'Activate' }).click()
  await expect(page.getByText(/SKUs? activated/)).toBeVisible()

  await page.goto('/seller/inventory?stock=low')
  await table
    .getByRole('link', { name: /stock and ledger of / })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: /^Stock of / })).toBeVisible()
})
