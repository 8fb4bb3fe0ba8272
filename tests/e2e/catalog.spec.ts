import { expect, test, type APIRequestContext, type Page } from './support/test'

/**
 * The catalogue (issue #5) in a real browser against the production build and its demo data:
 * listing filters in the URL, the product page's offers, browsing history and the compare drawer.
 */

interface Card {
  slug: string
  name: string
  storeCount: number
}
interface Detail {
  name: string
  offers: { sku: string; storeName: string; tiers: { minQuantity: number }[] }[]
}

async function cards(request: APIRequestContext, query: string): Promise<Card[]> {
  const response = await request.get(`/api/products?${query}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { data: Card[] }).data
}

async function detail(request: APIRequestContext, slug: string): Promise<Detail> {
  return ((await (await request.get(`/api/products/${slug}`)).json()) as { data: Detail }).data
}

/** A product sold by several stores, at least one of them with more than one price tier. */
async function productWithTiers(request: APIRequestContext): Promise<{ slug: string; product: Detail }> {
  for (const card of await cards(request, 'sort=popular&per_page=48')) {
    const product = await detail(request, card.slug)
    if (product.offers.length >= 2 && product.offers.some((o) => o.tiers.length >= 2))
      return { slug: card.slug, product }
  }
  throw new Error('the demo data has no product with several stores and tiers')
}

const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' })
const resultCount = (page: Page) => page.getByTestId('result-count')

test('filters change the URL without a page load; reload keeps them; back restores the previous ones', async ({
  page,
}) => {
  await page.goto('/product')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  // The filters work once the page's JavaScript has taken over the server-rendered HTML.
  await page.waitForLoadState('networkidle')
  const everything = await resultCount(page).innerText()
  // Set on the first document: still there after filtering means no full page load happened.
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))

  await filters(page)
    .getByRole('checkbox', { name: /In stock/ })
    .click()
  await expect(page).toHaveURL(/\/product\?in_stock=true$/)
  await expect(filters(page).getByRole('checkbox', { name: /In stock/ })).toBeChecked()
  await expect(resultCount(page)).not.toHaveText(everything)
  const inStock = await resultCount(page).innerText()

  await page.getByLabel('Sort', { exact: true }).selectOption('price_asc')
  await expect(page).toHaveURL(/\/product\?in_stock=true&sort=price_asc$/)
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
  // The URL changes as the navigation starts; the cards, when the sorted listing has arrived.
  await expect(async () => {
    const prices = await page
      .getByTestId('product-card')
      .evaluateAll((nodes) =>
        nodes.map((n) => Number(/IRR ([\d,]+)/.exec(n.textContent ?? '')?.[1]?.replace(/,/g, ''))),
      )
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  }).toPass()

  await page.reload()
  await expect(filters(page).getByRole('checkbox', { name: /In stock/ })).toBeChecked()
  await expect(page.getByLabel('Sort', { exact: true })).toHaveValue('price_asc')
  await expect(resultCount(page)).toHaveText(inStock)

  await page.goBack()
  await expect(page).toHaveURL(/\/product\?in_stock=true$/)
  await expect(page.getByLabel('Sort', { exact: true })).toHaveValue('relevance')
  await page.goBack()
  await expect(page).toHaveURL(/\/product$/)
  await expect(filters(page).getByRole('checkbox', { name: /In stock/ })).not.toBeChecked()
  await expect(resultCount(page)).toHaveText(everything)
})

test('a bad filter value is the 404 page; tracking parameters are ignored', async ({ page }) => {
  for (const query of ['sort=cheapest', 'min_price=-1', 'per_page=25', 'in_stock=maybe']) {
    const response = await page.goto(`/product?${query}`)
    expect(response?.status(), query).toBe(404)
  }
  await expect(page.getByText('Page Not Found: /product')).toBeVisible()
  const ok = await page.goto('/product?utm_source=newsletter&fbclid=abc&discount=true')
  expect(ok?.status()).toBe(200)
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/product\?discount=true$/)
})

test('the product page shows every store’s offer with its price tiers, and structured data', async ({
  page,
  request,
}) => {
  const { slug, product } = await productWithTiers(request)
  const response = await page.goto(`/product/${slug}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  const rows = page.getByTestId('offer-row')
  await expect(rows).toHaveCount(product.offers.length)
  const stores = product.offers.length
  await expect(
    page.getByText(new RegExp(`^Minimum order from [\\d,]+ units? · ${stores} stores?$`)),
  ).toBeVisible()
  const tiered = product.offers.find((o) => o.tiers.length >= 2)!
  const row = rows.filter({ hasText: tiered.storeName })
  for (const tier of tiered.tiers) {
    await expect(
      row.getByText(`From ${tier.minQuantity} unit${tier.minQuantity === 1 ? '' : 's'}:`),
    ).toBeVisible()
  }
  await expect(row.getByRole('button', { name: 'Add to basket' })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(product.name))
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/product/${slug}$`))
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(product.name))
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  )
  expect(jsonLd).toMatchObject({
    '@type': 'Product',
    name: product.name,
    offers: { '@type': 'AggregateOffer', offerCount: product.offers.length },
  })

  const missing = await page.goto('/product/no-such-product-here')
  expect(missing?.status()).toBe(404)
})

test('browsing history keeps the last 10 products, newest first', async ({ page, request }) => {
  const visited = (await cards(request, 'sort=newest&per_page=12')).slice(0, 11)
  for (const card of visited) {
    await page.goto(`/product/${card.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: card.name })).toBeVisible()
    // The visit is recorded in the browser once the page is interactive.
    await page.waitForFunction(
      (slug) =>
        (JSON.parse(localStorage.getItem('historyItems') ?? '[]') as { slug: string }[])[0]?.slug === slug,
      card.slug,
    )
  }
  await page.goto('/browse-history')
  const items = page.getByRole('main').getByRole('listitem')
  await expect(items).toHaveCount(10)
  const expected = visited
    .slice(1)
    .reverse()
    .map((c) => c.name)
  await expect(items.getByRole('link')).toHaveText(expected)

  await items
    .first()
    .getByRole('button', { name: /Remove/ })
    .click()
  await expect(items).toHaveCount(9)
  await page.getByRole('button', { name: 'Clear history' }).click()
  await expect(page.getByText('No products viewed yet')).toBeVisible()
})

