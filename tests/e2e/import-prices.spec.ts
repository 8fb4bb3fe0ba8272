import { readFile } from 'node:fs/promises'
import { expect, test, type APIRequestContext, type Page } from './support/test'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { signIn } from './support/auth'

/**
 * Issue #17 in a real browser against the production build: the demo seller downloads the price
 * sheet, changes three prices and two stock figures in it, uploads it, reads the dry run, applies
 * it, sees a buyer's product page show the new price, then reverts and sees the old price again.
 */

const PAGE = '/seller/inventory/import-price'
const money = (n: number) => `IRR ${n.toLocaleString('en-US')}`

type Sheet = string[][]

async function downloadCsv(page: Page): Promise<Sheet> {
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const path = await (await download).path()
  return parse((await readFile(path!, 'utf8')).replace(/^\uFEFF/, ''), { relax_column_count: true }) as Sheet
}

/** The product page of the product a SKU offers, found through the public API as a buyer would. */
async function productSlugOf(request: APIRequestContext, productName: string, sku: string): Promise<string> {
  const list = (await (
    await request.get(`/api/products?per_page=48&q=${encodeURIComponent(productName)}`)
  ).json()) as {
    data: { slug: string }[]
  }
  for (const { slug } of list.data) {
    const detail = (await (await request.get(`/api/products/${slug}`)).json()) as {
      data: { offers: { sku: string }[] }
    }
    if (detail.data.offers.some((offer) => offer.sku === sku)) return slug
  }
  throw new Error(`no product page offers ${sku}`)
}

test('the seller imports a price sheet, sees the dry run, applies it and reverts it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await signIn(context, 'seller')
  await page.goto(PAGE)
  await expect(page.getByRole('heading', { name: 'Import prices and stock' })).toBeVisible()

  const sheet = await downloadCsv(page)
  const header = sheet[0]!
  const col = (name: string) => header.indexOf(name)
  expect(col('SKU code')).toBe(0)
  const rows = sheet.slice(1)
  // Priced rows with a single tier and no discount: lowering the price keeps every tier rule.
  const priced = rows.filter(
    (r) =>
      r[col('Tier 1 unit price')] && !r[col('Tier 2 min quantity')] && r[col('Tier 1 offer price')] === '0',
  )
  expect(priced.length).toBeGreaterThanOrEqual(3)
  const changedPrices = priced.slice(0, 3)
  for (const row of changedPrices)
    row[col('Tier 1 unit price')] = String(Number(row[col('Tier 1 unit price')]) - 1_000)
  const stocked = rows
    .filter((r) => !changedPrices.includes(r) && r[col('Always available')] === 'no')
    .slice(0, 2)
  for (const row of stocked) row[col('New stock')] = String(Number(row[col('Current stock')]) + 7)

  const first = changedPrices[0]!
  const oldPrice = Number(first[col('Tier 1 unit price')]) + 1_000
  const slug = await productSlugOf(page.request, first[col('Product')]!, first[0]!)

  await page.getByLabel(/Price and stock file/).setInputFiles({
    name: 'my-prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(stringify(sheet)),
  })
  await page.getByRole('button', { name: 'Upload and check' }).click()
  await expect(page.getByTestId('import-status')).toHaveText('Checked: nothing has changed yet', {
    timeout: 30_000,
  })
  await expect(page).toHaveURL(/import=\d+/)
  const toUpdate = page.locator('dt', { hasText: 'To update' }).locator('..').locator('dd')
  await expect(toUpdate).toHaveText('5')
  await expect(page.locator('dt', { hasText: 'Errors' }).locator('..').locator('dd')).toHaveText('0')
  await expect(page.getByRole('cell', { name: first[0]! })).toBeVisible()

  // Nothing has changed for buyers yet.
  await expect(page.request.get(`/product/${slug}`).then((r) => r.text())).resolves.toContain(money(oldPrice))

  await page.getByRole('button', { name: 'Apply 5 changes' }).click()
  await expect(page.getByTestId('import-status')).toHaveText('Applied', { timeout: 30_000 })
  await expect(
    page
      .locator('dt', { hasText: /^Applied$/ })
      .locator('..')
      .locator('dd'),
  ).toHaveText('5')

  const buyerView = await context.browser()!.newPage()
  await buyerView.goto(`/product/${slug}`)
  await expect(
    buyerView
      .getByTestId('offer-row')
      .filter({ hasText: money(oldPrice - 1_000) })
      .first(),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Revert this import' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Revert' }).click()
  await expect(page.getByTestId('import-status')).toHaveText('Reverted')

  await buyerView.reload()
  await expect(
    buyerView
      .getByTestId('offer-row')
      .filter({ hasText: money(oldPrice) })
      .first(),
  ).toBeVisible()
  await expect(buyerView.getByTestId('offer-row').filter({ hasText: money(oldPrice - 1_000) })).toHaveCount(0)
})

