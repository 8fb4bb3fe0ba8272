import { test as base, type Browser, type BrowserContext, type Page, type Response } from '@playwright/test'

/**
 * Playwright's `test`, with one difference: a page that loads a document (goto, reload, or a
 * waitForURL after a full-page navigation) is handed back once it has hydrated, i.e. once the app
 * marks `<html data-hydrated>` (AppRuntime). Before that, React has not attached its handlers: a
 * click or keystroke lands in the server-rendered HTML and is lost or reset, which made 3-4
 * journeys a CI run fail at random on a busy machine. A user on a slow phone meets the same
 * window; the journeys wait it out as that user would (the page shows its progress bar).
 *
 * Documents that are not the app's pages (JSON, PDF, images, a 404 from the edge) are not waited on.
 */
export * from '@playwright/test'

const HYDRATED = 'html[data-hydrated]'
const patched = new WeakSet<object>()

async function untilHydrated(page: Page, response: Response | null): Promise<void> {
  if (response && !(response.headers()['content-type'] ?? '').startsWith('text/html')) return
  // The app's documents load its client (after their first paint, by the module loader); other
  // HTML (none today) would never mark itself.
  const isApp = await page
    .locator('script[type="module"], script[data-module-loader]')
    .count()
    .catch(() => 0)
  if (isApp) await page.locator(HYDRATED).waitFor({ state: 'attached' })
}

function patchPage(page: Page): void {
  if (patched.has(page)) return
  patched.add(page)
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  const waitForURL = page.waitForURL.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    if (options?.waitUntil !== 'commit') await untilHydrated(page, response)
    return response
  }
  page.reload = async (options) => {
    const response = await reload(options)
    await untilHydrated(page, response)
    return response
  }
  page.waitForURL = async (url, options) => {
    await waitForURL(url, options)
    if (options?.waitUntil !== 'commit') await untilHydrated(page, null)
  }
}

function watchContext(context: BrowserContext): BrowserContext {
  if (patched.has(context)) return context
  patched.add(context)
  for (const page of context.pages()) patchPage(page)
  context.on('page', patchPage)
  return context
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser)
      const newPage = browser.newPage.bind(browser)
      // A context without JavaScript never hydrates: its pages are the server's HTML as they are.
      browser.newContext = async (options) => {
        const context = await newContext(options)
        return options?.javaScriptEnabled === false ? context : watchContext(context)
      }
      browser.newPage = async (options) => {
        const page = await newPage(options)
        if (options?.javaScriptEnabled !== false) patchPage(page)
        return page
      }
      await provide(browser)
    },
    { scope: 'worker' },
  ],
  context: async ({ context, javaScriptEnabled }, provide) => {
    await provide(javaScriptEnabled === false ? context : watchContext(context))
  },
})
