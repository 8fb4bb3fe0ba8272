import { expect, test } from './support/test'
import { signIn } from './support/auth'

/**
 * Links are named once and cleanly (issue #36): a stock figure's link reads "630: stock and ledger
 * of OMD-…" (no stray space before the colon, in either language), and a magazine card's link names
 * its title once (magazines-journeys checks a card without a cover, whose placeholder shows it).
 */

test('the stock links of the inventory and of a store are named "<figure>: stock and ledger of <SKU>"', async ({
  page,
  context,
}) => {
  await signIn(context, 'seller')
  await page.goto('/seller/inventory')
  const table = page.getByRole('table', { name: 'Inventory' })
  const links = table.getByRole('link', { name: /stock and ledger of / })
  await expect(links.first()).toBeVisible()
  // Any seller's SKU (journeys before this one add their own, such as PWB-…): one word, no space.
  const clean = /^(?:[\d,]+|Always)(?: \(low\))?: stock and ledger of [^\s:]+$/
  for (let i = 0; i < Math.min(5, await links.count()); i++)
    await expect(links.nth(i)).toHaveAccessibleName(clean)
  const sku = (await links.first().getAttribute('data-testid'))!.replace(/^stock-/, '')
  const figure = (await links.first().innerText()).trim()
  await expect(
    table.getByRole('link', { name: `${figure}: stock and ledger of ${sku}`, exact: true }).first(),
  ).toBeVisible()

  await page.goto('/seller/stores')
  await page
    .getByRole('link', { name: /^Products/ })
    .first()
    .click()
  const storeLinks = page.getByRole('link', { name: /stock and ledger of / })
  await expect(storeLinks.first()).toBeVisible()
  await expect(storeLinks.first()).toHaveAccessibleName(
    /^(?:[\d,]+|Always)(?: \(low\))?: stock and ledger of [^\s:]+$/,
  )
})

/** The accessible name starts with the title and does not say it again. */
const namedOnce = (title: string) => {
  const t = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^${t} (?![\\s\\S]*${t})`)
}

test('the magazine cards on /magazine and the home page name each title once', async ({ page }) => {
  for (const path of ['/magazine', '/']) {
    await page.goto(path)
    const cards = page.getByTestId('magazine-card')
    await expect(cards.first()).toBeVisible()
    for (let i = 0; i < (await cards.count()); i++) {
      const card = cards.nth(i)
      const title = (await card.locator('p').first().innerText()).trim()
      await expect(card.getByRole('link')).toHaveAccessibleName(namedOnce(title))
    }
  }
})
