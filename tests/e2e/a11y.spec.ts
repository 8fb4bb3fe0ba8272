import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'
import { landingPageSpecs } from '~/features/demo/data/landing-pages'
import { signIn, type DemoAccountKey } from './support/auth'

/**
 * Accessibility (issue #22): axe checks every page of the route tree at 1280 and 390 px as the role
 * that uses it (public pages as a guest, /buyer and the basket as the demo buyer, /seller as the
 * demo seller, /admin as the admin; the home page and the listing also as each signed-in role, since
 * their header differs). It fails on any serious or critical violation, and on the moderate
 * heading-order and landmark rules the issue named, listing each with its page, width and elements.
 *
 * The page list is read from the generated route tree, so a new page joins without editing this
 * file. A page with parameters takes them from a link seen on an earlier page of the same role (the
 * first order in the list, the first store...); a page no link reaches must be given below, or the
 * test fails naming it. One browser context per role, one tab reused, both widths on one load.
 */

type Role = 'guest' | Extract<DemoAccountKey, 'buyer' | 'seller' | 'admin'>

/** Moderate rules the issue asked to bring to zero, on top of every serious and critical one. */
const ENFORCED_MODERATE = new Set([
  'heading-order',
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'landmark-complementary-is-top-level',
])

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]

/** Routes that are not pages (files, feeds, redirects-only) or need state no link in the seed reaches. */
const NOT_PAGES: Record<string, string> = {
  '/magazine/$identify': 'the seed publishes no magazine; magazines.spec makes one and checks its page',
  '/seller/magazines/$magazineId/edit': 'the seed has no magazine (see magazines.spec)',
  '/seller/magazines/$magazineId/products': 'the seed has no magazine (see magazines.spec)',
  '/payment/$session':
    'a payment session exists only mid-checkout; checkout.spec and payment.spec cover the bank page',
}

/** Parameters no page links to. */
const FIXED: Record<string, string> = {
  '/dev/status/$code': '/dev/status/404',
  '/landing/$slug': `/landing/${landingPageSpecs[0]!.slug}`,
  // The review queue links here only when a seller has a product waiting; the seed has none.
  '/admin/products/$productId': '/admin/products/1',
}

function routePaths(): string[] {
  const source = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8')
  const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? ''
  return [...block.matchAll(/^\s*'([^']+)':/gm)]
    .map((m) => m[1]!)
    .filter((p) => !/^\/(api|media|sitemaps)(\/|$)/.test(p) && !/\.[a-z]+$/.test(p))
    .map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p))
}

function roleOf(path: string): Role {
  if (path.startsWith('/admin')) return 'admin'
  if (path.startsWith('/seller')) return 'seller'
  if (path.startsWith('/buyer') || path.startsWith('/cart')) return 'buyer'
  return 'guest'
}

const pagesFor = (role: Role) => {
  const own = routePaths().filter((p) => roleOf(p) === role && !(p in NOT_PAGES))
  // Signed-in roles see the public header and listing too.
  return role === 'guest' ? own : ['/', '/product', ...own]
}

const paramCount = (path: string) => (path.match(/\$/g) ?? []).length

function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) => (part.startsWith('$') ? '[^/?#]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${source}$`)
}

interface Finding {
  url: string
  width: number
  rule: string
  impact: string
  help: string
  targets: string[]
}

function findingsOf(results: AxeResults, url: string, width: number): Finding[] {
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ENFORCED_MODERATE.has(v.id))
    .map((v) => ({
      url,
      width,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')}  ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }))
}

function report(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `[${f.impact}] ${f.rule} on ${f.url} at ${f.width}px: ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`,
    )
    .join('\n')
}

async function collectLinks(page: Page, into: Set<string>) {
  const hrefs = await page
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname))
  for (const href of hrefs) into.add(href)
}

async function audit(page: Page, url: string, links: Set<string>): Promise<Finding[]> {
  await page.setViewportSize(WIDTHS[0]!)
  const response = await page.goto(url, { waitUntil: 'load' })
  expect(response?.status() ?? 0, `${url} answers`).toBeLessThan(url.startsWith('/dev/status') ? 500 : 400)
  // Pages rendered only in the browser draw their heading after load.
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined)
  await collectLinks(page, links)
  const findings: Finding[] = []
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    const results = await new AxeBuilder({ page }).analyze()
    findings.push(...findingsOf(results, url, size.width))
  }
  return findings
}

