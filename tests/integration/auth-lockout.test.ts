import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signInLockWait } from '~/features/auth/auth.server'
import { hashPassword } from '~/server/auth/password.server'
import { advanceClock, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { outboxMessages } from '~/server/db/schema'
import { Route as otpRequestRoute } from '~/routes/api/auth/otp/request'
import { Route as otpVerifyRoute } from '~/routes/api/auth/otp/verify'
import { Route as passwordRoute } from '~/routes/api/auth/password'
import { createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import {
  apiRequest,
  closeAuthTestDatabase,
  freshIp,
  latestCodeFor,
  openAuthTestDatabase,
  routeHandler,
  setCookies,
  wrongCode,
} from './auth-fixtures'

const requestCode = routeHandler(otpRequestRoute, 'POST')
const verifyCode = routeHandler(otpVerifyRoute, 'POST')
const passwordSignIn = routeHandler(passwordRoute, 'POST')
const PASSWORD = 'Right-pass-1'

/**
 * Issue #35 §3 and §4: what strangers do with somebody's phone number must not close the owner's
 * ways in. Strangers are other client addresses (the tests trust X-Forwarded-For); the owner's
 * device that signed in before carries the known-device cookie its sign-in set.
 */
describe(`strangers cannot lock the owner out of sign-in (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)
  beforeEach(() => setClock('2026-11-20T08:00:00Z'))

  const ask = (phone: string, ip: string, cookies?: Record<string, string>) =>
    requestCode({
      request: apiRequest('/api/auth/otp/request', { body: { phone, channel: 'sms' }, ip, cookies }),
    })
  const verify = (phone: string, code: string, ip: string, cookies?: Record<string, string>) =>
    verifyCode({ request: apiRequest('/api/auth/otp/verify', { body: { phone, code }, ip, cookies }) })
  const tryPassword = (phone: string, password: string, ip: string, cookies?: Record<string, string>) =>
    passwordSignIn({ request: apiRequest('/api/auth/password', { body: { phone, password }, ip, cookies }) })
  const codesSentTo = async (phone: string) =>
    (await db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.to, phone)))[0]!.n

  async function ownerWithPassword() {
    return createUser(db, { passwordHash: await hashPassword(PASSWORD) })
  }

  /** The known-device cookie a browser keeps after signing in from `ip`. */
  async function knownDevice(phone: string, ip: string): Promise<Record<string, string>> {
    const signedIn = await tryPassword(phone, PASSWORD, ip)
    expect(signedIn.status).toBe(200)
    const cookie = setCookies(signedIn).known_device
    expect(cookie?.attributes).toContain('HttpOnly')
    expect(cookie?.maxAge).toBe(365 * 86_400)
    return { known_device: cookie!.value }
  }

  it("§3: twenty code requests from four addresses send one code and hold the owner's next one for a minute at most", async () => {
    const user = await createUser(db)
    const strangers = [freshIp(), freshIp(), freshIp(), freshIp()]
    const answers: number[] = []
    for (const stranger of strangers)
      for (let i = 0; i < 5; i++) answers.push((await ask(user.cellphone, stranger)).status)
    // Only the first was sent; the rest were refused before sending and cost the phone nothing.
    expect(answers.filter((status) => status === 200)).toHaveLength(1)
    expect(await codesSentTo(user.cellphone)).toBe(1)

    const owner = freshIp()
    const held = await ask(user.cellphone, owner)
    expect(held.status).toBe(429)
    const wait = Number(held.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
    advanceClock(wait * 1000)
    expect((await ask(user.cellphone, owner)).status).toBe(200)
    expect(await codesSentTo(user.cellphone)).toBe(2)
    expect((await verify(user.cellphone, await latestCodeFor(db, user.cellphone), owner)).status).toBe(200)
  })

  it('§3: strangers asking all hour from fresh addresses send at most 16 codes, and the owner waits five minutes at most', async () => {
    const user = await createUser(db)
    const ownerWaits: number[] = []
    for (let minute = 0; minute < 60; minute++) {
      // A new address every minute, each asking twice.
      const stranger = freshIp()
      await ask(user.cellphone, stranger)
      await ask(user.cellphone, stranger)
      if (minute % 7 === 3) {
        const owner = await ask(user.cellphone, freshIp())
        if (owner.status === 429) ownerWaits.push(Number(owner.headers.get('retry-after')))
        else expect(owner.status).toBe(200)
      }
      advanceClock(60_000)
    }
    expect(await codesSentTo(user.cellphone)).toBeLessThanOrEqual(16)
    expect(Math.max(...ownerWaits)).toBeLessThanOrEqual(300)
  })

  it('§3: a known device of the phone gets its code at once and signs in, whatever strangers did', async () => {
    const user = await ownerWithPassword()
    const device = await knownDevice(user.cellphone, freshIp())
    for (let i = 0; i < 5; i++) {
      expect((await ask(user.cellphone, freshIp())).status).toBe(200)
      advanceClock(61_000)
    }
    expect((await ask(user.cellphone, freshIp())).status).toBe(429)
    // Strangers' wrong codes from thirty-one addresses fill the phone's shared verify limit.
    const theirs = await latestCodeFor(db, user.cellphone)
    for (let i = 0; i < 31; i++) await verify(user.cellphone, wrongCode(theirs), freshIp())
    const owner = freshIp()
    expect((await ask(user.cellphone, owner, device)).status).toBe(200)
    const code = await latestCodeFor(db, user.cellphone)
    expect((await verify(user.cellphone, code, freshIp())).status).toBe(429)
    expect((await verify(user.cellphone, code, owner, device)).status).toBe(200)
  })

  it("§4: 55 wrong passwords from eleven addresses do not refuse the owner's known device", async () => {
    const user = await ownerWithPassword()
    const device = await knownDevice(user.cellphone, freshIp())
    const answers: number[] = []
    for (let address = 0; address < 11; address++) {
      const stranger = freshIp()
      for (let i = 0; i < 5; i++)
        answers.push((await tryPassword(user.cellphone, `Wrong-${i}x`, stranger)).status)
    }
    // Unknown devices together get fifty guesses in 15 minutes; the last five are refused unchecked.
    expect(answers.filter((status) => status === 401)).toHaveLength(50)
    expect(answers.slice(50)).toEqual([429, 429, 429, 429, 429])
    // From a new address (a phone on the move), with the cookie of its earlier sign-in.
    const signedIn = await tryPassword(user.cellphone, PASSWORD, freshIp(), device)
    expect(signedIn.status).toBe(200)
    expect((await signedIn.json()).data.user.id).toBe(user.id)
  })

  it('§4: password guessing stays bounded: per address, per phone for unknown devices, per known device', async () => {
    const user = await ownerWithPassword()
    const device = await knownDevice(user.cellphone, freshIp())
    // One address: five wrong passwords, then even the right one is refused.
    const one = freshIp()
    for (let i = 0; i < 5; i++)
      expect((await tryPassword(user.cellphone, `Wrong-${i}x`, one)).status).toBe(401)
    const locked = await tryPassword(user.cellphone, PASSWORD, one)
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800)
    // Every unknown device together: fifty guesses in the 15 minutes (the locked try above counted).
    let guesses = 6
    while (guesses < 50) {
      const stranger = freshIp()
      for (let i = 0; i < 5 && guesses < 50; i++, guesses++)
        expect((await tryPassword(user.cellphone, `Wrong-${i}y`, stranger)).status).toBe(401)
    }
    expect((await tryPassword(user.cellphone, PASSWORD, freshIp())).status).toBe(429)
    // Another phone's known-device cookie, or a forged one, is just another unknown device.
    const other = await ownerWithPassword()
    const otherDevice = await knownDevice(other.cellphone, freshIp())
    expect((await tryPassword(user.cellphone, PASSWORD, freshIp(), otherDevice)).status).toBe(429)
    const forged = { known_device: `${device.known_device!.slice(0, 22)}.${'A'.repeat(22)}` }
    expect((await tryPassword(user.cellphone, PASSWORD, freshIp(), forged)).status).toBe(429)
    // The known device has its own five wrong tries (a correct one gives its try back).
    expect((await tryPassword(user.cellphone, PASSWORD, freshIp(), device)).status).toBe(200)
    for (let i = 0; i < 5; i++)
      expect((await tryPassword(user.cellphone, `Wrong-${i}z`, freshIp(), device)).status).toBe(401)
    expect((await tryPassword(user.cellphone, PASSWORD, freshIp(), device)).status).toBe(429)
    advanceClock(15 * 60_000)
    expect((await tryPassword(user.cellphone, PASSWORD, freshIp())).status).toBe(200)
  })

  it("answers the 429 page's question without counting a try", async () => {
    const user = await ownerWithPassword()
    const guesser = { ip: freshIp(), userAgent: null }
    for (let i = 0; i < 5; i++) await tryPassword(user.cellphone, `Wrong-${i}x`, guesser.ip)
    const first = await signInLockWait(db, 'password', user.cellphone, guesser)
    expect(first).toBe(15 * 60)
    advanceClock(60_000)
    expect(await signInLockWait(db, 'password', user.cellphone, guesser)).toBe(14 * 60)
    expect(await signInLockWait(db, 'password', user.cellphone, { ip: freshIp(), userAgent: null })).toBe(0)
    advanceClock(14 * 60_000)
    expect(await signInLockWait(db, 'password', user.cellphone, guesser)).toBe(0)
    expect((await tryPassword(user.cellphone, PASSWORD, guesser.ip)).status).toBe(200)
  })
})
