import { readFileSync } from 'node:fs'
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from './support/test'
import type { AxeResults } from 'axe-core'
import { landingPageSpecs } from '~/features/demo/data/landing-pages'
import { LOCALE_COOKIE } from '~/lib/i18n'
import * as m from '~/paraglide/messages'
import { signIn, type DemoAccountKey } from './support/auth'
import { axeViolations } from './support/axe'

/**
 * Accessibility (issue #22): axe checks every page of the route tree in both locales (Persian, right
 * to left, and English: the `locale` cookie a visitor's choice sets, so the server's default does not
 * matter), at 1280 and 390 px, as the role that uses it (public pages as a guest, /buyer and the
 * basket as the demo buyer, /seller as the demo seller, /admin as the admin; the home page and the
 * listing also as each signed-in role, since their header differs). It fails on any serious or
 * critical violation, and on the moderate heading-order and landmark rules the issue named, listing
 * each with its page, width, locale and elements.
 *
 * The page list is read from the generated route tree, so a new page joins without editing this
 * file. A page with parameters takes them from a link seen on an earlier page of the same role (the
 * first order in the list, the first store...); a page no link reaches must be given below, or the
 * test fails naming it. One browser context per role and locale, one tab reused, both widths on one
 * load; each page must answer in the locale asked for and have its heading before axe runs. The
 * forms the setup fills are found by their labels' messages in that locale.
 */

type Role = 'guest' | Extract<DemoAccountKey, 'buyer' | 'seller' | 'admin'>
type Locale = 'fa' | 'en'

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
  '/payment/$session':
    'a payment session exists only mid-checkout; checkout.spec and payment.spec cover the bank page',
  '/buyer/lists/$id':
    'the demo buyer has no saved list until they make one from /buyer/lists (issue #41: no e2e spec makes one yet)',
  '/admin/finance/payouts/$payoutBatchId':
    'a payout batch exists only once the week’s batch is made; money.spec makes one and runs axe on its page',
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
  const paths = [...block.matchAll(/^\s*'([^']+)':/gm)]
    .map((match) => match[1]!)
    .filter((p) => !/^\/(api|media|sitemaps)(\/|$)/.test(p) && !/\.[a-z]+$/.test(p))
    .map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p))
  // `/auth` and `/auth/` (a layout and its index) are one page: checked once.
  return [...new Set(paths)]
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
  locale: Locale
  width: number
  rule: string
  impact: string
  help: string
  targets: string[]
}

function findingsOf(
  violations: AxeResults['violations'],
  url: string,
  locale: Locale,
  width: number,
): Finding[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ENFORCED_MODERATE.has(v.id))
    .map((v) => ({
      url,
      locale,
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
        `[${f.impact}] ${f.rule} on ${f.url} in ${f.locale} at ${f.width}px: ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`,
    )
    .join('\n')
}

async function collectLinks(page: Page, into: Set<string>) {
  const hrefs = await page
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname))
  for (const href of hrefs) into.add(href)
}

interface Audit {
  findings: Finding[]
  /** Milliseconds: the load with its heading, then axe at each width. */
  times: number[]
}

