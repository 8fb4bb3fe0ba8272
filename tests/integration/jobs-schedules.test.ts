import { eq } from 'drizzle-orm'
import { PgBoss, TestClock, fromPglite, type ConstructorOptions } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerJobHandlers } from '~/job-handlers.server'
import { now, setClock } from '~/server/clock.server'
import type { DatabaseHandle, Db } from '~/server/db/client.server'
import { orders } from '~/server/db/schema'
import { jobNames, jobPolicies } from '~/server/jobs/job-catalog.server'
import { JOBS_SCHEMA, jobQueue, startJobs, stopJobs } from '~/server/jobs/jobs.server'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'

/**
 * Periodic work as the server runs it: pg-boss with its schedules and workers on, on a test clock
 * that the test moves minute by minute, plus a second pg-boss instance on the same database standing
 * in for a second app server. Nobody calls the periodic functions here; the schedules do.
 */
let handle: DatabaseHandle
let db: Db
let clock: TestClock
let secondInstance: PgBoss

const START = '2026-11-20T08:00:30Z'

/** The second app server's pg-boss: same database and schema, schedules on, no workers. */
function secondInstanceOptions(): ConstructorOptions {
  const common = { schema: JOBS_SCHEMA, schedule: true, supervise: true, migrate: false, clock }
  return handle.connection.kind === 'pglite'
    ? { ...common, db: fromPglite(handle.connection.client), backend: 'pglite' }
    : { ...common, connectionString: handle.connection.url, max: 2 }
}

/** Moves the application's clock and pg-boss's together, firing pg-boss's timers on the way. */
async function advance(ms: number): Promise<void> {
  for (let step = 0; step < ms; step += 5_000) {
    setClock(new Date(now().getTime() + 5_000))
    await clock.tick(5_000)
  }
}

beforeAll(async () => {
  ;({ handle, db } = await openAuthTestDatabase())
  // The test database's queue runs without workers; start it the way the server does instead.
  await stopJobs()
  setClock(START)
  clock = new TestClock(now())
  registerJobHandlers()
  await startJobs(handle, { work: true, clock })
  secondInstance = new PgBoss(secondInstanceOptions())
  secondInstance.on('error', () => {})
  await secondInstance.start()
})

afterAll(async () => {
  await secondInstance?.stop({ graceful: false, close: true })
  await closeAuthTestDatabase()
})

describe(`scheduled work on pg-boss (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('puts each periodic task on a schedule, and only those', async () => {
    const schedules = await jobQueue().getSchedules()
    const periodic = jobNames.filter((name) => jobPolicies[name].schedule)
    expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual(
      periodic.map((name) => [name, jobPolicies[name].schedule]).sort(),
    )
  })

  it('runs each scheduled task once a period with two instances, and the work gets done', async () => {
    // An order nobody paid for, due a minute ago: the payment-expiry schedule should end it.
    const order = await createPendingOrder(db, { paymentDueAt: new Date(now().getTime() - 60_000) })

    await advance(3 * 60_000) // 08:00:30 → 08:03:30: the minutes 08:01, 08:02 and 08:03 come round

    // One run a minute, not one per instance. The 08:00 occurrence was still due (inside pg-boss's
    // one-minute window) when the instances started at 08:00:30, so whether it runs depends on
    // whether a schedule was written before the first pass; either way it runs at most once.
    const minutesRun = async (name: string) =>
      (await jobQueue().findJobs(name)).map((job) => new Date(job.createdOn).toISOString().slice(11, 16)).sort()
    for (const name of ['catalog.refresh-listings', 'payments.expire-unpaid'] as const) {
      const minutes = await minutesRun(name)
      expect(new Set(minutes).size, `${name} ran twice in one minute: ${minutes.join(', ')}`).toBe(minutes.length)
      expect(minutes.filter((minute) => minute !== '08:00')).toEqual(['08:01', '08:02', '08:03'])
    }
    // Each run was picked up by the first instance's worker.
    await expect
      .poll(async () => (await jobQueue().findJobs('payments.expire-unpaid')).every((j) => j.state === 'completed'))
      .toBe(true)
    const [expired] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id))
    expect(expired!.status).toBe('expired')
  })
})
