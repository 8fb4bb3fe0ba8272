import { expect, test, type Page } from './support/test'
import { newPhone, signIn } from './support/auth'

/**
 * Text typed before the page is ready is kept (issue #36): on a busy machine or a slow phone the
 * server's HTML shows the form well before the app's scripts have run, and people start typing.
 * The scripts are held back here until the typing is done, so the page is certainly not hydrated
 * while it happens; then the form must show and send what was typed.
 */

/** Holds every script the page asks for until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await released
      await route.continue()
    },
  )
  return release
}

/** Opens `path` and returns once its form is on screen but the app has not started. */
async function openBeforeHydration(page: Page, path: string): Promise<() => Promise<void>> {
  const release = await holdScripts(page)
  // 'commit': the suite's goto would otherwise wait for hydration, which the held scripts prevent.
  await page.goto(path, { waitUntil: 'commit' })
  await page.locator('form').first().waitFor()
  return async () => {
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
    release()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  }
}

test('a magazine title typed before the page hydrated is kept and saved', async ({ page, context }) => {
  test.setTimeout(120_000)
  await signIn(context, 'seller')
  const title = `Early bird ${Date.now()}`
  const hydrate = await openBeforeHydration(page, '/seller/magazines/create')
  await page.getByLabel('Title').pressSequentially(title)
  await page.getByLabel('Season').pressSequentially('Winter 1406')
  await hydrate()

  await expect(page.getByLabel('Title')).toHaveValue(title)
  await expect(page.getByLabel('Season')).toHaveValue('Winter 1406')
  // The address follows the title, as when it is typed after hydration.
  await expect(page.getByLabel('Public address')).toHaveValue(/^early-bird-\d+$/)
  await page.getByRole('button', { name: 'Create magazine' }).click()
  // Saved under that title: its pages-and-items screen opens.
  await expect(page).toHaveURL(/\/seller\/magazines\/\d+\/products$/)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})

test('a phone number and channel chosen before the sign-in page hydrated are the ones the code goes to', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const phone = newPhone()
  const hydrate = await openBeforeHydration(page, '/auth')
  await page.getByRole('textbox', { name: 'Mobile number' }).pressSequentially(phone)
  await page.getByRole('radio', { name: 'WhatsApp' }).check()
  await hydrate()

  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue(phone)
  await expect(page.getByRole('radio', { name: 'WhatsApp' })).toBeChecked()
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page).toHaveURL(/\/auth\/verify\?/)
  await expect(page.getByText(/We sent a code by WhatsApp to/)).toContainText(
    `+98 ${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`,
  )
})
