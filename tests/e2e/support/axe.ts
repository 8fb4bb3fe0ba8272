import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** The widths every page is checked at (issue #22): desktop and a 390 px phone. */
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const

/**
 * axe on the page as it is, at 1280 and at 390 px: fails on any serious or critical violation,
 * naming the page, the width and the elements. With SHOTS_DIR set, each width is also saved as
 * `<name>-<width>.png` there, for a person to look at. The viewport is put back afterwards.
 */
export async function expectNoSeriousAxeViolations(page: Page, name = 'page') {
  const start = page.viewportSize() ?? WIDTHS[0]
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${size.width}.png`, fullPage: true })
    }
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(serious, `${name} at ${size.width} px: ${page.url()}\n${serious.join('\n')}`).toEqual([])
  }
  await page.setViewportSize(start)
}
