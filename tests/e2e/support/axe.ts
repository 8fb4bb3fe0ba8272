import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const options: RunOptions = { resultTypes: ['violations'] }

/**
 * axe's violations on the page as it is now. axe-core is put into the page once per document and
 * run there directly: @axe-core/playwright's builder, which opens a blank page of its own to finish
 * every run, took 3.4-7.3 s a run where this takes 0.3-1.6 s (the sign-in page, the home page and the
 * listing, 2026-12-02). Only a page with frames goes through the builder, which reaches into them.
 */
export async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  // axe reads colours as drawn: a toast still fading in has a contrast it will not keep (a seller's
  // "saved" toast failed color-contrast once mid-transition). Finite animations and transitions end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  if ((await page.locator('iframe, frame').count()) > 0)
    return (await new AxeBuilder({ page }).options(options).analyze()).violations
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe
        .run(document, runOptions)
        .then((results) => results.violations),
    options,
  )
}

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
    const serious = (await axeViolations(page))
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(serious, `${name} at ${size.width} px: ${page.url()}\n${serious.join('\n')}`).toEqual([])
  }
  await page.setViewportSize(start)
}
