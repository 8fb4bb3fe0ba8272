import { expect, test, type Page } from '../support/test'
import { newPhone } from '../support/auth'
import { expectNoSeriousAxeViolations } from '../support/axe'

/**
 * The buyer's account in Persian (issue #22), by the Persian names a reader sees: a new number
 * signs in with the one-time code (and registers), adds an address, opens a ticket and finds it
 * in the list. axe runs on every page at 1280 and 390 px and fails on any serious or critical
 * violation.
 */

/** The newest code sent to `phone`, from the dev outbox (the Persian SMS keeps the code in Latin digits). */
async function readPersianCode(page: Page, phone: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const html = await (await page.request.get(`/dev/outbox?to=${encodeURIComponent(phone)}`)).text()
      code = /کد ورود [^:<]*: (\d{6})/.exec(html)?.[1]
      return code
    })
    .toBeTruthy()
  return code!
}

test('a new buyer signs in with the code, adds an address and opens a ticket, all in Persian', async ({
  page,
}) => {
  test.slow()
  await page.setViewportSize({ width: 1280, height: 900 })
  const phone = newPhone()

  await page.goto('/auth')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { name: 'ورود یا ثبت‌نام', level: 1 })).toBeVisible()
  await expectNoSeriousAxeViolations(page, '/auth')
  const number = page.getByRole('textbox', { name: 'شمارهٔ موبایل' })
  await number.fill('+44 7911 123456')
  await page.getByRole('button', { name: 'دریافت کد' }).click()
  await expect(page.getByText(/^فقط شماره‌های موبایل ایران .+ پذیرفته می‌شود$/)).toBeVisible()
  await number.fill(`0${phone.slice(3)}`)
  await page.getByRole('radio', { name: 'پیامک' }).check()
  await page.getByRole('button', { name: 'دریافت کد' }).click()

  await expect(page).toHaveURL(/\/auth\/verify\?/)
  await expect(page.getByRole('heading', { name: 'کد را وارد کنید', level: 1 })).toBeVisible()
  await expect(page.getByText(/کد را با پیامک به/)).toContainText(
    `+98 ${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`,
  )
  // The countdown reads in Persian digits.
  await expect(page.getByRole('button', { name: /^ارسال دوبارهٔ کد تا [۰-۹]:[۰-۹]{2} دیگر$/ })).toBeDisabled()
  await expectNoSeriousAxeViolations(page, '/auth/verify')
  const code = await readPersianCode(page, phone)
  const field = page.getByRole('textbox', { name: 'کد ۶ رقمی' })
  const wrong = code === '000000' ? '111111' : '000000'
  await field.fill(wrong)
  await expect(page.getByText('کد اشتباه است. ۴ بار دیگر می‌توانید تلاش کنید.')).toBeVisible()
  await field.fill(code)

  await expect(page.getByRole('heading', { name: 'ساخت حساب کاربری', level: 1 })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'registration')
  await page.getByRole('textbox', { name: 'نام', exact: true }).fill('مریم')
  await page.getByRole('textbox', { name: 'نام خانوادگی' }).fill('احمدی')
  await page.getByRole('button', { name: 'ساخت حساب' }).click()
  await expect(page).not.toHaveURL(/\/auth/)

  await page.goto('/buyer/profile')
  await expect(page.getByRole('heading', { name: 'ویرایش حساب کاربری', level: 1 })).toBeVisible()
  const details = page.locator('section', { has: page.getByRole('heading', { name: 'مشخصات فردی' }) })
  await expect(details.getByText('مریم احمدی')).toBeVisible()
  await expectNoSeriousAxeViolations(page, '/buyer/profile')
  await page.getByRole('link', { name: 'مدیریت نشانی‌ها' }).click()

  await expect(page.getByRole('heading', { name: 'نشانی‌های شما', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'هنوز نشانی‌ای ندارید' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, '/buyer/profile/address')
  await page.getByRole('link', { name: 'افزودن نشانی' }).click()

  await expect(page.getByRole('heading', { name: 'نشانی جدید', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: '→ نشانی‌های شما' })).toBeVisible()
  const form = page.getByRole('form', { name: 'نشانی جدید' })
  await form.getByRole('textbox', { name: 'عنوان' }).fill('انبار')
  await form.getByRole('textbox', { name: 'استان' }).fill('تهران')
  await form.getByRole('textbox', { name: 'شهر' }).fill('تهران')
  await form.getByRole('textbox', { name: 'نشانی پستی' }).fill('خیابان آزادی، پلاک ۱۲')
  // Typed in Persian digits, stored as ten Latin ones.
  await form.getByRole('textbox', { name: 'کد پستی' }).fill('۱۲۳۴۵۶۷۸۹۰')
  await form.getByRole('textbox', { name: 'نام گیرنده' }).fill('مریم احمدی')
  await form.getByRole('textbox', { name: 'موبایل گیرنده' }).fill('0912 345 6789')
  await expectNoSeriousAxeViolations(page, '/buyer/profile/address/create')
  await form.getByRole('button', { name: 'افزودن نشانی' }).click()

  await expect(page.getByText('نشانی اضافه شد')).toBeVisible()
  const card = page.getByRole('listitem', { name: 'انبار' })
  await expect(card).toContainText('خیابان آزادی، پلاک ۱۲، تهران، تهران')
  await expect(card).toContainText('1234567890')
  await expect(card.getByText('پیش‌فرض', { exact: true })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'address list')

  await page.goto('/buyer/tickets')
  await expect(page.getByRole('heading', { name: 'تیکت‌های شما', level: 1 })).toBeVisible()
  await expectNoSeriousAxeViolations(page, '/buyer/tickets')
  await page.getByRole('link', { name: 'تیکت جدید' }).click()

  await expect(page.getByRole('heading', { name: 'تیکت جدید', level: 1 })).toBeVisible()
  await page.getByRole('textbox', { name: 'موضوع' }).fill('فاکتور سفارش عمده')
  await page.getByRole('combobox', { name: 'بخش' }).selectOption({ label: 'خریداران عمده' })
  await page.getByRole('textbox', { name: 'پیام' }).fill('لطفاً فاکتور رسمی با کد اقتصادی صادر کنید.')
  await expectNoSeriousAxeViolations(page, '/buyer/tickets/create')
  await page.getByRole('button', { name: 'ثبت تیکت' }).click()

  await expect(page.getByText(/^تیکت #[۰-۹]+ باز شد/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'فاکتور سفارش عمده', level: 1 })).toBeVisible()
  await expect(page.getByText('باز', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('list', { name: 'پیام‌ها' })).toContainText('کد اقتصادی')
  await expectNoSeriousAxeViolations(page, 'ticket')
  await page.getByRole('link', { name: '→ تیکت‌های شما' }).click()

  await expect(page.getByRole('heading', { name: 'تیکت‌های شما', level: 1 })).toBeVisible()
  const listed = page.getByRole('link', { name: /فاکتور سفارش عمده/ })
  await expect(listed).toContainText('خریداران عمده')
  await expect(listed).not.toContainText(/[0-9]/)
  await expectNoSeriousAxeViolations(page, 'ticket list')
})
