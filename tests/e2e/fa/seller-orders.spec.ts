import { expect, test } from '../support/test'
import { demoOrderNumbers, demoSeller } from '~/features/demo/data/demo-accounts'
import { persianSellerName } from '~/features/demo/data/store-names-fa'
import { signIn } from '../support/auth'
import { expectNoSeriousAxeViolations } from '../support/axe'

/**
 * The demo seller's order handling in Persian (issue #22): the dashboard, the received orders, the
 * seeded paid order accepted and then shipped with a carrier and tracking number, all by the Persian
 * names a reader sees; axe finds no serious or critical violation on each page at 1280 and 390 px.
 */

const latinDigits = /[0-9]/

test('the seller accepts and ships a paid order, in Persian', async ({ context, page }) => {
  // axe at two widths on five pages, on a shared machine.
  test.setTimeout(300_000)
  await signIn(context, 'seller')
  const number = demoOrderNumbers.paid

  await page.goto('/seller')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'پیشخوان' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'سفارش‌های منتظر اقدام' })).toBeVisible()
  // The business's own name, as it has one in Persian.
  await expect(page.getByRole('heading', { name: persianSellerName(demoSeller.displayName) })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'dashboard')

  // The orders waiting for acceptance, from the dashboard's card.
  await page.getByRole('link', { name: /برای پذیرش یا رد/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'سفارش‌های دریافتی' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^پرداخت‌شده/ })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('form', { name: 'فیلتر سفارش‌ها' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'orders')

  const card = page.getByRole('list', { name: 'سفارش‌ها' }).getByRole('link').filter({ hasText: number })
  // Counts and dates in Persian digits; only the order number stays Latin.
  await expect(card).toContainText('خریدار:')
  expect((await card.innerText()).replace(number, '')).not.toMatch(latinDigits)
  await card.click()

  await expect(page.getByRole('heading', { level: 1, name: `سفارش ${number}` })).toBeVisible()
  await expect(page.getByRole('link', { name: '→ سفارش‌های دریافتی' })).toBeVisible()
  await expect(page.getByText('خریدار پرداخت کرده است.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'روند سفارش' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'order-paid')

  // Rejecting asks for a reason; keep the order instead.
  await page.getByRole('button', { name: 'رد سفارش' }).click()
  const reject = page.getByRole('dialog', { name: `سفارش ${number} رد شود؟` })
  await expect(reject.getByRole('textbox', { name: 'دلیل' })).toBeVisible()
  await reject.getByRole('button', { name: 'سفارش بماند' }).click()
  await expect(reject).toBeHidden()

  await page.getByRole('button', { name: 'پذیرش سفارش' }).click()
  await expect(page.getByText(`سفارش ${number} پذیرفته شد و به خریدار اطلاع داده شد`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'پذیرش سفارش' })).toHaveCount(0)

  // Shipping: the form says what is missing, in Persian, before anything is sent.
  await page.getByRole('button', { name: 'ارسال شد' }).click()
  const ship = page.getByRole('dialog', { name: `ارسال سفارش ${number}` })
  await ship.getByRole('textbox', { name: 'شرکت حمل' }).fill('تیپاکس')
  await ship.getByRole('button', { name: 'ارسال شد' }).click()
  await expect(ship.getByText('کد رهگیری را وارد کنید')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'ship-dialog')
  await ship.getByRole('textbox', { name: 'کد رهگیری' }).fill('TPX-1405-0042')
  await ship.getByRole('button', { name: 'ارسال شد' }).click()
  await expect(ship).toBeHidden()
  await expect(page.getByTestId('tracking-number')).toHaveText('TPX-1405-0042')

  const steps = page.getByRole('list', { name: 'روند سفارش' }).getByRole('listitem')
  await expect(steps).toHaveCount(4)
  await expect(steps.nth(0)).toContainText('سفارش ثبت شد')
  await expect(steps.nth(2)).toContainText('پذیرفته‌شده')
  await expect(steps.nth(3)).toContainText('ارسال‌شده')
  // The carrier and tracking number in Persian words, not a stored English sentence.
  await expect(steps.nth(3)).toContainText('تیپاکس، کد رهگیری TPX-1405-0042')
  await expect(page.getByText('وقتی شرکت حمل تحویل را تأیید کرد')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'order-shipped')

  // Back to the list: the order has moved on to "shipped".
  await page.getByRole('link', { name: '→ سفارش‌های دریافتی' }).click()
  await page.getByRole('link', { name: /^ارسال‌شده/ }).click()
  await expect(
    page.getByRole('list', { name: 'سفارش‌ها' }).getByRole('link').filter({ hasText: number }),
  ).toBeVisible()
})
