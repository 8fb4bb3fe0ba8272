import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { advanceClock, setClock } from '~/server/clock.server'
import { openDatabase, selectRows, type Db } from '~/server/db/client.server'
import { enforceRateLimits, hitRateLimit } from '~/server/rate-limit/rate-limit.server'
import { HttpError } from '~/server/http/api-errors.server'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'

const rule = { name: 'test', limit: 3, windowMs: 60_000 }

describe(`the database rate limiter (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)
  beforeEach(() => setClock('2026-11-20T08:00:00Z'))

  it('allows the limit, then answers with the seconds until the window closes', async () => {
    const results = []
    for (let i = 0; i < 4; i++) {
      results.push(await hitRateLimit(db, rule, 'a'))
      advanceClock(10_000)
    }
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false])
    expect(results[3]!.retryAfterSeconds).toBe(30)
    advanceClock(20_000)
    expect((await hitRateLimit(db, rule, 'a')).allowed).toBe(true)
    expect((await hitRateLimit(db, rule, 'b')).count).toBe(1)
  })

  it('throws 429 with Retry-After naming the longest wait over several limits', async () => {
    const short = { name: 'short', limit: 1, windowMs: 10_000 }
    const long = { name: 'long', limit: 1, windowMs: 100_000 }
    const checks = [
      { rule: short, subject: 'x' },
      { rule: long, subject: 'x' },
    ]
    await enforceRateLimits(db, checks)
    const error = (await enforceRateLimits(db, checks).catch((e: unknown) => e)) as HttpError
    expect(error.status).toBe(429)
    expect(error.headers).toEqual({ 'retry-after': '100' })
  })

  it('counts exactly across concurrent requests', async () => {
    const subject = `burst-${Date.now()}`
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => hitRateLimit(db, { ...rule, limit: 5 }, subject)),
    )
    expect(burst.filter((r) => r.allowed)).toHaveLength(5)
    expect(burst.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    )
  })

  it.runIf(usingPostgres())('holds across instances: a second connection sees the same counter', async () => {
    // A second connection pool to the same database stands for a second app instance.
    const second = await openDatabase({ kind: 'postgres', url: await currentDatabaseUrl(db) })
    try {
      const subject = 'shared'
      for (let i = 0; i < 3; i++) expect((await hitRateLimit(db, rule, subject)).allowed).toBe(true)
      expect((await hitRateLimit(second.db, rule, subject)).allowed).toBe(false)
    } finally {
      await second.close()
    }
  })
})

/** The URL of this file's test database: TEST_DATABASE_URL's server, the database in use. */
async function currentDatabaseUrl(db: Db): Promise<string> {
  const [row] = await selectRows<{ name: string }>(db, sql`select current_database() as name`)
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${row!.name}`
  return url.toString()
}
