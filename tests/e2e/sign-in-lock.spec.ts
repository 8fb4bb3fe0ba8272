import { expect, test } from './support/test'
import { demoAccounts, signIn } from './support/auth'

/**
 * Issue #13 §2 and §5 in the browser. The wrong passwords are counted under an address of their
 * own (the test server trusts X-Forwarded-For), so the lock they cause is this client's only.
 */
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.40' } })

test('a locked password sign-in shows the 429 page, counting down the seconds the server gave', async ({
  page,
}) => {
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
  const retry = page.getByRole('button', { name: /^Try after \d+ seconds$/ })
  await expect(retry).toBeDisabled()
  // Fifteen minutes from the first wrong try, not the page's default 60 seconds.
  const seconds = Number(/\d+/.exec((await retry.textContent()) ?? '')?.[0])
  expect(seconds).toBeGreaterThan(800)
  expect(seconds).toBeLessThanOrEqual(900)
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible()
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