async function audit(page: Page, url: string, links: Set<string>, locale: Locale): Promise<Audit> {
  let mark = Date.now()
  const lap = () => -mark + (mark = Date.now())
  await page.setViewportSize(WIDTHS[0]!)
  const response = await page.goto(url, { waitUntil: 'load' })
  expect(response?.status() ?? 0, `${url} answers`).toBeLessThan(url.startsWith('/dev/status') ? 500 : 400)
  await expect(page.locator('html'), `${url} is in ${locale}`).toHaveAttribute('lang', locale)
  // Pages rendered only in the browser draw their heading after load; every page has one.
  await expect(page.locator('h1').first(), `${url} has a heading`).toBeAttached()
  await collectLinks(page, links)
  const times = [lap()]
  const findings: Finding[] = []
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    findings.push(...findingsOf(await axeViolations(page), url, locale, size.width))
    times.push(lap())
  }
  return { findings, times }
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
async function buyerHasAnAddress(page: Page, locale: Locale) {
  // By accessible name, which the required mark (aria-hidden) is not part of.
  const label = (text: string) => page.getByRole('textbox', { name: text, exact: true })
  await page.goto('/buyer/profile/address/create')
  await label(m.account_address_title({}, { locale })).fill('Warehouse')
  await label(m.account_province({}, { locale })).fill('Tehran')
  await label(m.account_city({}, { locale })).fill('Tehran')
  await label(m.account_street({}, { locale })).fill('No. 4, Azadi St')
  await label(m.account_postal_code({}, { locale })).fill('1234567890')
  await label(m.account_receiver_name({}, { locale })).fill('Sara Ahmadi')
  await label(m.account_receiver_mobile({}, { locale })).fill('0912 345 6789')
  await page.getByRole('button', { name: m.account_add_address_submit({}, { locale }) }).click()
  await expect(page).toHaveURL('/buyer/profile/address')
}

async function buyerHasATicket(page: Page, locale: Locale) {
  const label = (text: string) => page.getByRole('textbox', { name: text, exact: true })
  await page.goto('/buyer/tickets/create')
  await label(m.account_subject({}, { locale })).fill('Crushed cartons')
  await page
    .getByRole('combobox', { name: m.account_department({}, { locale }), exact: true })
    .selectOption('wholesale')
  await label(m.account_message({}, { locale })).fill('Three of the cartons arrived crushed.')
  await page.getByRole('button', { name: m.account_open_ticket({}, { locale }) }).click()
  await expect(page).toHaveURL(/\/buyer\/tickets\/\d+\/show$/)
}

/** A browser context that asks for `locale` with the cookie a visitor's choice of language sets. */
async function contextIn(browser: Browser, locale: Locale): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: locale === 'fa' ? 'fa-IR' : 'en-US' })
  const { hostname } = new URL(test.info().project.use.baseURL!)
  await context.addCookies([
    { name: LOCALE_COOKIE, value: locale, domain: hostname, path: '/', sameSite: 'Lax' },
  ])
  return context
}

// Part of the suite CI runs: `npm run test:e2e` runs it after the other specs, on a server of its
// own (its signed-in runs add addresses, tickets and basket lines to the demo accounts), two tests
// at a time; `npm run test:a11y` runs it alone. The eight runs (four roles, two locales) take about
// 16 minutes one after another on a busy two-core machine.
// A form field or button the setup cannot find fails the test in seconds, not at its 15 minutes.
test.describe.configure({ mode: 'parallel' })
test.use({ actionTimeout: 15_000 })

for (const locale of ['en', 'fa'] as const) {
  for (const role of ['guest', 'buyer', 'seller', 'admin'] as const) {
    test(`axe finds no serious or critical violation on the ${role}'s pages in ${locale}`, async ({
      browser,
    }) => {
      test.setTimeout(15 * 60_000)
      const context = await contextIn(browser, locale)
      if (role !== 'guest') await signIn(context, role)
      if (role === 'buyer') await basketHoldsALine(context.request)
      const page = await context.newPage()
      if (role === 'buyer') {
        await buyerHasAnAddress(page, locale)
        await buyerHasATicket(page, locale)
      }
      if (role === 'admin') {
        const buyer = await contextIn(browser, locale)
        await signIn(buyer, 'buyer')
        await buyerHasATicket(await buyer.newPage(), locale)
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
        const { findings: found, times } = await audit(page, url, links, locale)
        console.log(
          `${locale} ${role} ${url}: ${found.length} finding(s); load ${times[0]} ms, axe ${times.slice(1).join(' + ')} ms`,
        )
        if (found.length) console.log(report(found))
        findings.push(...found)
      }
      await context.close()
      expect(unreached, `pages no link reached as ${role}: add them to FIXED or NOT_PAGES`).toEqual([])
      expect(findings, report(findings)).toEqual([])
    })
  }
}