test('a file with errors is refused whole, or applied without its bad rows, with a report to fix', async ({
  page,
  context,
}) => {
  await signIn(context, 'seller')
  await page.goto(PAGE)
  const sheet = await downloadCsv(page)
  const header = sheet[0]!
  const [row, good] = sheet.filter((r, i) => i > 0 && r[header.indexOf('Always available')] === 'no')
  row![header.indexOf('New stock')] = '-4'
  good![header.indexOf('New stock')] = String(Number(good![header.indexOf('Current stock')]) + 3)
  await page.getByLabel(/Price and stock file/).setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(stringify([header, row!, good!])),
  })
  await page.getByRole('button', { name: 'Upload and check' }).click()
  await expect(page.getByRole('table').getByText('Row 2: new stock -4 is negative')).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByRole('radio', { name: /All or nothing/ })).toBeDisabled()
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: /error report/ }).click()
  const report = await readFile((await (await download).path())!, 'utf8')
  expect(report).toContain('Error')
  expect(report).toContain('New stock -4 is negative')
  expect(report).not.toContain(good![0]!)

  await page.getByRole('button', { name: 'Apply 1 change' }).click()
  await expect(page.getByTestId('import-status')).toHaveText('Applied', { timeout: 30_000 })
  await expect(page.locator('dt', { hasText: 'Skipped (errors)' }).locator('..').locator('dd')).toHaveText(
    '1',
  )
})

test('an executable renamed .csv is refused before anything is stored', async ({ page, context }) => {
  await signIn(context, 'seller')
  await page.goto(PAGE)
  const exe = Buffer.alloc(512)
  exe.write('MZ', 0)
  exe.writeUInt32LE(0x80, 0x3c)
  exe.write('PE\0\0', 0x80, 'latin1')
  await page
    .getByLabel(/Price and stock file/)
    .setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: exe })
  await page.getByRole('button', { name: 'Upload and check' }).click()
  await expect(page.getByRole('alert')).toContainText(/not CSV or XLSX|not a text file/)
})

/** Uploads a sheet, waits for the dry run and applies it; returns the import's id. */
async function uploadAndApply(page: Page, name: string, sheet: Sheet, changes: number): Promise<number> {
  await page.getByLabel(/Price and stock file/).setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(stringify(sheet)),
  })
  await page.getByRole('button', { name: 'Upload and check' }).click()
  await expect(page.getByTestId('import-status')).toHaveText('Checked: nothing has changed yet', {
    timeout: 30_000,
  })
  const importId = Number(new URL(page.url()).searchParams.get('import'))
  await page.getByRole('button', { name: `Apply ${changes} change${changes === 1 ? '' : 's'}` }).click()
  await expect(page.getByTestId('import-status')).toHaveText('Applied', { timeout: 30_000 })
  return importId
}

test('a revert lists the rows it could not undo, and they stay listed after a reload', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await signIn(context, 'seller')
  await page.goto(PAGE)
  const sheet = await downloadCsv(page)
  const header = sheet[0]!
  const current = header.indexOf('Current stock')
  const next = header.indexOf('New stock')
  const [a, b] = sheet.filter((r, i) => i > 0 && r[header.indexOf('Always available')] === 'no')
  a![next] = String(Number(a![current]) + 7)
  b![next] = String(Number(b![current]) + 7)
  const firstId = await uploadAndApply(page, 'first.csv', [header, a!, b!], 2)

  // A second import moves the first SKU's stock again: the first import can no longer undo it.
  const again = await downloadCsv(page)
  const a2 = again.find((r) => r[0] === a![0])!
  a2[next] = String(Number(a2[current]) + 2)
  await uploadAndApply(page, 'second.csv', [header, a2], 1)

  await page.goto(`${PAGE}?import=${firstId}`)
  await page.getByRole('button', { name: 'Revert this import' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Revert' }).click()
  await expect(page.getByTestId('import-status')).toHaveText('Reverted')

  const notReverted = async () => {
    await expect(page.getByRole('note')).toContainText('1 row could not be reverted')
    await expect(
      page
        .locator('dt', { hasText: /^Not reverted$/ })
        .locator('..')
        .locator('dd'),
    ).toHaveText('1')
    await expect(
      page
        .locator('dt', { hasText: /^Reverted$/ })
        .locator('..')
        .locator('dd'),
    ).toHaveText('1')
    await expect(page.getByRole('link', { name: 'Not reverted (1)' })).toHaveAttribute('aria-current', 'page')
    const row = page.getByRole('table').getByRole('row').filter({ hasText: a![0]! })
    await expect(row).toContainText('Not reverted')
    await expect(row).toContainText('Row 2: its stock moved since the import')
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: b![0]! })).toHaveCount(0)
  }
  await notReverted()
  await page.reload()
  await notReverted()
  const history = page.getByRole('region', { name: /Your imports/ })
  await expect(history.getByRole('table')).toContainText('All or nothing')

  // For the report: the page with a reverted import and the history, on a laptop and a phone.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 })
    await page.screenshot({ path: `/tmp/shots-import/reverted-${width}.png`, fullPage: true })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `no sideways scrolling at ${width}px`).toBeLessThanOrEqual(0)
  }
})

test('an upload over 20 MB is refused with a 413 in words by the production server', async ({
  page,
  context,
}) => {
  await signIn(context, 'seller')
  await page.goto(PAGE)
  const response = await page.request.post('/api/seller/imports/upload', {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      file: { name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(21 * 1024 * 1024, 0x41) },
    },
  })
  expect(response.status()).toBe(413)
  expect(await response.json()).toMatchObject({ message: 'The file is larger than 20 MB: split it' })
})
