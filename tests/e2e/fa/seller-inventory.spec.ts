import { expect, test } from '../support/test'
import { signIn } from '../support/auth'
import { expectNoSeriousAxeViolations } from '../support/axe'

/**
 * Issue #22, the seller's inventory in Persian: the demo seller opens a store, the inventory table,
 * changes a stock figure with a reason and finds the line in the stock ledger, all by the Persian
 * names a reader sees; axe checks each page at 1280 and 390 px (no serious or critical findings).
 */

/** Persian digits (and the Persian thousands separator) read as a number. */
const persianNumber = (text: string) =>
  Number(text.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/\D/g, ''))
const persian = (n: number) => new Intl.NumberFormat('fa-IR-u-nu-arabext').format(n)

test('the seller opens a store, the inventory, changes a stock figure with a reason and sees the ledger line', async ({
  page,
  context,
}) => {
  // axe twice on each of four pages (the inventory table is large): more than the default minute.
  test.setTimeout(240_000)
  await signIn(context, 'seller')

  await page.goto('/seller/stores')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'فروشگاه‌های شما' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'stores')

  const overview = page.getByRole('link', { name: /^نمای کلی/ }).first()
  const storeName = ((await overview.textContent()) ?? '').replace('نمای کلی', '').trim()
  await overview.click()
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible()
  await expect(page.getByRole('term').filter({ hasText: 'پیشنهادهای فعال' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'سابقهٔ تغییرات' })).toBeVisible()
  await expect(page.getByRole('link', { name: '→ فروشگاه‌های شما' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'store')

  await page.goto('/seller/inventory')
  await expect(page.getByRole('heading', { level: 1, name: 'موجودی کالاهای شما' })).toBeVisible()
  const table = page.getByRole('table', { name: 'موجودی کالاها' })
  await expect(table.getByRole('columnheader', { name: /آخرین تغییر/ })).toBeVisible()
  // Counts in Persian digits: "۱۲ کد کالا".
  await expect(page.getByTestId('inventory-count')).toHaveText(/^[۰-۹٬]+ کد کالا$/)
  await expectNoSeriousAxeViolations(page, 'inventory')

  const stockLink = table.getByRole('link', { name: /^[۰-۹٬]+.*: موجودی و دفتر موجودی / }).first()
  await stockLink.click()
  await expect(page.getByRole('heading', { level: 1, name: /^موجودی / })).toBeVisible()
  const before = persianNumber(await page.getByTestId('stock-figure').innerText())

  await page.getByRole('radio', { name: 'افزودن', exact: true }).check()
  // The label ends in a required mark hidden from assistive technology; the field's name is «تعداد».
  await page.getByRole('textbox', { name: 'تعداد', exact: true }).fill('5')
  await page.getByRole('combobox', { name: 'دلیل', exact: true }).selectOption({ label: 'دریافت کالا' })
  await page.getByRole('button', { name: 'ثبت تغییر' }).click()
  await expect(page.getByText(`موجودی اکنون ${persian(before + 5)} است`)).toBeVisible()
  await expect
    .poll(async () => persianNumber(await page.getByTestId('stock-figure').innerText()))
    .toBe(before + 5)

  const ledger = page.getByRole('table', { name: /دفتر موجودی/ })
  const latest = ledger.getByRole('row').nth(1)
  await expect(latest).toContainText('اصلاح دستی')
  await expect(latest).toContainText(`+${persian(5)}`)
  await expect(latest).toContainText('دریافت کالا')
  await expect(latest).toContainText(persian(before + 5))
  await expectNoSeriousAxeViolations(page, 'stock')
})
