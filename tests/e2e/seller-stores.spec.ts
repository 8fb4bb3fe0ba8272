import { expect, test } from './support/test'
import sharp from 'sharp'
import { signIn } from './support/auth'

/**
 * Issue #15, the stores part of its journey: the demo approved seller opens a store (slug suggested
 * from the name), sees it with its history, offers a product from it that reaches the buyer's
 * listing, pauses it and the offer leaves the listing; the observer reads stores without changing
 * them; the pending seller is refused.
 */

test('issue #15 journey: the demo seller opens a store, offers an existing and a new product from it, renames one, and pausing it takes both out of the listing', async ({
  page,
  context,
}) => {
  // The whole issue #15 journey: store, two offers, a rename, a pause.
  test.setTimeout(150_000)
  await signIn(context, 'seller')
  await page.goto('/seller/stores')
  await expect(page.getByRole('heading', { level: 1, name: 'Your Stores' })).toBeVisible()
  await page.getByRole('link', { name: 'New store' }).first().click()
  await expect(page).toHaveURL('/seller/stores/create')

  const name = `Playwright Bazaar ${Date.now().toString(36)}`
  await page.getByLabel('Store name').fill(name)
  const slug = page.getByLabel('Store address (slug)')
  await expect(slug).toHaveValue(name.toLowerCase().replaceAll(' ', '-'))
  // The city comes from Iran's list: typed in Persian or English, chosen with the keyboard.
  const city = page.getByRole('combobox', { name: 'City' })
  const cities = page.getByRole('listbox', { name: 'Cities' })
  await city.pressSequentially('اصف')
  await expect(cities.getByRole('option', { selected: true })).toContainText('Isfahan')
  await city.press('Escape')
  await expect(cities).toBeHidden()
  await city.fill('')
  await city.pressSequentially('Isf')
  await expect(cities).toBeVisible()
  const first = cities.getByRole('option').first()
  await expect(first).toContainText('Isfahan')
  await expect(first).toContainText('اصفهان')
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await expect(city).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
  // Down moves to the next match, Up comes back, Enter chooses.
  await city.press('ArrowDown')
  await expect(cities.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true')
  await city.press('ArrowUp')
  await city.press('Enter')
  await expect(city).toHaveValue('Isfahan')
  await expect(cities).toBeHidden()
  await expect(city).toHaveAccessibleDescription(/Isfahan province/)
  await expect(page).toHaveURL('/seller/stores/create')
  await page.getByLabel('Pickup address').fill('No. 12, Chaharbagh St')
  await page.getByLabel('Pickup hours').fill('Sat–Wed 9:00–17:00')
  const logoPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1e8449' } })
    .png()
    .toBuffer()
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng })
  await page.getByRole('button', { name: 'Create store' }).click()

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  // The logo was stored as webp and is served: the image loaded.
  const logo = page.getByRole('img', { name: `${name} logo` })
  await expect(logo).toBeVisible()
  await expect(logo).toHaveAttribute('src', /^\/media\/stores\/u-[0-9a-f]{24}-512\.webp$/)
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByText('No. 12, Chaharbagh St')).toBeVisible()
  await expect(page.getByRole('region', { name: 'History' }).getByText('Store created')).toBeVisible()
  const storePath = new URL(page.url()).pathname
  const storeSlug = (await page.getByRole('link', { name: /^\/store\// }).textContent())!.slice(
    '/store/'.length,
  )

  // The new store offers an existing product, which reaches the buyer's listing at once.
  await page.goto('/seller/stores')
  await page.getByRole('link', { name: `Products of ${name}` }).click()
  await page.getByRole('link', { name: 'Add products' }).click()
  await page.getByLabel('Search the catalogue').fill('tea')
  const match = page.getByRole('list', { name: 'Catalogue matches' }).getByRole('listitem').first()
  const productName = (await match.locator('p').first().textContent())!
  await match.getByRole('button', { name: /^Choose/ }).click()
  const offer = page.getByRole('form', { name: /^Offer / })
  await offer.getByLabel('Stock').fill('25')
  await offer.getByLabel('Unit price (tier 1)').fill('1500000')
  await offer.getByRole('button', { name: 'Put on sale' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Products of/ })).toBeVisible()
  await page.goto(`/product?store=${storeSlug}`)
  await expect(page.getByRole('link', { name: productName }).first()).toBeVisible()

  // The same store creates a new product with two photos and two tiers: both offers are listed.
  await page.goto(storePath.replace(/\/show$/, '/products/add'))
  const create = page.getByRole('form', { name: 'Create a new product' })
  const newName = `Barberry Playwright ${Date.now().toString(36)}`
  await create.getByLabel('Product name').fill(newName)
  await create.getByRole('combobox', { name: /^Category/ }).selectOption({ index: 1 })
  await create.getByLabel('Selling unit').fill('carton of 12 × 250 g')
  const photo = async (file: string, background: string) => ({
    name: file,
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 600, height: 600, channels: 3, background } })
      .png()
      .toBuffer(),
  })
  await create
    .getByLabel('Choose photos')
    .setInputFiles([await photo('front.png', '#b91c1c'), await photo('back.png', '#1d4ed8')])
  await expect(create.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(2)
  await create.getByLabel('Stock').fill('60')
  await create.getByLabel('Unit price (tier 1)').fill('900000')
  await create.getByRole('button', { name: 'Add a tier' }).click()
  await create.getByLabel('From quantity (tier 2)').fill('12')
  await create.getByLabel('Unit price (tier 2)').fill('850000')
  await create.getByRole('button', { name: 'Create and put on sale' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Products of/ })).toBeVisible()
  await page.goto(`/product?store=${storeSlug}`)
  await expect(page.getByRole('link', { name: productName }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: newName }).first()).toBeVisible()

  // Renamed on its edit page, the new product shows under its new name in the listing.
  await page.goto(storePath.replace(/\/show$/, '/products'))
  await page.getByRole('link', { name: new RegExp(`: edit ${newName}$`) }).click()
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible()
  const renamed = `${newName} premium`
  const productForm = page.getByRole('form', { name: 'Product' })
  await productForm.getByLabel('Product name').fill(renamed)
  await productForm.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible()
  await page.goto(`/product?store=${storeSlug}`)
  await expect(page.getByRole('link', { name: renamed }).first()).toBeVisible()

  // Pausing the store takes its offers out of the listing at once.
  await page.goto(storePath)
  await page.getByRole('link', { name: 'Edit store' }).click()
  await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible()
  await expect(page.getByLabel('Remove logo')).not.toBeChecked()
  await page.getByLabel('Status').selectOption('inactive')
  await page.getByRole('button', { name: 'Save store' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('region', { name: 'History' }).getByText('status:')).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/store-show.png', fullPage: true })
  await page.goto(`/product?store=${storeSlug}`)
  await expect(page.getByRole('link', { name: productName })).toHaveCount(0)
  await expect(page.getByRole('link', { name: renamed })).toHaveCount(0)

  await page.goto('/seller/stores/create')
  await page.getByLabel('Store name').fill(name)
  // A city that is not on the list is refused on its field, before anything is sent.
  await page.getByLabel('City').fill('Tehrn')
  await page.getByRole('button', { name: 'Create store' }).click()
  await expect(page.getByLabel('City')).toHaveAccessibleDescription(/Choose the city from the list/)
  await expect(page.getByLabel('City')).toBeFocused()
  await page.getByLabel('City').fill('Tehran')
  await page.getByRole('button', { name: 'Create store' }).click()
  await expect(page.getByText('This address is already taken; choose another')).toBeVisible()
})

