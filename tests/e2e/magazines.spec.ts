import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { expect, test, type Page } from './support/test'
import { signIn } from './support/auth'

/**
 * Issue #18, magazines, end to end: the demo seller makes a magazine of two pages and six items,
 * reorders items by keyboard and by dragging, and publishes it (its address is a 404 until then);
 * a guest on a phone finds it on /magazine, adds a page to the basket and sees the items in the
 * basket drawer; the PDF line sheet downloads with the items' names and prices.
 */

const SHOTS = process.env.MAGAZINE_SHOTS_DIR ?? '/tmp/shots-magazines'

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  for (const [label, width] of [
    ['1280', 1280],
    ['390', 390],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

const itemNames = (page: Page, pageIndex: number) =>
  page.getByTestId('magazine-page').nth(pageIndex).getByTestId('magazine-item-name').allInnerTexts()

/** Adds a page and `count` of the seller's live SKUs to it through the picker. */
async function addPageWithItems(page: Page, title: string, count: number, pageCount: number) {
  await page.getByLabel('New page title').fill(title)
  await page.getByRole('button', { name: 'Add page' }).click()
  const sections = page.getByTestId('magazine-page')
  await expect(sections).toHaveCount(pageCount)
  const section = sections.last()
  await section.getByRole('button', { name: /^Add items/ }).click()
  const dialog = page.getByRole('dialog', { name: /^Add items to/ })
  const boxes = dialog.getByRole('checkbox', { disabled: false })
  await expect(boxes.first()).toBeVisible()
  for (let i = 0; i < count; i++) await boxes.nth(i).check()
  await dialog.getByRole('button', { name: `Add ${count} items` }).click()
  await expect(dialog).toBeHidden()
  await expect(section.getByTestId('magazine-item')).toHaveCount(count)
}

test('a seller publishes a magazine; a guest on a phone adds a page to the basket; the PDF holds the items', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  await signIn(context, 'seller')
  const identify = `e2e-magazine-${Date.now().toString(36)}`
  const title = `E2E spring catalogue ${identify.slice(-5)}`

  await page.goto('/seller/magazines/create')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Public address').fill(identify)
  await page.getByLabel('Season').fill('Spring 1406')
  await page.getByLabel('Description').fill('Teas and spices for the new season, by the carton.')
  await shot(page, 'seller-create')
  await page.getByRole('button', { name: 'Create magazine' }).click()
  await expect(page).not.toHaveURL(/\/create$/)

  await page.goto('/seller/magazines')
  await page.getByRole('link', { name: `Pages and items of ${title}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await addPageWithItems(page, 'First picks', 4, 1)
  await addPageWithItems(page, 'More picks', 2, 2)

  // Keyboard: the first item's "move down" button, reached and pressed from the keyboard.
  const before = await itemNames(page, 0)
  const firstPage = page.getByTestId('magazine-page').nth(0)
  await firstPage.getByRole('button', { name: `Move ${before[0]} down` }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => itemNames(page, 0)).toEqual([before[1], before[0], before[2], before[3]])

  // Pointer: drag the last item of the first page above its first.
  const afterKeys = await itemNames(page, 0)
  const handle = firstPage.getByRole('button', { name: `Drag ${afterKeys[3]}` })
  const target = firstPage.getByRole('button', { name: `Drag ${afterKeys[0]}` })
  const from = (await handle.boundingBox())!
  const to = (await target.boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 })
  await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 15 })
  await page.mouse.up()
  await expect
    .poll(() => itemNames(page, 0))
    .toEqual([afterKeys[3], afterKeys[0], afterKeys[1], afterKeys[2]])
  // Saved as it goes: a reload shows the same order.
  await page.reload()
  await expect
    .poll(() => itemNames(page, 0))
    .toEqual([afterKeys[3], afterKeys[0], afterKeys[1], afterKeys[2]])
  const names = [...(await itemNames(page, 0)), ...(await itemNames(page, 1))]
  expect(names).toHaveLength(6)
  await shot(page, 'seller-products')

  // A draft is not public: its page and its PDF are 404s.
  const guest = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  const phone = await guest.newPage()
  expect((await phone.goto(`/magazine/${identify}`))!.status()).toBe(404)
  await expect(phone.getByRole('heading', { level: 1 })).toContainText('404')
  expect((await guest.request.get(`/magazine/${identify}/line-sheet.pdf`)).status()).toBe(404)

  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()

  await page.goto('/seller/magazines')
  await expect(page.getByRole('link', { name: `Line sheet (PDF) of ${title}` })).toBeVisible()
  await shot(page, 'seller-list')
  await page.getByRole('link', { name: `Edit ${title}` }).click()
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await shot(page, 'seller-edit')

  // The guest, on a phone, finds it on /magazine and adds its first page to the basket.
  await phone.goto('/magazine')
  await phone.getByRole('link', { name: new RegExp(title) }).click()
  await expect(phone.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const firstSection = phone.getByTestId('public-magazine-page').first()
  await firstSection.getByRole('button', { name: 'Add this page to basket' }).click()
  const toast = phone.getByText(/Added \d+ items? from First picks/).first()
  await expect(toast).toBeVisible()
  const added = Number((await toast.innerText()).match(/Added (\d+)/)![1])
  expect(added).toBeGreaterThan(0)
  const basket = phone.getByRole('banner').getByRole('button', { name: /^Basket, \d+ items?$/ })
  await expect(basket).toBeVisible()
  await basket.click()
  const drawer = phone.getByRole('dialog', { name: 'Your basket' })
  // Every item the summary counted is in the drawer (an item out of stock is left out, with why).
  await expect
    .poll(async () => {
      let found = 0
      for (const name of names.slice(0, 4))
        found += await drawer.getByRole('link', { name, exact: true }).count()
      return found
    })
    .toBe(added)
  await phone.keyboard.press('Escape')

  // The PDF line sheet: linked from the page, downloads, holds the names and the prices.
  await expect(phone.getByRole('link', { name: 'Line sheet (PDF)' })).toHaveAttribute(
    'href',
    `/magazine/${identify}/line-sheet.pdf`,
  )
  const pdf = await guest.request.get(`${baseURL}/magazine/${identify}/line-sheet.pdf`)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  mkdirSync(SHOTS, { recursive: true })
  writeFileSync(`${SHOTS}/line-sheet.pdf`, await pdf.body())
  const text = execFileSync('pdftotext', ['-raw', `${SHOTS}/line-sheet.pdf`, '-'], { encoding: 'utf8' })
  const flat = (s: string) => s.replace(/[\s\u202a-\u202e]+/g, '')
  for (const name of names) expect(flat(text)).toContain(flat(name))
  expect(text).toMatch(/IRR [\d,]+/)
  expect(text).toMatch(/Prices as of .+ Tehran/)

  await shot(phone, 'public-magazine')
  await phone.goto('/magazine')
  await shot(phone, 'public-list')
  await guest.close()
})
