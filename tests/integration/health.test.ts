/**
 * Issue #35 §8: GET /api/health tells anyone whether the server and its database answer, and only
 * a signed-in administrator which database it is (PostgreSQL's version string names the exact
 * build, compiler and operating system).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Route as healthRoute } from '~/routes/api/health'
import type { Db } from '~/server/db/client.server'
import { createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import {
  apiRequest,
  closeAuthTestDatabase,
  openAuthTestDatabase,
  routeHandler,
  signInAs,
} from './auth-fixtures'

const health = routeHandler(healthRoute, 'GET')
let db: Db

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

async function read(options: Parameters<typeof apiRequest>[1] = {}) {
  const response = await health({ request: apiRequest('/api/health', options) })
  return {
    status: response.status,
    text: await response.text(),
    cache: response.headers.get('cache-control'),
  }
}

describe(`GET /api/health (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers a guest with the status only: no database, version or uptime', async () => {
    const guest = await read()
    expect(guest.status).toBe(200)
    expect(JSON.parse(guest.text)).toEqual({ status: 'ok' })
    expect(guest.text).not.toMatch(/PostgreSQL|version|pglite|postgres|uptime/i)
    expect(guest.cache).toBe('no-store')
  })

  it('answers a signed-in buyer as a guest, and a bad token the same', async () => {
    const buyer = await signInAs(db, (await createUser(db)).id)
    expect(JSON.parse((await read({ bearer: buyer.accessToken })).text)).toEqual({ status: 'ok' })
    expect(JSON.parse((await read({ bearer: 'not-a-token' })).text)).toEqual({ status: 'ok' })
  })

  it('shows a signed-in administrator the database and its version, by cookie or bearer token', async () => {
    const admin = await signInAs(db, (await createUser(db, { isAdmin: true })).id)
    for (const options of [{ bearer: admin.accessToken }, { cookies: { access_token: admin.accessToken } }]) {
      const seen = await read(options)
      expect(seen.status).toBe(200)
      expect(JSON.parse(seen.text)).toMatchObject({
        status: 'ok',
        database: {
          kind: usingPostgres() ? 'postgres' : 'pglite',
          version: expect.stringMatching(/PostgreSQL \d+/),
        },
        uptimeSeconds: expect.any(Number),
      })
    }
  })
})
