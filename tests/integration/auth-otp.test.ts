import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { advanceClock, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { oneTimeCodes, outboxMessages, sessions, users } from '~/server/db/schema'
import { setCaptchaVerifierForTesting } from '~/server/providers/captcha/captcha.server'
import { runDueJobs } from '../support/jobs'
import { Route as otpRequestRoute } from '~/routes/api/auth/otp/request'
import { Route as otpVerifyRoute } from '~/routes/api/auth/otp/verify'
import { Route as registerRoute } from '~/routes/api/auth/register'
import { Route as profileRoute } from '~/routes/api/user/profile'
import { createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import {
  apiRequest,
  closeAuthTestDatabase,
  freshIp,
  latestCodeFor,
  openAuthTestDatabase,
  routeHandler,
  sessionCookiesFrom,
  setCookies,
  uniquePhone,
  wrongCode,
} from './auth-fixtures'

const requestCode = routeHandler(otpRequestRoute, 'POST')
const verifyCode = routeHandler(otpVerifyRoute, 'POST')
const register = routeHandler(registerRoute, 'POST')
const profile = routeHandler(profileRoute, 'GET')

describe(`sign-in with a one-time code (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let ip: string

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)
  beforeEach(() => {
    setClock('2026-11-20T08:00:00Z')
    ip = freshIp()
  })

  const ask = (phone: string, extra: Record<string, unknown> = {}) =>
    requestCode({
      request: apiRequest('/api/auth/otp/request', { body: { phone, channel: 'sms', ...extra }, ip }),
    })
  const verify = (phone: string, code: string, extra: Record<string, unknown> = {}) =>
    verifyCode({ request: apiRequest('/api/auth/otp/verify', { body: { phone, code, ...extra }, ip }) })
  const sessionCount = async () => (await db.select({ n: count() }).from(sessions))[0]!.n
  const codeCount = async () => (await db.select({ n: count() }).from(oneTimeCodes))[0]!.n
  const outboxCount = async () => (await db.select({ n: count() }).from(outboxMessages))[0]!.n

  it('texts a 6-digit code to the normalised number and delivers it through the job queue', async () => {
    const phone = uniquePhone()
    const local = `0${phone.slice(3)}` // 09xxxxxxxxx
    const response = await ask(local)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.data).toEqual({ phone, channel: 'sms', expires_in: 120, resend_in: 60, code_length: 6 })
    expect(await latestCodeFor(db, phone)).toMatch(/^\d{6}$/)
    const [queued] = await db.select().from(outboxMessages).where(eq(outboxMessages.to, phone))
    expect(queued!.status).toBe('queued')
    expect((await runDueJobs()).completed).toBeGreaterThanOrEqual(1)
    const [sent] = await db.select().from(outboxMessages).where(eq(outboxMessages.to, phone))
    expect(sent).toMatchObject({ status: 'sent', provider: 'dev', attempts: 1 })
    // The code is kept only as a keyed hash.
    const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.phone, phone))
    expect(row!.codeHash).not.toContain(await latestCodeFor(db, phone))
  })

  it('accepts 9xxxxxxxxx and +989xxxxxxxxx and sends WhatsApp when asked', async () => {
    const phone = uniquePhone()
    const response = await ask(phone.slice(3), { channel: 'whatsapp' })
    expect(response.status).toBe(200)
    expect((await response.json()).data).toMatchObject({ phone, channel: 'whatsapp' })
    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.to, phone))
    expect(message!.channel).toBe('whatsapp')
  })

  it.each([
    ['12345', 'Enter a valid mobile number'],
    ['0912123', 'Enter a valid mobile number'],
    ['08121234567', 'Enter a valid mobile number'],
    ['+9891212345678', 'Enter a valid mobile number'],
    ['+447911123456', 'Only Iranian mobile numbers (+98) are accepted'],
    ['0014155552671', 'Only Iranian mobile numbers (+98) are accepted'],
    ['', 'Field is required.'],
  ])('refuses %j with a 422 naming the phone field, and sends nothing', async (phone, message) => {
    const before = { codes: await codeCount(), outbox: await outboxCount() }
    const response = await ask(phone)
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ message, errors: { phone: [message] } })
    expect({ codes: await codeCount(), outbox: await outboxCount() }).toEqual(before)
  })

  it('refuses an unknown channel and a failed captcha with 422', async () => {
    const channel = await ask(uniquePhone(), { channel: 'pigeon' })
    expect(channel.status).toBe(422)
    expect((await channel.json()).errors).toEqual({ channel: ['Choose SMS or WhatsApp'] })

    setCaptchaVerifierForTesting({
      verify: async ({ action, token }) => action === 'login' && token === 'human',
    })
    try {
      const before = await outboxCount()
      const robot = await ask(uniquePhone(), { captcha_token: 'robot' })
      expect(robot.status).toBe(422)
      expect((await robot.json()).errors).toEqual({ captcha_token: ['The captcha check failed. Try again.'] })
      expect(await outboxCount()).toBe(before)
      expect((await ask(uniquePhone(), { captcha_token: 'human' })).status).toBe(200)
    } finally {
      setCaptchaVerifierForTesting(null)
    }
  })

  it('makes a resend wait 60 seconds (429 + Retry-After); the first code still works until it expires', async () => {
    const phone = uniquePhone()
    await ask(phone)
    const first = await latestCodeFor(db, phone)
    advanceClock(45_000)
    const early = await ask(phone)
    expect(early.status).toBe(429)
    expect(early.headers.get('retry-after')).toBe('15')
    expect((await early.json()).message).toBe('You can request a new code in 15 seconds')
    advanceClock(15_000)
    expect((await ask(phone)).status).toBe(200)
    const second = await latestCodeFor(db, phone)
    // A newer code does not cancel the older one (someone else's request must not cancel the
    // owner's): the first is still good for its two minutes, and then the second is spent too.
    expect((await verify(phone, first)).status).toBe(200)
    const replay = await verify(phone, second)
    expect(replay.status).toBe(200)
    advanceClock(61_000)
    const expired = await verify(phone, first)
    expect(expired.status).toBe(401)
  })

  it('signs in a known phone: httpOnly SameSite=Lax cookies, 390-minute access, the user in the reply', async () => {
    const user = await createUser(db, { firstName: 'Mina', lastName: 'Ahmadi' })
    await ask(user.cellphone)
    const response = await verify(user.cellphone, await latestCodeFor(db, user.cellphone))
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.data.status).toBe('signed_in')
    expect(body.data.user).toMatchObject({
      id: user.id,
      cellphone: user.cellphone,
      first_name: 'Mina',
      seller: null,
    })
    expect(body.data.access_token).toBeUndefined()
    const cookies = setCookies(response)
    expect(cookies.access_token!.attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']),
    )
    expect(cookies.access_token!.maxAge).toBe(390 * 60)
    expect(cookies.refresh_token!.attributes).toContain('HttpOnly')
    expect(cookies.refresh_token!.maxAge).toBe(30 * 86_400)
    expect(cookies.refresh_expire!.maxAge).toBe(0)
    const me = await profile({
      request: apiRequest('/api/user/profile', { cookies: sessionCookiesFrom(response) }),
    })
    expect((await me.json()).data.id).toBe(user.id)
  })

  it('takes a new phone through registration and signs it in', async () => {
    const phone = uniquePhone()
    await ask(phone)
    const verified = await verify(phone, await latestCodeFor(db, phone))
    expect(verified.status).toBe(200)
    const { data } = await verified.json()
    expect(data).toMatchObject({ status: 'needs_registration', phone, expires_in: 900 })
    expect(setCookies(verified).access_token).toBeUndefined()

    const bad = await register({
      request: apiRequest('/api/auth/register', {
        body: { ticket: data.ticket, first_name: '', last_name: 'X1', email: 'nope' },
        ip,
      }),
    })
    expect(bad.status).toBe(422)
    expect((await bad.json()).errors).toEqual({
      first_name: ['Field is required.'],
      last_name: ['Last name may contain letters, spaces, hyphens and apostrophes'],
      email: ['Enter a valid email address'],
    })
    expect(await db.select().from(users).where(eq(users.cellphone, phone))).toEqual([])

    const created = await register({
      request: apiRequest('/api/auth/register', {
        body: { ticket: data.ticket, first_name: 'Sara', last_name: 'Moradi', email: 'Sara@Example.com' },
        ip,
      }),
    })
    expect(created.status).toBe(201)
    const { data: signedIn } = await created.json()
    expect(signedIn.user).toMatchObject({
      cellphone: phone,
      first_name: 'Sara',
      email: 'sara@example.com',
      is_seller: false,
    })
    expect(sessionCookiesFrom(created).access_token).toBeTruthy()

    const again = await register({
      request: apiRequest('/api/auth/register', {
        body: { ticket: data.ticket, first_name: 'Eve', last_name: 'Twice' },
        ip,
      }),
    })
    expect(again.status).toBe(401)
    expect((await again.json()).message).toBe('Your verification has expired. Request a new code.')
  })

  it('counts wrong codes down, burns the code on the fifth, and signs nobody in', async () => {
    const user = await createUser(db)
    await ask(user.cellphone)
    const code = await latestCodeFor(db, user.cellphone)
    const before = await sessionCount()
    const messages: string[] = []
    for (let i = 0; i < 5; i++) {
      const response = await verify(user.cellphone, wrongCode(code))
      expect(response.status).toBe(401)
      messages.push((await response.json()).message)
    }
    expect(messages).toEqual([
      'Wrong code. 4 tries left.',
      'Wrong code. 3 tries left.',
      'Wrong code. 2 tries left.',
      'Wrong code. 1 try left.',
      'Wrong code. Too many wrong tries: this code no longer works. Request a new code.',
    ])
    const right = await verify(user.cellphone, code)
    expect(right.status).toBe(401)
    expect((await right.json()).message).toBe(
      'Too many wrong tries: this code no longer works. Request a new code.',
    )
    expect(await sessionCount()).toBe(before)
  })

  it('refuses an expired code and a replayed code with 401, changing nothing', async () => {
    const user = await createUser(db)
    await ask(user.cellphone)
    const code = await latestCodeFor(db, user.cellphone)
    advanceClock(120_000)
    const before = await sessionCount()
    const expired = await verify(user.cellphone, code)
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({
      message: 'This code has expired. Request a new code.',
      errors: { code: ['This code has expired. Request a new code.'] },
    })
    expect(await sessionCount()).toBe(before)

    await ask(user.cellphone)
    const fresh = await latestCodeFor(db, user.cellphone)
    expect((await verify(user.cellphone, fresh)).status).toBe(200)
    const afterSignIn = await sessionCount()
    const replay = await verify(user.cellphone, fresh)
    expect(replay.status).toBe(401)
    expect((await replay.json()).message).toBe('This code has already been used. Request a new code.')
    expect(await sessionCount()).toBe(afterSignIn)
  })

  it('signs in once when the same code arrives twice at the same moment', async () => {
    const user = await createUser(db)
    await ask(user.cellphone)
    const code = await latestCodeFor(db, user.cellphone)
    const before = await sessionCount()
    const statuses = (await Promise.all([verify(user.cellphone, code), verify(user.cellphone, code)])).map(
      (r) => r.status,
    )
    expect(statuses.sort()).toEqual([200, 401])
    expect(await sessionCount()).toBe(before + 1)
  })

  it('answers a malformed code with 422 and a code for a number that got none with 401', async () => {
    const malformed = await verify(uniquePhone(), '12ab')
    expect(malformed.status).toBe(422)
    expect((await malformed.json()).errors).toEqual({ code: ['Enter the 6-digit code'] })
    const none = await verify(uniquePhone(), '123456')
    expect(none.status).toBe(401)
    expect((await none.json()).message).toBe('No code was sent to this number. Request a code first.')
  })

  it('gives apps the tokens in the body when they ask for delivery "body"', async () => {
    const user = await createUser(db)
    await ask(user.cellphone)
    const response = await verify(user.cellphone, await latestCodeFor(db, user.cellphone), {
      delivery: 'body',
    })
    const { data } = await response.json()
    expect(data.access_token).toMatch(/^[\w-]{43}$/)
    expect(response.headers.getSetCookie()).toEqual([])
    const me = await profile({ request: apiRequest('/api/user/profile', { bearer: data.access_token }) })
    expect((await me.json()).data.id).toBe(user.id)
  })
})