test('compare takes four products side by side and refuses a fifth with a warning', async ({ page }) => {
  await page.goto('/product?sort=newest')
  const buttons = page.getByTestId('product-card').getByRole('button', { name: /to compare$/ })
  for (let i = 0; i < 4; i++) await buttons.nth(i).click()
  await expect(page.getByRole('button', { name: 'Compare, 4 products' })).toBeVisible()
  await buttons.nth(4).click()
  await expect(page.getByText('You can compare up to 4 products')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Compare, 4 products' })).toBeVisible()

  await page.getByRole('button', { name: 'Compare, 4 products' }).click()
  const table = page.getByTestId('compare-table')
  await expect(table.getByRole('columnheader')).toHaveCount(4)
  for (const label of ['Lowest price', 'MOQ', 'Brand', 'Category'])
    await expect(table.getByRole('rowheader', { name: label })).toBeVisible()
  await expect(table).toContainText(/IRR [\d,]+/)

  await page.reload()
  await expect(page.getByRole('button', { name: 'Compare, 4 products' })).toBeVisible()
})

test('the search box suggests as you type and opens a suggestion from the keyboard', async ({ page }) => {
  await page.goto('/')
  const box = page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true }).first()
  await box.fill('dishwa')
  const options = page
    .getByRole('listbox', { name: 'Suggestions' })
    .filter({ visible: true })
    .getByRole('option')
  await expect(options.first()).toBeVisible()
  await box.press('ArrowDown')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/(category|product)/)
})

test('a search in Persian finds the product, whose page shows its Persian name', async ({ page }) => {
  await page.goto('/')
  const search = page.getByRole('search').filter({ visible: true }).first()
  // «روغن آفتابگردان» (sunflower oil) as an Arabic keyboard types it: ي for ی.
  await search.getByRole('combobox', { name: 'Search products' }).fill('روغن آفتابگردان'.replaceAll('ی', 'ي'))
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/product\?q=/)
  const card = page.getByTestId('product-card').first()
  await expect(card).toContainText('Sunflower Oil')
  await card.getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sunflower Oil')
  const persian = page.locator('p[lang="fa"]')
  await expect(persian).toContainText('روغن آفتابگردان')
  await expect(persian).toHaveAttribute('dir', 'rtl')
})

test('category, landing and SEO pages', async ({ page, request }) => {
  await page.goto('/category')
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible()
  await page.getByTestId('category-tree').getByRole('link').first().click()
  await expect(page).toHaveURL(/\/category\/[a-z0-9-]+$/)
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  expect((await page.goto('/category/no-such-category'))?.status()).toBe(404)

  const landing = await page.goto('/landing/back-to-school')
  expect(landing?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/school/i)
  expect((await page.goto('/landing/no-such-landing'))?.status()).toBe(404)

  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.headers()['content-type']).toContain('xml')
  expect(await sitemap.text()).toContain('/sitemaps/products-1.xml')
  expect(await (await request.get('/robots.txt')).text()).toMatch(/Sitemap: .*\/sitemap\.xml/)
})
