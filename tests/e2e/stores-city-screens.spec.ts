import { expect, test, type Page } from './support/test'
import { signIn } from './support/auth'

/**
 * Screens of the store form with its city combobox, the inventory and a stock ledger at 1280 and
 * 390 px (SHOTS_DIR, default /tmp/shots-stores2/), with what makes each worth looking at: the city
 * list open beside its field, keyboard-reachable on a phone too.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-stores2'

async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('store create and edit with the city list, inventory and a stock ledger at 1280 and 390 px', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await signIn(context, 'seller')
  await page.goto('/seller/stores/create')
  await expect(page.getByRole('heading', { level: 1, name: 'New Store' })).toBeVisible()
  await shoot(page, 'store-create')

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    const city = page.getByRole('combobox', { name: 'City' })
    await city.fill('')
    await city.pressSequentially('kerm')
    const list = page.getByRole('listbox', { name: 'Cities' })
    await expect(list.getByRole('option').first()).toContainText('Kerman')
    // The open list stays inside the screen, beside its field.
    const box = (await list.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(width)
    await city.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/city-open-${width}.png` })
    await city.press('Escape')
  }
  await page.setViewportSize({ width: 1280, height: 900 })

  await page.goto('/seller/stores')
  await page.getByRole('link', { name: /^Edit Tehrani Wholesale Central/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Store' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Tehran')
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveAccessibleDescription(/Tehran province/)
  await shoot(page, 'store-edit')
  // Opened with the arrow key, the whole list shows with the current city highlighted.
  await page.getByRole('combobox', { name: 'City' }).press('ArrowDown')
  await expect(
    page.getByRole('listbox', { name: 'Cities' }).getByRole('option', { selected: true }),
  ).toContainText('Tehran')
  await page.getByRole('combobox', { name: 'City' }).press('Escape')

  await page.goto('/seller/inventory')
  await expect(page.getByRole('table', { name: 'Inventory' })).toBeVisible()
  await shoot(page, 'inventory', { fullPage: false })
  await page
    .getByRole('table', { name: 'Inventory' })
    .getByRole('link', { name: /stock and ledger of / })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: /^Stock of / })).toBeVisible()
  await shoot(page, 'stock-ledger')
})
