import { expect, test, type APIRequestContext, type Page } from './support/test'

/**
 * The public store page (issue #15) against the production build and its demo data: reached from a
 * product's offers, it shows who the seller is and only that store's products, and its filters stay
 * on /store/{slug}.
 */

interface Store {
  slug: string
  name: string
  city: string
  sellerName: string
  logo: string | null
  productCount: number
  memberSince: string
}
interface Listing {
  data: { slug: string; name: string }[]
  meta: { total: number }
  facets: { brands: { slug: string; name: string; count: number }[] }
}

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path)
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

/** A store with products of several brands, and one of its products that other stores sell too. */
async function storeWithSharedProduct(request: APIRequestContext) {
  const { data: stores } = await get<{ data: Store[] }>(request, '/api/stores?per_page=48')
  for (const store of stores) {
    const listing = await get<Listing>(request, `/api/products?store=${store.slug}&per_page=48`)
    if (listing.facets.brands.filter((b) => b.count > 0).length < 2) continue
    for (const card of listing.data) {
      const { data: product } = await get<{ data: { offers: { storeSlug: string }[] } }>(
        request,
        `/api/products/${card.slug}`,
      )
      if (product.offers.length >= 2) return { store, listing, product: card }
    }
  }
  throw new Error('the demo data has no store with several brands and a product sold elsewhere too')
}

const resultCount = (page: Page) => page.getByTestId('result-count')
const countText = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'product' : 'products'}`
const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' })
/** Where the page is: its path, the brand filter (a JSON list in the URL) and the sort. */
function urlOf(page: Page) {
  const url = new URL(page.url())
  const brands = url.searchParams.get('brand')
  return {
    path: url.pathname,
    brand: brands === null ? null : (JSON.parse(brands) as string[]).join(','),
    sort: url.searchParams.get('sort'),
  }
}
const cardSlugs = (page: Page) =>
  page
    .getByTestId('product-card')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!.replace(/^\/product\//, '')))

test('a store name on an offer opens the store page: its header and only its products', async ({
  page,
  request,
}) => {
  const { store, listing, product } = await storeWithSharedProduct(request)
  await page.goto(`/product/${product.slug}`)
  await page.waitForLoadState('networkidle')
  const row = page.getByTestId('offer-row').filter({ hasText: store.name })
  await row.getByRole('link', { name: store.name }).click()

  await expect(page).toHaveURL(new RegExp(`/store/${store.slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: store.name })).toBeVisible()
  const header = page.getByTestId('store-header')
  await expect(header).toContainText(store.city)
  await expect(header).toContainText(store.sellerName)
  const month = new Intl.DateTimeFormat('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Tehran',
  }).format(new Date(store.memberSince))
  await expect(header.getByText(month)).toBeVisible()
  if (store.logo) await expect(page.getByRole('img', { name: `${store.name} logo` })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(store.name))

  // Only this store's products: the count and the first page are the listing filtered to it.
  await expect(resultCount(page)).toHaveText(countText(listing.meta.total))
  expect(listing.meta.total).toBe(store.productCount)
  const firstPage = await get<Listing>(request, `/api/products?store=${store.slug}`)
  await expect(page.getByTestId('product-card')).toHaveCount(firstPage.data.length)
  expect(await cardSlugs(page)).toEqual(firstPage.data.map((c) => c.slug))
  // The store is the page, not a removable filter.
  await expect(page.getByRole('link', { name: /Remove filter Store/ })).toHaveCount(0)
})

test('filters on the store page stay on /store/{slug}', async ({ page, request }) => {
  const { store, listing } = await storeWithSharedProduct(request)
  const brand = listing.facets.brands.find((b) => b.count > 0 && b.count < listing.meta.total)!
  expect(brand, 'a brand that narrows the store listing').toBeTruthy()
  const response = await page.goto(`/store/${store.slug}`)
  expect(response?.status()).toBe(200)
  await page.waitForLoadState('networkidle')

  await filters(page)
    .getByRole('checkbox', { name: new RegExp(`^${brand.name}`) })
    .click()
  // The router writes the brand list in its own array form (as on /product): read it back decoded.
  await expect
    .poll(() => urlOf(page))
    .toEqual({ path: `/store/${store.slug}`, brand: brand.slug, sort: null })
  await expect(resultCount(page)).toHaveText(countText(brand.count))
  const filtered = await get<Listing>(request, `/api/products?store=${store.slug}&brand=${brand.slug}`)
  expect(await cardSlugs(page)).toEqual(filtered.data.map((c) => c.slug))

  await page.getByLabel('Sort', { exact: true }).selectOption('price_asc')
  await expect
    .poll(() => urlOf(page))
    .toEqual({ path: `/store/${store.slug}`, brand: brand.slug, sort: 'price_asc' })

  // Removing the brand chip goes back to the whole store, still on its page. (The URL changes at
  // once; the page, its chips with it, once the sorted listing has loaded: wait for that.)
  const chip = page.getByRole('link', { name: `Remove filter ${brand.name}` })
  await expect(chip).toHaveAttribute('href', /sort=price_asc/)
  await chip.click()
  await expect(page).toHaveURL(new RegExp(`/store/${store.slug}\\?sort=price_asc$`))
  await expect(resultCount(page)).toHaveText(countText(listing.meta.total))
  await expect(page.getByRole('heading', { level: 1, name: store.name })).toBeVisible()
})

test('an unknown store, or a bad filter value, is the 404 page', async ({ page, request }) => {
  const missing = await page.goto('/store/no-such-store-here')
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Error 404' })).toBeVisible()

  const { data: stores } = await get<{ data: Store[] }>(request, '/api/stores?per_page=12')
  const bad = await page.goto(`/store/${stores[0]!.slug}?page=0`)
  expect(bad?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Error 404' })).toBeVisible()
})
