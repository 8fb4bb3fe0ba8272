import { expect, test, type Page } from './support/test'
import { signIn } from './support/auth'

/**
 * Issue #12: a field error the server finds (its 422) shows beside the field it names, like the
 * browser's own check does. The form's value passes the browser check; the request is changed on
 * its way out so only the server can refuse it, and the real server answers.
 */

/** Rewrites the next server-function request whose body contains `from`, so it carries `to`. */
async function alterNextRequest(page: Page, from: string, to: string) {
  let altered = false
  await page.route('**/_serverFn/**', async (route) => {
    const body = route.request().postDataBuffer()
    const text = body?.toString('latin1') ?? ''
    if (altered || !text.includes(from) || route.request().method() !== 'POST') return route.continue()
    altered = true
    await route.continue({ postData: Buffer.from(text.replace(from, to), 'latin1') })
  })
  return () => altered
}

test('the address form shows the server’s postal-code error beside the field', async ({ page }) => {
  await signIn(page.context(), 'buyer')
  await page.goto('/buyer/profile/address/create')
  await page.getByLabel('Title').fill(`Server check ${Date.now() % 100_000}`)
  await page.getByLabel('Province').fill('Tehran')
  await page.getByLabel('City').fill('Tehran')
  await page.getByLabel('Street address').fill('No. 4, Azadi St')
  await page.getByLabel('Postal code').fill('1357924680')
  await page.getByLabel('Receiver name').fill('Sara Ahmadi')
  await page.getByLabel('Receiver mobile').fill('0912 345 6789')
  const wasAltered = await alterNextRequest(page, '1357924680', '13579246')
  await page.getByRole('button', { name: 'Add address' }).click()

  const postal = page.getByLabel('Postal code')
  await expect(postal).toHaveAttribute('aria-invalid', 'true')
  await expect(postal).toHaveAccessibleDescription(/Enter the 10-digit postal code/)
  await expect(postal).toBeFocused()
  expect(wasAltered()).toBe(true)
  await expect(page).toHaveURL('/buyer/profile/address/create')
  // Changing the value clears the server's message.
  await postal.fill('1357924681')
  await expect(postal).not.toHaveAttribute('aria-invalid', 'true')
})

test('the ticket form shows the server’s subject error beside the field', async ({ page }) => {
  await signIn(page.context(), 'buyer')
  await page.goto('/buyer/tickets/create')
  await page.getByLabel('Subject').fill('Cartons arrived crushed')
  await page.getByLabel('Department').selectOption('wholesale')
  await page.getByLabel('Message').fill('Three of the cartons arrived crushed.')
  const wasAltered = await alterNextRequest(page, 'Cartons arrived crushed', 'Ca')
  await page.getByRole('button', { name: 'Open ticket' }).click()

  const subject = page.getByLabel('Subject')
  await expect(subject).toHaveAttribute('aria-invalid', 'true')
  await expect(subject).toHaveAccessibleDescription(/Subject must be at least 3 characters/)
  await expect(subject).toBeFocused()
  expect(wasAltered()).toBe(true)
  await expect(page).toHaveURL('/buyer/tickets/create')
})
