import { expect, test, type Page } from './support/test'
import { signIn } from './support/auth'
import { demoOrderNumbers } from '~/features/demo/data/demo-accounts'

/**
 * Long text people type does not push a page sideways on a phone (issue #36): paths and words
 * come from anyone, names and subjects from users, and none of them need spaces. Such text wraps
 * (or a table scrolls inside its own box); the page itself is never wider than the screen, and the
 * whole value can still be read.
 */

test.use({ viewport: { width: 390, height: 844 } })

const unbroken = (label: string, length = 160) => `${label}${'x'.repeat(length)}${Date.now()}`

async function expectFitsScreen(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `${label} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0)
}

/**
 * Puts a long unbroken word into every text of the page's lists and tables, as long names, notes
 * and search words would be (the demo data has none so long).
 */
async function lengthenListTexts(page: Page) {
  const changed = await page.locator('main').evaluate((main) => {
    let count = 0
    for (const element of main.querySelectorAll('td, th, li a, li span, li p, dd')) {
      const text = [...element.childNodes].find((node) => node.nodeType === 3 && node.textContent!.trim())
      // Labels the app keeps on one line (statuses, tabs) are its own words, not typed text.
      if (!text || getComputedStyle(element).whiteSpace !== 'normal') continue
      text.textContent = `${text.textContent}-${'w'.repeat(120)}`
      count++
    }
    return count
  })
  expect(changed).toBeGreaterThan(0)
}

test('long analytics paths and search words fit /admin/analytics on a phone', async ({ page, context }) => {
  const path = `/${unbroken('journey-path-')}`
  const search = `/product?q=${unbroken('search-')}`
  // The page lists the most viewed routes, and the journeys before this one view many pages: the long
  // path is viewed often enough to lead the list (two full batches, from an address of its own so
  // the per-client limit the other journeys share is not touched).
  for (const batch of [0, 1]) {
    const stored = await context.request.post('/api/analytics/events', {
      headers: { 'x-forwarded-for': `203.0.113.${36 + batch}` },
      data: {
        visitId: `long-text-${Date.now()}-${batch}`,
        events: [
          ...Array.from({ length: 49 }, () => ({ name: 'page_view', path, occurredAt: Date.now() })),
          { name: 'page_view', path: search, occurredAt: Date.now() },
        ],
      },
    })
    expect(stored.status()).toBe(202)
  }
  await signIn(context, 'admin')
  await page.goto('/admin/analytics')
  const byRoute = page.getByRole('region', { name: 'Page views by route' })
  // The whole path is on the page (wrapped), not cut.
  await expect(byRoute.getByText(path, { exact: true })).toBeVisible()
  await expectFitsScreen(page, '/admin/analytics')
})

test('a ticket subject without spaces fits the buyer and admin ticket lists', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const subject = unbroken('Subject-', 100)
  await signIn(page.context(), 'buyer')
  await page.goto('/buyer/tickets/create')
  await page.getByLabel('Subject').fill(subject)
  await page.getByLabel('Department').selectOption('wholesale')
  await page.getByLabel('Order reference').fill(demoOrderNumbers.completed)
  await page.getByLabel('Message').fill(unbroken('Message-'))
  await page.getByRole('button', { name: 'Open ticket' }).click()
  await expect(page).toHaveURL(/\/buyer\/tickets\/\d+\/show$/)
  await expectFitsScreen(page, 'the ticket')
  await page.goto('/buyer/tickets')
  await expect(page.getByText(subject)).toBeVisible()
  await expectFitsScreen(page, '/buyer/tickets')

  const admin = await browser.newPage({ viewport: { width: 390, height: 844 } })
  await signIn(admin.context(), 'admin')
  await admin.goto('/admin/tickets')
  await expect(admin.getByText(subject)).toBeVisible()
  await expectFitsScreen(admin, '/admin/tickets')
  await admin.close()
})

for (const { who, paths } of [
  { who: 'admin', paths: ['/admin/sellers', '/admin/orders', '/admin/users', '/admin/audit'] },
  { who: 'seller', paths: ['/seller/orders', '/seller/inventory', '/seller/stores'] },
  { who: 'buyer', paths: ['/buyer/orders', '/buyer/invoices'] },
] as const) {
  test(`long names and notes in ${who} lists and tables keep the page on screen`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    await signIn(context, who)
    for (const path of paths) {
      await page.goto(path)
      await expectFitsScreen(page, path)
      await lengthenListTexts(page)
      await expectFitsScreen(page, `${path} with long text`)
    }
  })
}
