import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { registerNewUser, signIn } from './support/auth'

/**
 * Issue #19: a new seller on Free opens its one store, is told before trying that a second needs a
 * bigger plan, upgrades to Pro through the sandbox bank, and opens the second store. Screenshots of
 * /subscription and the stores page at 1280 and 390 px go to /tmp/shots-plans.
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

async function openStore(page: Page, name: string) {
  await page.goto('/seller/stores/create')
  await page.getByLabel('Store name').fill(name)
  await page.getByLabel('City').fill('Tabriz')
  await page.getByRole('button', { name: 'Create store' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

test('a seller on Free hits the store limit with a clear message, upgrades to Pro at the bank and opens the store', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const business = `Tabriz Carpets ${Date.now() % 100_000}`
  await registerNewUser(page.context(), { first_name: 'Leila', last_name: 'Sadeghi' })
  await page.goto('/become-a-seller')
  await page.getByRole('textbox', { name: 'Business name' }).fill(business)
  await page.getByRole('textbox', { name: 'National or economic id' }).fill('10101239876')
  await page.getByRole('textbox', { name: 'City' }).fill('Tabriz')
  await page.getByRole('textbox', { name: 'Address' }).fill('3 Imam Street, Tabriz')
  await page.getByRole('combobox', { name: 'Category of goods' }).fill('Home textiles')
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page).toHaveURL('/seller')

  const adminContext = await browser.newContext()
  await signIn(adminContext, 'admin')
  const admin = await adminContext.newPage()
  await admin.goto('/admin/sellers?status=pending')
  const filters = admin.getByRole('search', { name: 'Filter applications' })
  await filters.getByRole('searchbox', { name: 'Search' }).fill(business)
  await filters.getByRole('button', { name: 'Search' }).click()
  await admin.getByRole('button', { name: `Approve ${business}` }).click()
  await admin
    .getByRole('dialog', { name: `Approve ${business}?` })
    .getByRole('button', { name: 'Approve seller' })
    .click()
  await expect(admin.getByText(`${business} is approved`)).toBeVisible()
  await adminContext.close()

  await openStore(page, `${business} Bazaar`)
  await page.goto('/seller/stores')
  const limit =
    'Your Free plan allows 1 store and you have 1. Pro allows 5 stores: upgrade on the Subscription page.'
  await expect(page.getByRole('note')).toContainText(limit)
  await expect(page.getByRole('button', { name: 'New store' })).toBeDisabled()
  await expect(page.getByRole('link', { name: 'New store' })).toHaveCount(0)
  await shoot(page, 'stores-at-limit')

  await page.getByRole('link', { name: 'See plans' }).click()
  await expect(page).toHaveURL('/subscription')
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Subscription' })).toBeVisible()
  const usage = page.getByRole('list', { name: "Usage against your plan's limits" })
  await expect(usage.getByText('1 of 1')).toBeVisible()
  await shoot(page, 'subscription-free')

  await page.getByRole('button', { name: 'Choose Pro, monthly' }).click()
  const dialog = page.getByRole('dialog', { name: 'Pro, monthly' })
  await expect(dialog.getByText('To pay now (VAT included)')).toBeVisible()
  await dialog.getByRole('button', { name: /^Pay / }).click()
  await expect(page).toHaveURL(/\/payment\//)
  await page.getByRole('button', { name: /^Approve payment of/ }).click()

  await expect(page).toHaveURL(/\/subscription\?purchase=PL-\d+/)
  await expect(page.getByRole('status').filter({ hasText: 'Payment received for Pro' })).toBeVisible()
  await expect(page.getByText(/^OMD-\d{4}-\d{6}$/)).toBeVisible()
  await expect(usage.getByText('1 of 5')).toBeVisible()
  await shoot(page, 'subscription-pro')

  await page.goto('/seller/stores')
  await page.getByRole('link', { name: 'New store' }).click()
  await expect(page).toHaveURL('/seller/stores/create')
  await openStore(page, `${business} Annex`)

  await page.goto('/seller/profile')
  await expect(
    page.getByRole('region', { name: 'Subscription' }).getByText('Pro', { exact: true }),
  ).toBeVisible()
  await shoot(page, 'seller-profile')
})

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