/** The checkout page is reached from the basket, so the buyer's basket holds one line. */
async function basketHoldsALine(request: APIRequestContext) {
  const listing = (await (await request.get('/api/products?per_page=12&in_stock=true')).json()) as {
    data: { slug: string }[]
  }
  const { data } = (await (await request.get(`/api/products/${listing.data[0]!.slug}`)).json()) as {
    data: { offers: { sku: string; minQuantity: number }[] }
  }
  const offer = data.offers[0]!
  const added = await request.post('/api/cart/b2b/cart-items', {
    data: { sku: offer.sku, quantity: offer.minQuantity },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  })
  expect(added.status(), await added.text()).toBe(201)
}

/**
 * The demo buyer starts with no address and no ticket, so no link reaches their pages (nor the
 * admin's ticket page): make them through the forms first.
 */
async function buyerHasAnAddress(page: Page) {
  await page.goto('/buyer/profile/address/create')
  await page.getByLabel('Title').fill('Warehouse')
  await page.getByLabel('Province').fill('Tehran')
  await page.getByLabel('City').fill('Tehran')
  await page.getByLabel('Street address').fill('No. 4, Azadi St')
  await page.getByLabel('Postal code').fill('1234567890')
  await page.getByLabel('Receiver name').fill('Sara Ahmadi')
  await page.getByLabel('Receiver mobile').fill('0912 345 6789')
  await page.getByRole('button', { name: 'Add address' }).click()
  await expect(page).toHaveURL('/buyer/profile/address')
}

async function buyerHasATicket(page: Page) {
  await page.goto('/buyer/tickets/create')
  await page.getByLabel('Subject').fill('Crushed cartons')
  await page.getByLabel('Department').selectOption('wholesale')
  await page.getByLabel('Message').fill('Three of the cartons arrived crushed.')
  await page.getByRole('button', { name: 'Open ticket' }).click()
  await expect(page).toHaveURL(/\/buyer\/tickets\/\d+\/show$/)
}

// Not yet in the suite that CI runs: it takes 5 minutes a role on a two-core machine, and the
// buyer's, seller's and admin's runs have not passed yet (issue #22 stays open). `npm run test:a11y`.
test.skip(!process.env.E2E_A11Y, 'run with npm run test:a11y (E2E_A11Y=1)')

for (const role of ['guest', 'buyer', 'seller', 'admin'] as const) {
  test(`axe finds no serious or critical violation on the ${role}'s pages`, async ({ browser }) => {
    test.setTimeout(15 * 60_000)
    const context = await browser.newContext()
    if (role !== 'guest') await signIn(context, role)
    if (role === 'buyer') await basketHoldsALine(context.request)
    const page = await context.newPage()
    if (role === 'buyer') {
      await buyerHasAnAddress(page)
      await buyerHasATicket(page)
    }
    if (role === 'admin') {
      const buyer = await browser.newContext()
      await signIn(buyer, 'buyer')
      await buyerHasATicket(await buyer.newPage())
      await buyer.close()
    }
    const links = new Set<string>()
    const findings: Finding[] = []
    const unreached: string[] = []
    const paths = pagesFor(role).sort((a, b) => paramCount(a) - paramCount(b) || a.length - b.length)
    // A link to a page of its own (`/buyer/addresses/create`) is not a value for a parameter
    // (`/buyer/addresses/$id`).
    const literalPages = new Set(routePaths().filter((p) => paramCount(p) === 0))
    for (const path of paths) {
      let url: string | undefined = FIXED[path] ?? (paramCount(path) === 0 ? path : undefined)
      if (!url) {
        const pattern = patternOf(path)
        url = [...links].find((href) => pattern.test(href) && !literalPages.has(href))
      }
      if (!url) {
        unreached.push(path)
        continue
      }
      const started = Date.now()
      const found = await audit(page, url, links)
      console.log(`${role} ${url}: ${found.length} finding(s) in ${Date.now() - started} ms`)
      if (found.length) console.log(report(found))
      findings.push(...found)
    }
    await context.close()
    expect(unreached, `pages no link reached as ${role}: add them to FIXED or NOT_PAGES`).toEqual([])
    expect(findings, report(findings)).toEqual([])
  })
}
