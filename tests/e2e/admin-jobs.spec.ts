import { expect, test } from './support/test'
import { newPhone, signIn } from './support/auth'

/**
 * /admin/jobs against the production build: pg-boss runs in the server on its embedded PGlite, so a
 * code sent to a new number is delivered by a worker and counted on the page within seconds.
 */
test('an admin sees the job queues, with the message a sign-in code just sent completed', async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page.context(), 'admin')
  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Background jobs' })
    .click()
  await expect(page).toHaveURL('/admin/jobs')
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible()
  const queues = page.getByRole('table', { name: 'Job queues' })
  for (const name of [
    'message.deliver',
    'payment.refund',
    'import.check',
    'catalog.refresh-listings',
    'dead-letter',
  ])
    await expect(queues.getByRole('row', { name: new RegExp(`^${name.replace('.', '\\.')} `) })).toBeVisible()

  const completedMessages = async () => {
    await page.reload()
    const cells = page.locator('tr[data-queue="message.deliver"] td')
    return Number(await cells.nth(4).textContent())
  }
  const before = await completedMessages()

  // A guest asks for a sign-in code: the message job is sent in that request's transaction.
  const guest = await browser.newContext()
  const auth = await guest.newPage()
  await auth.goto('/auth')
  const phone = newPhone()
  await auth.getByRole('textbox', { name: 'Mobile number' }).fill(`0${phone.slice(3)}`)
  await auth.getByRole('button', { name: 'Send code' }).click()
  await expect(auth).toHaveURL(/\/auth\/verify\?/)
  await guest.close()

  await expect.poll(completedMessages, { timeout: 20_000 }).toBeGreaterThan(before)
  await expect(page.getByRole('heading', { level: 2, name: 'Failed jobs', exact: true })).toBeVisible()
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: testInfo.outputPath(`admin-jobs-${width}.png`), fullPage: true })
  }
})

test('a buyer cannot open /admin/jobs', async ({ page }) => {
  await signIn(page.context(), 'buyer')
  const response = await page.goto('/admin/jobs')
  expect(response?.status()).toBe(403)
})
