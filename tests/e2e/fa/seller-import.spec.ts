import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '../support/test'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { signIn } from '../support/auth'
import { expectNoSeriousAxeViolations } from '../support/axe'

/**
 * The seller's tools in Persian (issue #22): the demo seller downloads the price sheet, uploads it
 * with a stock and a price changed, reads the dry run in Persian (Persian digits, arrows pointing
 * the reading way), applies it and reverts it; then opens a SKU's price tiers and the subscription
 * page. Everything is found by the Persian names a reader sees; axe finds no serious or critical
 * violation on each page at 1280 and 390 px. The sheet's own column names stay English (the parser
 * reads them), so the CSV is edited by those.
 */

const PAGE = '/seller/inventory/import-price'
type Sheet = string[][]

async function downloadCsv(page: Page): Promise<Sheet> {
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'دریافت فایل CSV' }).click()
  const path = await (await download).path()
  return parse((await readFile(path!, 'utf8')).replace(/^\uFEFF/, ''), { relax_column_count: true }) as Sheet
}

const latinDigits = /[0-9]/
/** Persian digits of a count, as the page writes them. */
const fa = (n: number) => n.toLocaleString('fa-IR')

test('the seller imports a price sheet in Persian: dry run, apply, revert', async ({ page, context }) => {
  // axe at two widths on three states of the page, on a shared machine.
  test.setTimeout(300_000)
  await signIn(context, 'seller')
  await page.goto(PAGE)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'بارگذاری گروهی قیمت و موجودی' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '۱. فهرست قیمت خود را دریافت کنید' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'import-start')

  const sheet = await downloadCsv(page)
  const header = sheet[0]!
  const col = (name: string) => header.indexOf(name)
  expect(col('SKU code')).toBe(0)
  const rows = sheet.slice(1)
  const priced = rows.find(
    (r) =>
      r[col('Tier 1 unit price')] && !r[col('Tier 2 min quantity')] && r[col('Tier 1 offer price')] === '0',
  )!
  priced[col('Tier 1 unit price')] = String(Number(priced[col('Tier 1 unit price')]) - 1_000)
  const stocked = rows.find((r) => r !== priced && r[col('Always available')] === 'no')!
  stocked[col('New stock')] = String(Number(stocked[col('Current stock')]) + 7)

  await page.getByLabel(/فایل قیمت و موجودی/).setInputFiles({
    name: 'qeymat-ha.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(stringify([header, priced, stocked])),
  })
  await page.getByRole('button', { name: 'بارگذاری و بررسی' }).click()
  await expect(page.getByTestId('import-status')).toHaveText('بررسی شد: هنوز چیزی تغییر نکرده است', {
    timeout: 30_000,
  })
  const toUpdate = page.locator('dt', { hasText: 'برای به‌روزرسانی' }).locator('..').locator('dd')
  await expect(toUpdate).toHaveText(fa(2))
  await expect(
    page
      .locator('dt', { hasText: /^خطاها$/ })
      .locator('..')
      .locator('dd'),
  ).toHaveText(fa(0))

  // The rows, in Persian: the stock change reads right to left, with Persian digits; only the SKU is Latin.
  await expect(page.getByRole('navigation', { name: 'ردیف‌های نمایش‌داده‌شده' })).toBeVisible()
  const stockRow = page.getByRole('row').filter({ hasText: stocked[0]! })
  const before = Number(stocked[col('Current stock')])
  await expect(stockRow).toContainText(`موجودی ${fa(before)} ← ${fa(before + 7)}`)
  expect((await stockRow.innerText()).replace(stocked[0]!, '')).not.toMatch(latinDigits)
  await expect(page.getByRole('row').filter({ hasText: priced[0]! })).toContainText('پله‌ها:')
  await expect(page.getByRole('radio', { name: /همه یا هیچ/ })).toBeChecked()
  await expectNoSeriousAxeViolations(page, 'import-checked')

  await page.getByRole('button', { name: `اعمال ${fa(2)} تغییر` }).click()
  await expect(page.getByTestId('import-status')).toHaveText('اعمال‌شده', { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'بارگذاری‌های شما' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'import-applied')

  await page.getByRole('button', { name: 'برگرداندن این بارگذاری' }).click()
  const dialog = page.getByRole('dialog', { name: 'این بارگذاری برگردانده شود؟' })
  await dialog.getByRole('button', { name: 'برگرداندن', exact: true }).click()
  await expect(page.getByTestId('import-status')).toHaveText('برگردانده‌شده')
  await expect(page.getByText(`${fa(2)} ردیف برگردانده شد`)).toBeVisible()
})

test('the seller reads a SKU’s price tiers and the subscription page in Persian', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000)
  await signIn(context, 'seller')
  await page.goto(PAGE)
  const sheet = await downloadCsv(page)
  const sku = sheet[1]![0]!

  await page.goto(`/seller/inventory/price/${encodeURIComponent(sku)}/create`)
  await expect(page.getByRole('heading', { level: 1, name: /^پله‌های قیمت / })).toBeVisible()
  await expect(page.getByRole('link', { name: /^→ موجودی / })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'پله‌های جدید' })).toBeVisible()
  await expect(page.getByRole('group', { name: `پلهٔ ${fa(1)}` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'مبلغی که خریدار می‌پردازد' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'price-tiers')

  await page.goto('/subscription')
  await expect(page.getByRole('heading', { level: 1, name: 'اشتراک فروشنده' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'مقایسهٔ طرح‌ها' })).toBeVisible()
  await page.getByText('سالانه', { exact: true }).first().click()
  await expect(page.getByRole('radio', { name: 'سالانه' })).toBeChecked()
  await expectNoSeriousAxeViolations(page, 'subscription')

  await page.goto('/omdeh-plus')
  await expect(page.getByRole('heading', { name: 'چه چیزی می‌گیرید' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'plus')
})
