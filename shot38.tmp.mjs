import { chromium } from '@playwright/test'
const base = 'http://127.0.0.1:3600'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell' })
async function as(phone, width, locale = 'en') {
  const ctx = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } })
  await ctx.addCookies([{ name: 'locale', value: locale, url: base }])
  const r = await ctx.request.post('/api/auth/password', { data: { phone, password: 'Omdeh-demo-2026' } })
  if (r.status() !== 200) throw new Error(await r.text())
  return ctx
}
const shots = [
  ['seller', '+989120000003', ['/seller/finance']],
  ['admin', '+989120000001', ['/admin/finance', '/admin/finance/payouts', '/admin/finance/reconciliation', '/admin/finance/commission']],
]
for (const [who, phone, paths] of shots)
  for (const width of [1280, 390])
    for (const locale of width === 1280 ? ['en', 'fa'] : ['en']) {
      const ctx = await as(phone, width, locale)
      const page = await ctx.newPage()
      for (const path of paths) {
        const res = await page.goto(path)
        await page.waitForLoadState('networkidle')
        const name = `${who}${path.replaceAll('/', '_')}-${width}-${locale}.png`
        await page.screenshot({ path: `/tmp/shots38/${name}`, fullPage: true })
        console.log(name, res.status())
      }
      if (who === 'admin' && width === 1280 && locale === 'en') {
        await page.goto('/admin/finance/payouts')
        await page.getByRole('button', { name: "Make this week's batch now" }).click()
        await page.waitForTimeout(1500)
        await page.getByRole('link', { name: /^\d{4}-W\d{2}$/ }).first().click()
        await page.waitForLoadState('networkidle')
        await page.screenshot({ path: '/tmp/shots38/admin-batch.png', fullPage: true })
      }
      await ctx.close()
    }
await browser.close()
