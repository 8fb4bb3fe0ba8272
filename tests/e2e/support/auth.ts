import { expect, type APIRequestContext, type BrowserContext, type Cookie, type Page } from '@playwright/test'
import { demoAccounts, demoPassword, type DemoAccountKey } from '~/features/demo/data/demo-accounts'

/**
 * Signing in for browser tests, through the app's own API and pages (no faked responses). Sign-in
 * is rate limited per phone (5 password tries in 15 minutes), so a demo account's session is
 * made once per worker and its cookies reused; a test that signs out must use `signInFresh`,
 * because signing out revokes the session for every test that shares it.
 */

export { demoAccounts, demoPassword }
export type { DemoAccountKey }

const SESSION_COOKIES = new Set(['access_token', 'refresh_token'])
const sessions = new Map<DemoAccountKey, Cookie[]>()

/** POST /api/auth/password: the cookies land in the context's jar, as a browser's would. */
async function passwordSignIn(context: BrowserContext, phone: string, password: string): Promise<void> {
  const response = await context.request.post('/api/auth/password', { data: { phone, password } })
  expect(response.status(), await response.text()).toBe(200)
}

/** Signs the context in as a demo account, reusing that account's session when there is one. */
export async function signIn(context: BrowserContext, who: DemoAccountKey): Promise<void> {
  const cached = sessions.get(who)
  if (cached) return context.addCookies(cached)
  await passwordSignIn(context, demoAccounts[who].cellphone, demoPassword)
  sessions.set(
    who,
    (await context.cookies()).filter((cookie) => SESSION_COOKIES.has(cookie.name)),
  )
}

/** A session of its own (for tests that sign out or change the account). */
export async function signInFresh(context: BrowserContext, who: DemoAccountKey): Promise<void> {
  await passwordSignIn(context, demoAccounts[who].cellphone, demoPassword)
}

/** A mobile number nobody has used yet in this run: +98 935 then 7 digits from the clock and a counter. */
let counter = 0
export function newPhone(): string {
  counter = (counter + 1) % 100
  const digits = String((Date.now() % 100_000) * 100 + counter).padStart(7, '0')
  return `+98935${digits}`
}

/** The newest one-time code sent to `phone`, read from the dev outbox page (DEMO_MODE=1). */
export async function readCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const html = await (await request.get(`/dev/outbox?to=${encodeURIComponent(phone)}`)).text()
      code = /code: (\d{6})/.exec(html)?.[1]
      return code
    })
    .toBeTruthy()
  return code!
}

/** Reads the code like a person would: the outbox page in another tab of the same browser. */
export async function readCodeInOutbox(page: Page, phone: string): Promise<string> {
  const outbox = await page.context().newPage()
  await outbox.goto(`/dev/outbox?to=${encodeURIComponent(phone)}`)
  const message = outbox.getByRole('list', { name: 'Messages' }).getByRole('listitem').first()
  await expect(message).toContainText(/code: \d{6}/)
  const code = /code: (\d{6})/.exec((await message.textContent()) ?? '')![1]!
  await outbox.close()
  return code
}

/**
 * A brand-new account through the API (code request, the code from the outbox, verify,
 * register), signed in in `context`. Returns its phone.
 */
export async function registerNewUser(
  context: BrowserContext,
  names: { first_name: string; last_name: string },
): Promise<string> {
  const phone = newPhone()
  const request = context.request
  const asked = await request.post('/api/auth/otp/request', { data: { phone, channel: 'sms' } })
  expect(asked.status(), await asked.text()).toBe(200)
  const verified = await request.post('/api/auth/otp/verify', {
    data: { phone, code: await readCode(request, phone) },
  })
  const { data } = (await verified.json()) as { data: { status: string; ticket: string } }
  expect(data.status).toBe('needs_registration')
  const registered = await request.post('/api/auth/register', { data: { ticket: data.ticket, ...names } })
  expect(registered.status(), await registered.text()).toBe(201)
  return phone
}

/** The header's account button, whose name says who is signed in. */
export function accountButton(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name: `Account: ${name}` })
}

export function displayNameOf(who: DemoAccountKey): string {
  return `${demoAccounts[who].firstName} ${demoAccounts[who].lastName}`
}
