import { expect, test } from '../support/test'
import { signIn } from '../support/auth'
import { expectNoSeriousAxeViolations } from '../support/axe'

/**
 * A Persian reader's way to help and to selling (issue #22): the help centre and its search, the
 * FAQ and its search, then a signed-in buyer's application form, all reached by their Persian
 * names, right to left, and each free of serious or critical axe violations at 1280 and 390 px.
 * With SHOTS_DIR set, each page is saved as PNGs there.
 */

test('a visitor finds help in Persian, and a buyer sees the seller application in Persian', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })

  // The help centre: its search and its ways to reach a person, in Persian.
  await page.goto('/help-center')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 2, name: 'مرور کنید یا بپرسید' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'گفت‌وگو با تیم پشتیبانی' })).toBeVisible()
  await expect(page.getByRole('link', { name: /گفت‌وگو: فروشنده‌ها/ })).toBeVisible()
  await page.getByLabel('در چه موردی کمک می‌خواهید؟').fill('فاکتور')
  await page.getByRole('main').getByRole('button', { name: 'جست‌وجو', exact: true }).click()
  await expect(page).toHaveURL(/q=/)
  await expect(page.getByRole('heading', { level: 2, name: 'نتایج جست‌وجو برای «فاکتور»' })).toBeVisible()
  // The help content itself is Persian (issue #22): the search reads and shows the Persian text.
  await expect(page.getByRole('link', { name: /فاکتورم را کجا پیدا کنم؟/ })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'help-center')

  // The FAQ, through the help centre's shortcut; its search counts answers in Persian digits.
  await page
    .getByRole('link', { name: /پرسش‌های متداول/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/faq/)
  const search = page.getByLabel('جست‌وجو در پرسش‌ها')
  await expect(page.getByRole('heading', { level: 1, name: 'پرسش‌های متداول' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'پرداخت و فاکتور' })).toBeVisible()
  await search.fill('فاکتور')
  await expect(page.getByRole('status').filter({ hasText: 'پاسخ پیدا شد' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'فاکتورم را کجا پیدا کنم؟' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'پاسخ پیدا شد' })).not.toContainText(/[0-9]/)
  await search.fill('zzqqxx')
  await expect(page.getByText('پرسشی با «zzqqxx» پیدا نشد.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'مستقیم از ما بپرسید' })).toBeVisible()
  await search.fill('')
  await expectNoSeriousAxeViolations(page, 'faq')

  // A signed-in buyer opens the application: the offer, the steps and the form, all in Persian.
  await signIn(context, 'buyer')
  await page.goto('/become-a-seller')
  await expect(page.getByRole('heading', { level: 1, name: 'فروشنده شوید' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'روند کار' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'ثبت درخواست' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: /نام کسب‌وکار/ })).toBeVisible()
  await expect(page.getByRole('textbox', { name: /شناسهٔ ملی یا کد اقتصادی/ })).toHaveAttribute('dir', 'ltr')
  await expect(page.getByRole('textbox', { name: /تلفن کسب‌وکار/ })).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^شهر/ })).toBeVisible()
  await expect(page.getByRole('textbox', { name: /نشانی/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'ارسال درخواست' })).toBeVisible()
  // The steps are numbered in Persian digits.
  await expect(page.getByRole('list').filter({ hasText: 'کسب‌وکارتان را معرفی کنید' })).toContainText('۱')

  // Sending it empty answers in Persian on the fields.
  await page.getByRole('textbox', { name: /نام کسب‌وکار/ }).fill('')
  await page.getByRole('button', { name: 'ارسال درخواست' }).click()
  await expect(page.getByText('این فیلد الزامی است.').first()).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'become-a-seller')
})
