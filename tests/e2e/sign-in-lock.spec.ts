import { expect, test } from './support/test'
import { demoAccounts, signIn } from './support/auth'

/**
 * Issue #13 §2 and §5 in the browser. The wrong passwords are counted under an address of their
 * own (the test server trusts X-Forwarded-For), so the lock they cause is this client's only.
 */
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.40' } })

/**
 * Issue #36 §1: the server holds the lock for its own window (fifteen minutes here), but the page
 * shows what the spec shows (§2, §4, §9): a 60-second countdown, then "Try Again", which asks the
 * server whether the lock still holds and, while it does, counts down again.
 */
test('a locked password sign-in shows the 429 page counting down 60 seconds; Try Again asks the server again', async ({
  page,
}) => {
  await page.clock.install()
  await page.goto('/auth?method=password')
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(demoAccounts.pendingSeller.cellphone)
  const password = page.getByRole('textbox', { name: 'Password', exact: true })
  const signInButton = page.getByRole('button', { name: 'Sign in', exact: true })
  for (let i = 0; i < 5; i++) {
    await password.fill(`not-the-password-${i}`)
    await signInButton.click()
    await expect(page.getByText('Wrong mobile number or password')).toBeVisible()
  }
  await password.fill('not-the-password-5')
  await signInButton.click()
  await expect(page.getByRole('heading', { level: 2, name: 'Error 429' })).toBeVisible()
  await expect(page.getByText('Whoa there! Taking a quick breather')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible()
  const retry = page.getByRole('button', { name: /^Try (after \d+ seconds|Again)$/ })
  // The spec's 60 seconds, not the server's 15-minute window (Retry-After: about 900).
  await expect(retry).toHaveText('Try after 60 seconds')
  await expect(retry).toBeDisabled()
  await page.clock.fastForward(21_000)
  await expect(retry).toHaveText('Try after 39 seconds')
  await page.clock.fastForward(40_000)
  await expect(retry).toHaveText('Try Again')
  await expect(retry).toBeEnabled()

  // The lock still holds on the server: the page asks, and counts down another 60 seconds.
  const asked = page.waitForResponse((r) => r.url().includes('/_serverFn/'))
  await retry.click()
  await asked
  await expect(retry).toHaveText('Try after 60 seconds')
  await expect(retry).toBeDisabled()
  await expect(page.getByRole('heading', { level: 2, name: 'Error 429' })).toBeVisible()
  await expect(password).toHaveCount(0)
})

test('a signed-in visitor of /auth with a tricky redirect stays on this site', async ({ page, context }) => {
  await signIn(context, 'buyer')
  const response = await page.goto('/auth?redirect=%2F.%2F%2Fevil.example')
  expect(response?.status()).toBeLessThan(500)
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/evil\.example$/)
})

test('the dev outbox, which shows every sign-in code, is a 404 for another machine', async ({ page }) => {
  const response = await page.goto('/dev/outbox')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Error 404' })).toBeVisible()
  await expect(page.getByText(/code: \d{6}/)).toHaveCount(0)
})
