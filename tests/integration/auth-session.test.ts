import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { advanceClock, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { sessions } from '~/server/db/schema'
import { hashPassword } from '~/server/auth/password.server'
import { Route as logoutRoute } from '~/routes/api/auth/logout'
import { Route as passwordRoute } from '~/routes/api/auth/password'
import { Route as refreshRoute } from '~/routes/api/auth/refresh-token'
import { Route as removeCookieRoute } from '~/routes/api/auth/remove-cookie'
import { Route as profileRoute } from '~/routes/api/user/profile'
import { createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import {
  SITE,
  apiRequest,
  closeAuthTestDatabase,
  freshIp,
  openAuthTestDatabase,
  routeHandler,
  sessionCookiesFrom,
  setCookies,
  signInAs,
} from './auth-fixtures'

const profile = routeHandler(profileRoute, 'GET')
const refresh = routeHandler(refreshRoute, 'POST')
const logout = routeHandler(logoutRoute, 'POST')
const removeCookie = routeHandler(removeCookieRoute, 'GET')
const passwordSignIn = routeHandler(passwordRoute, 'POST')

type Cookies = { access_token: string; refresh_token: string }

describe(`sessions (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)
  beforeEach(() => setClock('2026-11-20T08:00:00Z'))

  const me = (cookies: Partial<Cookies>) => profile({ request: apiRequest('/api/user/profile', { cookies }) })
  const rotate = (cookies: Partial<Cookies>, origin: string | null = SITE) =>
    refresh({ request: apiRequest('/api/auth/refresh-token', { method: 'POST', cookies, origin }) })

  async function signedInBrowser(): Promise<{ userId: number; cookies: Cookies }> {
    const user = await createUser(db, { passwordHash: await hashPassword('Correct-horse-9') })
    const response = await passwordSignIn({
      request: apiRequest('/api/auth/password', {
        body: { phone: user.cellphone, password: 'Correct-horse-9' },
        ip: freshIp(),
      }),
    })
    expect(response.status).toBe(200)
    return { userId: user.id, cookies: sessionCookiesFrom(response) }
  }

  it('stores only hashes of the tokens', async () => {
    const { userId, cookies } = await signedInBrowser()
    const rows = await db.select().from(sessions).where(eq(sessions.userId, userId))
    const stored = JSON.stringify(rows)
    expect(stored).not.toContain(cookies.access_token)
    expect(stored).not.toContain(cookies.refresh_token)
  })

  it('rotates the refresh token: new pair works, old pair stops working', async () => {
    const { userId, cookies } = await signedInBrowser()
    const response = await rotate(cookies)
    expect(response.status).toBe(200)
    const next = sessionCookiesFrom(response)
    expect(next.access_token).not.toBe(cookies.access_token)
    expect(next.refresh_token).not.toBe(cookies.refresh_token)
    expect(setCookies(response).access_token!.attributes).toContain('HttpOnly')
    expect((await (await me(next)).json()).data.id).toBe(userId)
    expect((await me(cookies)).status).toBe(401)
  })

  it('treats a replayed refresh token as theft and revokes the whole family', async () => {
    const { cookies } = await signedInBrowser()
    const next = sessionCookiesFrom(await rotate(cookies))
    const newest = sessionCookiesFrom(await rotate(next))
    advanceClock(11_000)

    const replay = await rotate(cookies)
    expect(replay.status).toBe(401)
    expect((await replay.json()).message).toBe('Your session has expired. Sign in again.')
    expect(setCookies(replay).refresh_expire!.value).toBe('1')
    expect(setCookies(replay).access_token!.maxAge).toBe(0)
    // Every pair of that sign-in is dead, including the thief's or the owner's newest one.
    expect((await me(newest)).status).toBe(401)
    expect((await rotate(newest)).status).toBe(401)
  })

  it('lets two tabs refresh at once without signing the user out', async () => {
    const { userId, cookies } = await signedInBrowser()
    const first = await rotate(cookies)
    const second = await rotate(cookies)
    expect(second.status).toBe(200)
    expect(second.headers.getSetCookie()).toEqual([])
    const next = sessionCookiesFrom(first)
    expect((await (await me(next)).json()).data.id).toBe(userId)
  })

  it('expires the access token at exactly 390 minutes; the refresh token then renews it', async () => {
    const { userId, cookies } = await signedInBrowser()
    advanceClock(390 * 60_000 - 1000)
    expect((await me(cookies)).status).toBe(200)
    advanceClock(1000)
    const expired = await me(cookies)
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({ message: 'Sign in to continue' })
    // Refreshing can still help, so the client is not told to stop (spec §8).
    expect(setCookies(expired).refresh_expire).toBeUndefined()
    const renewed = sessionCookiesFrom(await rotate(cookies))
    expect((await (await me(renewed)).json()).data.id).toBe(userId)
  })

  it('expires the refresh token after 30 days and sets refresh_expire', async () => {
    const { cookies } = await signedInBrowser()
    advanceClock(30 * 86_400_000)
    const signedOut = await me(cookies)
    expect(signedOut.status).toBe(401)
    expect(setCookies(signedOut).refresh_expire!.value).toBe('1')
    const refused = await rotate(cookies)
    expect(refused.status).toBe(401)
    expect(setCookies(refused).refresh_expire!.attributes).not.toContain('HttpOnly')
  })

  it('tells a guest not to try refreshing', async () => {
    const response = await me({})
    expect(response.status).toBe(401)
    expect(setCookies(response).refresh_expire!.value).toBe('1')
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('logs out: both tokens revoked, cookies cleared', async () => {
    const { cookies } = await signedInBrowser()
    const response = await logout({ request: apiRequest('/api/auth/logout', { method: 'POST', cookies }) })
    expect(response.status).toBe(200)
    expect(setCookies(response).access_token!.maxAge).toBe(0)
    expect(setCookies(response).refresh_token!.maxAge).toBe(0)
    expect((await me(cookies)).status).toBe(401)
    expect((await rotate(cookies)).status).toBe(401)
  })

  it('accepts Authorization: Bearer and logs a bearer session out', async () => {
    const user = await createUser(db)
    const session = await signInAs(db, user.id)
    const response = await profile({
      request: apiRequest('/api/user/profile', { bearer: session.accessToken }),
    })
    expect((await response.json()).data.id).toBe(user.id)
    const out = await logout({
      request: apiRequest('/api/auth/logout', { method: 'POST', bearer: session.accessToken, origin: null }),
    })
    expect(out.status).toBe(200)
    expect(
      (await profile({ request: apiRequest('/api/user/profile', { bearer: session.accessToken }) })).status,
    ).toBe(401)
  })

  it('refreshes for apps with the refresh token in the body, answering with tokens in the body', async () => {
    const user = await createUser(db)
    const session = await signInAs(db, user.id)
    const response = await refresh({
      request: apiRequest('/api/auth/refresh-token', {
        body: { refresh_token: session.refreshToken },
        origin: null,
      }),
    })
    expect(response.status).toBe(200)
    const { data } = await response.json()
    expect(data.access_token).toBeTruthy()
    expect(response.headers.getSetCookie()).toEqual([])
    const next = await profile({ request: apiRequest('/api/user/profile', { bearer: data.access_token }) })
    expect(next.status).toBe(200)
    // An app has no cookie jar shared between tabs: presenting the old token again is always theft.
    const replay = await refresh({
      request: apiRequest('/api/auth/refresh-token', {
        body: { refresh_token: session.refreshToken },
        origin: null,
      }),
    })
    expect(replay.status).toBe(401)
    expect(
      (await profile({ request: apiRequest('/api/user/profile', { bearer: data.access_token }) })).status,
    ).toBe(401)
  })

  it('clears the cookies at GET /api/auth/remove-cookie', async () => {
    const response = await removeCookie({ request: apiRequest('/api/auth/remove-cookie') })
    expect(response.status).toBe(200)
    const cookies = setCookies(response)
    expect(cookies.access_token!.maxAge).toBe(0)
    expect(cookies.refresh_token!.maxAge).toBe(0)
    expect(cookies.refresh_expire!.value).toBe('1')
    const ownPage = apiRequest('/api/auth/remove-cookie', { referer: `${SITE}/cart` })
    ownPage.headers.set('sec-fetch-site', 'same-origin')
    expect((await removeCookie({ request: ownPage })).status).toBe(200)
  })

  // Issue #13 §8: a link or image on another site used to sign the user out.
  it.each([
    ['a cross-site link (Sec-Fetch-Site)', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling site (Sec-Fetch-Site)', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Referer without Sec-Fetch-Site', { referer: 'https://evil.example/page' }],
  ])('refuses GET /api/auth/remove-cookie from %s, clearing nothing', async (_name, extra) => {
    const request = apiRequest('/api/auth/remove-cookie')
    for (const [name, value] of Object.entries(extra)) request.headers.set(name, value)
    const response = await removeCookie({ request })
    expect(response.status).toBe(403)
    expect(response.headers.getSetCookie()).toEqual([])
  })

  describe('cross-site request forgery', () => {
    it('refuses a cookie-authenticated POST from another origin, and changes nothing', async () => {
      const { cookies } = await signedInBrowser()
      const forged = await rotate(cookies, 'https://evil.example')
      expect(forged.status).toBe(403)
      expect(forged.headers.getSetCookie()).toEqual([])
      const forgedLogout = await logout({
        request: apiRequest('/api/auth/logout', { method: 'POST', cookies, origin: 'https://evil.example' }),
      })
      expect(forgedLogout.status).toBe(403)
      expect((await me(cookies)).status).toBe(200)
      expect((await rotate(cookies)).status).toBe(200)
    })

    it('refuses a cookie POST with neither Origin nor Referer, and accepts a same-site Referer', async () => {
      const { cookies } = await signedInBrowser()
      expect((await rotate(cookies, null)).status).toBe(403)
      const viaReferer = await refresh({
        request: apiRequest('/api/auth/refresh-token', {
          method: 'POST',
          cookies,
          origin: null,
          referer: `${SITE}/buyer/orders`,
        }),
      })
      expect(viaReferer.status).toBe(200)
    })

    it('refuses a sign-in posted from another site', async () => {
      const response = await passwordSignIn({
        request: apiRequest('/api/auth/password', {
          body: { phone: '09120000009', password: 'x' },
          origin: 'https://evil.example',
        }),
      })
      expect(response.status).toBe(403)
    })
  })

  describe("never another user's data", () => {
    it('answers each caller with their own profile, whatever the query says', async () => {
      const alice = await createUser(db, { firstName: 'Alice' })
      const bob = await createUser(db, { firstName: 'Bob' })
      const a = await signInAs(db, alice.id)
      const b = await signInAs(db, bob.id)
      const asAlice = await profile({
        request: apiRequest(`/api/user/profile?id=${bob.id}&user_id=${bob.id}`, { bearer: a.accessToken }),
      })
      const body = await asAlice.json()
      expect(body.data).toMatchObject({ id: alice.id, first_name: 'Alice', cellphone: alice.cellphone })
      expect(JSON.stringify(body)).not.toContain(bob.cellphone)
      const asBob = await profile({
        request: apiRequest('/api/user/profile', { cookies: { access_token: b.accessToken } }),
      })
      expect((await asBob.json()).data.id).toBe(bob.id)
    })

    it('uses the bearer token, not a cookie of someone else, when both are sent', async () => {
      const alice = await createUser(db)
      const bob = await createUser(db)
      const a = await signInAs(db, alice.id)
      const b = await signInAs(db, bob.id)
      const response = await profile({
        request: apiRequest('/api/user/profile', {
          bearer: b.accessToken,
          cookies: { access_token: a.accessToken },
        }),
      })
      expect((await response.json()).data.id).toBe(bob.id)
    })
  })
})
