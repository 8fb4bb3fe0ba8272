import { count } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { advanceClock, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { outboxMessages, sessions } from '~/server/db/schema'
import { Route as otpRequestRoute } from '~/routes/api/auth/otp/request'
import { Route as otpVerifyRoute } from '~/routes/api/auth/otp/verify'
import { createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import {
  apiRequest,
  closeAuthTestDatabase,
  freshIp,
  latestCodeFor,
  openAuthTestDatabase,
  routeHandler,
  uniquePhone,
  wrongCode,
} from './auth-fixtures'

const requestCode = routeHandler(otpRequestRoute, 'POST')
const verifyCode = routeHandler(otpVerifyRoute, 'POST')

describe(`rate limits on the code flow (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
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

  const ask = (phone: string) =>
    requestCode({ request: apiRequest('/api/auth/otp/request', { body: { phone, channel: 'sms' }, ip }) })
  const verify = (phone: string, code: string) =>
    verifyCode({ request: apiRequest('/api/auth/otp/verify', { body: { phone, code }, ip }) })
  const sessionCount = async () => (await db.select({ n: count() }).from(sessions))[0]!.n
  const outboxCount = async () => (await db.select({ n: count() }).from(outboxMessages))[0]!.n

  it('limits code requests per phone and per IP with 429 and Retry-After', async () => {
    const phone = uniquePhone()
    for (let i = 0; i < 5; i++) {
      expect((await ask(phone)).status).toBe(200)
      advanceClock(61_000)
    }
    const limited = await ask(phone)
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBe(3600 - 5 * 61)
    expect((await limited.json()).message).toBe(`Too many attempts. Try again in ${retryAfter} seconds.`)
    advanceClock(retryAfter * 1000)
    expect((await ask(phone)).status).toBe(200)

    const sharedIp = freshIp()
    for (let i = 0; i < 20; i++) {
      const response = await requestCode({
        request: apiRequest('/api/auth/otp/request', { body: { phone: uniquePhone() }, ip: sharedIp }),
      })
      expect(response.status).toBe(200)
    }
    const before = await outboxCount()
    const overIp = await requestCode({
      request: apiRequest('/api/auth/otp/request', { body: { phone: uniquePhone() }, ip: sharedIp }),
    })
    expect(overIp.status).toBe(429)
    expect(Number(overIp.headers.get('retry-after'))).toBe(3600)
    expect(await outboxCount()).toBe(before)
  })

  it('limits verify attempts per phone across codes', async () => {
    const user = await createUser(db)
    for (let round = 0; round < 2; round++) {
      await ask(user.cellphone)
      const code = await latestCodeFor(db, user.cellphone)
      for (let i = 0; i < 5; i++) await verify(user.cellphone, wrongCode(code))
      advanceClock(61_000)
    }
    await ask(user.cellphone)
    const before = await sessionCount()
    // Even the right code is refused while the phone is over its limit, and nobody is signed in.
    const limited = await verify(user.cellphone, await latestCodeFor(db, user.cellphone))
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBe(15 * 60 - 2 * 61)
    expect(await sessionCount()).toBe(before)
  })
})
