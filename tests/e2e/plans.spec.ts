import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from './support/test'

/**
 * Issue #19: /subscription as a guest sees it. The seller's journey from Free to Pro (the limit, the
 * bank, the new store) is in plus.spec.ts with the buyer's Plus journey. Screenshots at 1280 and
 * 390 px go to /tmp/shots-plans.
 */

const SHOTS = '/tmp/shots-plans'
mkdirSync(SHOTS, { recursive: true })

async function shoot(page: Page, name: string) {
  for (const [label, width, height] of [
    ['1280', 1280, 900],
    ['390', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('a guest sees the plans compared and a way to become a seller', async ({ page }) => {
  await page.goto('/subscription')
  await expect(page.getByRole('listitem', { name: 'Pro' })).toContainText('Stores')
  await page.getByRole('radio', { name: 'Yearly' }).check({ force: true })
  await expect(page.getByRole('listitem', { name: 'Pro' })).toContainText('yearly saves')
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Become a seller', exact: true }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(0)
  await shoot(page, 'subscription-guest')
})
