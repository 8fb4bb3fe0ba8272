import { expect, test } from '../support/test'
import { demoSeller } from '~/features/demo/data/demo-accounts'
import { signIn } from '../support/auth'
import { expectNoSeriousAxeViolations } from '../support/axe'

/**
 * The admin's Persian journey (issue #22): the dashboard, the sellers list, a seller's page and the
 * audit log, reached by their Persian names, each right to left with Persian digits, and each free
 * of serious or critical axe violations at 1280 and 390 px. With SHOTS_DIR set, each page is saved as PNGs there.
 */

test('the admin walks the dashboard, sellers, a seller and the audit log in Persian', async ({
  page,
  context,
}) => {
  // Four pages, each checked by axe at two widths: at load 13 the audit log's axe run (its table
  // filled by the journeys before) ended past 120 s three times out of three.
  test.setTimeout(240_000)
  await signIn(context, 'admin')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/admin')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'پیشخوان' })).toBeVisible()
  const menu = page.getByRole('navigation', { name: 'مدیریت سایت' }).last()
  await expect(menu).toBeVisible()
  await expect(page.getByRole('link', { name: /ارزش ناخالص فروش/ }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: '۹۰ روز گذشته' })).toBeVisible()
  // Figures and the period are in Persian digits, the words in Persian.
  const main = page.locator('main')
  await expect(main).not.toContainText(/[0-9]/)
  await expect(main).not.toContainText(/\b(Orders|Dashboard|Sellers|GMV per day)\b/)
  await expectNoSeriousAxeViolations(page, 'dashboard')

  await menu.getByRole('link', { name: 'فروشنده‌ها' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'درخواست‌های فروشندگی' })).toBeVisible()
  await expect(page.getByRole('search', { name: 'فیلتر درخواست‌ها' })).toBeVisible()
  await expect(page.getByLabel('وضعیت')).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'کسب‌وکار' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'درخواست' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'sellers')

  // Other specs add applications on the same server: search the list for the demo seller first.
  const filter = page.getByRole('search', { name: 'فیلتر درخواست‌ها' })
  await filter.getByRole('searchbox', { name: 'جست‌وجو' }).fill(demoSeller.displayName)
  await filter.getByRole('button', { name: 'جست‌وجو' }).click()
  await page.getByRole('table').getByRole('link', { name: demoSeller.displayName, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: demoSeller.displayName })).toBeVisible()
  await expect(page.getByRole('link', { name: '→ فروشنده‌ها' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'مشخصات' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /^کیفیت، ۳۰ روز گذشته$/ })).toBeVisible()
  await expect(page.getByText('تأییدشده', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'تعلیق فروشنده' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'seller')

  await menu.getByRole('link', { name: 'سابقهٔ تغییرات' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'سابقهٔ تغییرات' })).toBeVisible()
  await expect(page.getByRole('form', { name: 'فیلتر سابقهٔ تغییرات' })).toBeVisible()
  await expect(page.getByLabel('عملیات')).toBeVisible()
  await expect(page.getByRole('button', { name: 'اعمال فیلتر' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'تغییر' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'audit')
})
