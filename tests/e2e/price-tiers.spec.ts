import { expect, test, type Page } from './support/test'
import { signIn } from './support/auth'

/**
 * Issue #16, price tiers: from a SKU's stock page the seller opens its tiers, adds a discounted
 * tier that starts tomorrow, and sees it scheduled with the preview of what buyers will pay from
 * then; the observer sees the tiers and the preview but no form and no buttons.
 */

const digits = (text: string) => Number(text.replace(/\D/g, '') || '0')

/** The first counted SKU of the seller's first store, its stock page, then its price tiers. */
async function openTiersPage(page: Page) {
  await page.goto('/seller/stores')
  await page
    .getByRole('link', { name: /^Products/ })
    .first()
    .click()
  await page
    .getByRole('link', { name: /^[\d,]+\s*: stock and ledger of / })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: /^Stock of / })).toBeVisible()
  await page.getByRole('link', { name: 'Price tiers' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Price tiers of / })).toBeVisible()
}

/** The page from the top, then its parts one by one (readable at their own size). */
async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `test-results/screens/${name}.png` })
  const parts = [
    page.getByRole('region', { name: /^Tiers/ }),
    page.getByRole('form', { name: 'New tiers' }),
    page.getByTestId('price-preview').getByRole('region').first(),
  ]
  for (const [i, part] of parts.entries())
    if (await part.count()) await part.screenshot({ path: `test-results/screens/${name}-part${i + 1}.png` })
}

/** Tomorrow 10:00 on Tehran's wall clock, as a datetime-local value and as the page writes it. */
function tomorrowInTehran() {
  const at = new Date(Date.now() + 86_400_000)
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tehran', dateStyle: 'short' }).format(at)
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const shown = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  )
  return { input: `${day}T10:00`, shown: `${shown}, 10:00` }
}

test('the seller adds a discounted tier from tomorrow and sees it scheduled, with the preview', async ({
  page,
  context,
}) => {
  await signIn(context, 'seller')
  await openTiersPage(page)
  const rows = page.locator('[data-testid="tier-row"]:not([data-state="expired"])')
  await expect(rows.first()).toBeVisible()
  // The new tier starts above every minimum and is the cheapest per unit, so the rules accept it.
  let topMinimum = 0
  let cheapest = Number.POSITIVE_INFINITY
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell')
    topMinimum = Math.max(topMinimum, digits(await cells.nth(1).innerText()))
    const unit = digits(await cells.nth(2).innerText())
    const offer = digits(await cells.nth(3).innerText())
    cheapest = Math.min(cheapest, offer > 0 ? offer : unit)
  }
  const minimum = topMinimum * 2 + 10
  const offer = Math.floor((cheapest * 0.9) / 1000) * 1000
  const tomorrow = tomorrowInTehran()

  const form = page.getByRole('form', { name: 'New tiers' })
  await form.getByLabel('From quantity').fill(String(minimum))
  await form.getByLabel('Unit price').fill(String(cheapest))
  await form.getByLabel('Offer price').fill(String(offer))
  await form.getByLabel('Valid from').fill(tomorrow.input)
  await expect(form.getByTestId('tier-0-per-piece')).not.toHaveText('—')

  // The preview follows the form: tomorrow's change, with the discount at the new minimum.
  const preview = page.getByTestId('price-preview')
  const change = preview.getByRole('region', { name: `From ${tomorrow.shown} Tehran` })
  await expect(change).toBeVisible()
  await expect(
    change.getByRole('row', { name: new RegExp(`^${minimum.toLocaleString('en-US')} `) }),
  ).toContainText(offer.toLocaleString('en-US'))

  await page.getByRole('button', { name: 'Save tiers' }).click()
  await expect(page.getByText('Tier saved')).toBeVisible()
  const scheduled = page.locator('[data-testid="tier-row"][data-state="scheduled"]', {
    hasText: minimum.toLocaleString('en-US'),
  })
  await expect(scheduled).toContainText('Scheduled')
  await expect(scheduled).toContainText(tomorrow.shown)
  await expect(scheduled).toContainText(offer.toLocaleString('en-US'))
  // Stored now, the preview still shows tomorrow's change (with the form back to empty).
  await expect(preview.getByRole('heading', { name: `From ${tomorrow.shown} Tehran` })).toBeVisible()
  await shots(page, 'price-tiers-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await shots(page, 'price-tiers-390')
  // On a phone each tier is a card, the new one scheduled too.
  await expect(
    page.locator('[data-testid="tier-card"][data-state="scheduled"]', {
      hasText: `From ${minimum.toLocaleString('en-US')}`,
    }),
  ).toBeVisible()
})

test('the observer sees the tiers and the preview, without the form or buttons', async ({
  page,
  context,
}) => {
  await signIn(context, 'observer')
  await openTiersPage(page)
  await expect(page.locator('[data-testid="tier-row"]').first()).toBeVisible()
  await expect(page.getByTestId('price-preview')).toBeVisible()
  await expect(page.getByText('Only the seller can add or expire price tiers')).toBeVisible()
  await expect(page.getByRole('form', { name: 'New tiers' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Save tiers|Expire now|Withdraw|Duplicate/ })).toHaveCount(0)
  await page.setViewportSize({ width: 390, height: 844 })
  await shots(page, 'price-tiers-observer-390')
})
