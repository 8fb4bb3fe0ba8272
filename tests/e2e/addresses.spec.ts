import { expect, test, type Page, type TestInfo } from './support/test'
import { signIn } from './support/auth'

/** Buyer addresses (issue #7 item 1) in a real browser: add, make default, edit, delete. */

/** The page at a desktop and a phone width, kept with the test's output for review. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

async function fillAddress(page: Page, values: { title: string; postal: string; street: string }) {
  await page.getByLabel('Title').fill(values.title)
  await page.getByLabel('Province').fill('Tehran')
  await page.getByLabel('City').fill('Tehran')
  await page.getByLabel('Street address').fill(values.street)
  await page.getByLabel('Postal code').fill(values.postal)
  await page.getByLabel('Receiver name').fill('Sara Ahmadi')
  await page.getByLabel('Receiver mobile').fill('0912 345 6789')
}

test('a buyer adds two addresses, makes the second the default, edits one and deletes one', async ({
  page,
}, testInfo) => {
  const run = Date.now() % 100_000
  const warehouse = `Warehouse ${run}`
  const shop = `Shop ${run}`
  await signIn(page.context(), 'buyer')

  await page.goto('/buyer/profile/address/create')
  await fillAddress(page, { title: warehouse, postal: '123456789', street: 'No. 4, Azadi St' })
  await page.getByRole('button', { name: 'Add address' }).click()
  // Nine digits: the message shows beside the field, which gets focus.
  const postal = page.getByLabel('Postal code')
  await expect(page.getByText('Enter the 10-digit postal code')).toBeVisible()
  await expect(postal).toHaveAttribute('aria-invalid', 'true')
  await expect(postal).toBeFocused()
  await screenshots(page, testInfo, 'address-form-error')
  // Persian digits and a dash are accepted and stored as ten digits.
  await postal.fill('۱۲۳۴۵-۶۷۸۹۰')
  await page.getByRole('button', { name: 'Add address' }).click()
  await expect(page).toHaveURL('/buyer/profile/address')
  const list = page.getByRole('list', { name: 'Addresses' })
  const first = list.getByRole('listitem', { name: warehouse })
  await expect(first).toContainText('1234567890')
  await expect(first).toContainText('+989123456789')

  await page.getByRole('link', { name: 'Add an address' }).click()
  await fillAddress(page, { title: shop, postal: '98765 43210', street: 'No. 9, Enghelab St' })
  await page.getByRole('button', { name: 'Add address' }).click()
  await expect(page).toHaveURL('/buyer/profile/address')
  const second = list.getByRole('listitem', { name: shop })
  await expect(second).toBeVisible()

  await second.getByRole('button', { name: `Make ${shop} the default` }).click()
  await expect(second.getByText('Default', { exact: true })).toBeVisible()
  await expect(first.getByText('Default', { exact: true })).toHaveCount(0)
  await expect(list.getByText('Default', { exact: true })).toHaveCount(1)
  await screenshots(page, testInfo, 'address-list')

  await first.getByRole('link', { name: `Edit ${warehouse}` }).click()
  await expect(page.getByRole('heading', { name: 'Edit Address' })).toBeVisible()
  await page.getByLabel('Title').fill(`${warehouse} North`)
  await page.getByRole('button', { name: 'Save address' }).click()
  await expect(page).toHaveURL('/buyer/profile/address')
  const edited = list.getByRole('listitem', { name: `${warehouse} North` })
  await expect(edited).toBeVisible()

  await edited.getByRole('button', { name: `Delete ${warehouse} North` }).click()
  const dialog = page.getByRole('dialog', { name: `Delete ${warehouse} North?` })
  await dialog.getByRole('button', { name: 'Delete address' }).click()
  await expect(dialog).toBeHidden()
  await expect(edited).toHaveCount(0)
  await expect(second.getByText('Default', { exact: true })).toBeVisible()
})