test('the observer reads the stores without changing them', async ({ page, context }) => {
  await signIn(context, 'observer')
  await page.goto('/seller/stores')
  await expect(page.getByRole('heading', { level: 1, name: 'Your Stores' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'New store' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Edit (?!Profile)/ })).toHaveCount(0)
  // Typed addresses show a note, not a form the server would refuse.
  await page.goto('/seller/stores/create')
  await expect(page.getByRole('note')).toContainText('Only the seller’s owner can open a store')
  await expect(page.getByRole('button', { name: 'Create store' })).toHaveCount(0)
  await page.goto('/seller/stores')
  await page.getByRole('link', { name: /^Overview of Tehrani Wholesale Central/ }).click()
  await page.goto(page.url().replace(/\/show$/, '/edit'))
  await expect(page.getByRole('note')).toContainText('Only the seller’s owner can change a store')
  await expect(page.getByRole('button', { name: 'Save store' })).toHaveCount(0)
})

test('the pending seller is refused the stores', async ({ page, context }) => {
  await signIn(context, 'pendingSeller')
  await page.goto('/seller/stores')
  await expect(page.getByRole('heading', { level: 1, name: 'Your Stores' })).toHaveCount(0)
})

test('the demo seller offers an existing catalogue product from a store with two tiers', async ({
  page,
  context,
}) => {
  await signIn(context, 'seller')
  await page.goto('/seller/stores')
  await page.getByRole('link', { name: /^Products of Tehrani Wholesale Central/ }).click()
  await page.getByRole('link', { name: 'Add products' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Add Products' })).toBeVisible()
  await page.getByLabel('Search the catalogue').fill('tea')
  const matches = page.getByRole('list', { name: 'Catalogue matches' })
  await matches
    .getByRole('button', { name: /^Choose/ })
    .first()
    .click()
  // The page also holds the "Create a new product" form, with fields of the same names.
  const offer = page.getByRole('form', { name: /^Offer / })
  await offer.getByLabel('Stock').fill('30')
  await offer.getByLabel('Unit price (tier 1)').fill('2000000')
  await offer.getByRole('button', { name: 'Add a tier' }).click()
  await offer.getByLabel('From quantity (tier 2)').fill('10')
  await offer.getByLabel('Unit price (tier 2)').fill('1800000')
  await offer.getByRole('button', { name: 'Put on sale' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Products of/ })).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/store-products.png', fullPage: true })
})

test('the demo seller deletes an empty store, and a store with open orders is kept with the reason', async ({
  page,
  context,
}) => {
  await signIn(context, 'seller')
  // The demo orders (paid, accepted) come from the demo seller's first store.
  await page.goto('/seller/stores')
  await page.getByRole('link', { name: /^Edit Tehrani Wholesale Central/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Store' })).toBeVisible()
  await page.getByRole('button', { name: 'Delete store' }).click()
  const refuse = page.getByRole('alertdialog', { name: /^Delete “Tehrani Wholesale Central”/ })
  await expect(refuse.getByRole('button', { name: 'Keep it' })).toBeFocused()
  await refuse.getByRole('button', { name: 'Delete store' }).click()
  await expect(refuse).toBeHidden()
  await expect(page.getByRole('alert').filter({ hasText: 'This store has open orders' })).toHaveText(
    'This store has open orders: pause it instead of deleting it',
  )
  await expect(page).toHaveURL(/\/seller\/stores\/\d+\/edit$/)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.screenshot({ path: `/tmp/shots-stores/store-edit-delete-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })

  // An empty store goes, with a toast, back to the list.
  const name = `Short-lived ${Date.now().toString(36)}`
  await page.goto('/seller/stores/create')
  await page.getByLabel('Store name').fill(name)
  await page.getByLabel('City').fill('Tehran')
  await page.getByRole('button', { name: 'Create store' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await page.getByRole('link', { name: 'Edit store' }).click()
  await page.getByRole('button', { name: 'Delete store' }).click()
  await page
    .getByRole('alertdialog', { name: `Delete “${name}”?` })
    .getByRole('button', { name: 'Delete store' })
    .click()
  await expect(page).toHaveURL(/\/seller\/stores$/)
  await expect(page.getByText(`${name} deleted`)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Your Stores' })).toBeVisible()
  await expect(page.getByText(name, { exact: true })).toHaveCount(0)
})

test("a store's products open on a URL without the page's default filters", async ({ page, context }) => {
  await signIn(context, 'seller')
  await page.goto('/seller/stores')
  const link = page.getByRole('link', { name: /^Products/ }).first()
  await expect(link).toHaveAttribute('href', /^\/seller\/stores\/\d+\/products$/)
  await link.click()
  await expect(page).toHaveURL(/\/seller\/stores\/\d+\/products$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Opened by address with the defaults written out, the page answers on the short URL.
  const short = new URL(page.url()).pathname
  await page.goto(`${short}?q=&status=all&outOfStock=false&discounted=false&sort=newest&page=1`)
  await expect(page).toHaveURL(new RegExp(`${short}$`))
})
