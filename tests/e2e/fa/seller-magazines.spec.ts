import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { expect, test } from '../support/test'
import { signIn } from '../support/auth'
import { expectNoSeriousAxeViolations } from '../support/axe'

/**
 * The demo seller's magazines in Persian (issue #22): the list, a new magazine, a page with two of
 * the seller's items, publishing, the public page and its line sheet, all by the Persian names a
 * reader sees; axe finds no serious or critical violation on each page at 1280 and 390 px. The
 * line sheet is drawn in Persian too (right to left, Persian digits).
 */

const latinDigits = /[0-9]/

test('the seller makes a magazine, publishes it and downloads its line sheet, in Persian', async ({
  context,
  page,
}) => {
  // axe at two widths on five pages, on a shared machine.
  test.setTimeout(300_000)
  await signIn(context, 'seller')
  const identify = `fa-magazine-${Date.now().toString(36)}`
  const title = 'کاتالوگ پاییزه'

  await page.goto('/seller/magazines')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'کاتالوگ‌های شما' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'magazines-list')

  await page.getByRole('link', { name: 'کاتالوگ تازه' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'کاتالوگ تازه' })).toBeVisible()
  await page.getByRole('textbox', { name: 'عنوان', exact: true }).fill(title)
  await page.getByRole('textbox', { name: 'نشانی عمومی' }).fill(identify)
  await page.getByRole('textbox', { name: 'فصل', exact: true }).fill('پاییز ۱۴۰۶')
  await expectNoSeriousAxeViolations(page, 'magazine-create')
  await page.getByRole('button', { name: 'ساخت کاتالوگ' }).click()

  // On to its pages: one page, two of the seller's live items.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('کاتالوگ ساخته شد؛ حالا صفحه‌هایش را بیفزایید')).toBeVisible()
  await page.getByLabel('عنوان صفحهٔ تازه').fill('چای و دمنوش')
  await page.getByRole('button', { name: 'افزودن صفحه' }).click()
  const section = page.getByTestId('magazine-page')
  await expect(section).toHaveCount(1)
  await section.getByRole('button', { name: /^افزودن کالا/ }).click()
  const dialog = page.getByRole('dialog', { name: 'افزودن کالا به چای و دمنوش' })
  const boxes = dialog.getByRole('checkbox', { disabled: false })
  await expect(boxes.first()).toBeVisible()
  await boxes.nth(0).check()
  await boxes.nth(1).check()
  await expect(dialog.getByText(/۲ از ۴ انتخاب شده/)).toBeVisible()
  await dialog.getByRole('button', { name: 'افزودن ۲ کالا' }).click()
  await expect(dialog).toBeHidden()
  await expect(section.getByTestId('magazine-item')).toHaveCount(2)
  // Counts in Persian digits: "۲ از ۴ کالا · ۰ بازدید (۳۰ روز)".
  await expect(section.getByText(/۲ از ۴ کالا/)).toBeVisible()
  await expect(section.getByTestId('magazine-page-views')).toHaveText('۰ بازدید')
  await expectNoSeriousAxeViolations(page, 'magazine-editor')

  await page.getByRole('button', { name: 'انتشار' }).click()
  await expect(page.getByRole('button', { name: 'خارج کردن از انتشار' })).toBeVisible()
  await expect(page.getByTestId('magazine-state')).toHaveText('منتشرشده')

  // The public page, in Persian, with its prices in Persian digits.
  await page.getByRole('link', { name: 'باز کردن صفحهٔ عمومی' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('button', { name: 'افزودن این صفحه به سبد خرید' })).toBeVisible()
  const item = page.getByTestId('public-magazine-item').first()
  await expect(item.getByRole('columnheader', { name: 'قیمت واحد' })).toBeVisible()
  await expect(item).toContainText('حداقل سفارش')
  const tiers = await item.getByRole('table').innerText()
  expect(tiers).toContain('ریال')
  expect(tiers).not.toMatch(latinDigits)
  await expectNoSeriousAxeViolations(page, 'magazine-public')

  // The line sheet: downloads as a PDF drawn in Persian.
  const link = page.getByRole('link', { name: 'فهرست قیمت (PDF)' })
  await expect(link).toHaveAttribute('href', `/magazine/${identify}/line-sheet.pdf`)
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  const shots = process.env.SHOTS_DIR ?? '/tmp/shots-fa-magazines'
  mkdirSync(shots, { recursive: true })
  const copy = `${shots}/line-sheet-fa.pdf`
  await download.saveAs(copy)
  expect(readFileSync(copy).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  if (existsSync('/usr/bin/pdftotext')) {
    const text = execFileSync('pdftotext', ['-raw', copy, '-'], { encoding: 'utf8' })
    // pdftotext reads right-to-left words in drawing order; compare without spaces and marks.
    const flat = text.replace(/[\s\u200c\u202a-\u202e]+/g, '')
    expect(flat).toContain(`/magazine/${identify}`)
    expect(flat).toMatch(/[\u06f0-\u06f9]/)
    writeFileSync(`${shots}/line-sheet-fa.txt`, text)
  }

  // The public list of magazines finds it.
  await page.goto('/magazine')
  await expect(page.getByRole('heading', { level: 1, name: 'کاتالوگ‌ها' })).toBeVisible()
  await page.getByLabel('جست‌وجوی کاتالوگ‌ها').fill(title)
  await page.getByRole('main').getByRole('button', { name: 'جست‌وجو', exact: true }).click()
  await expect(page.getByTestId('magazine-card').filter({ hasText: title })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'magazines-public-list')
})
