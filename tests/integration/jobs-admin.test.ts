import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { deadJobInput } from '~/features/jobs/jobs.schemas'
import { deleteDeadJob, getJobsOverview, retryDeadJob } from '~/features/jobs/jobs.server'
import type { AuthContext } from '~/server/auth/session.server'
import { advanceClock, setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, outboxMessages } from '~/server/db/schema'
import { registerJobHandlers } from '~/job-handlers.server'
import { registerJobHandler, sendJob } from '~/server/jobs/jobs.server'
import { queueMessage, setSmsProviderForTesting } from '~/server/providers/sms/outbox.server'
import { createUser, uniquePhone } from '../factories/create'
import { allJobs, deadLetters, jobsNamed, runDueJobs } from '../support/jobs'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

let db: Db
let admin: AuthContext
let buyer: AuthContext

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
  admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
  buyer = await authOf(db, (await createUser(db)).id)
})
afterAll(closeAuthTestDatabase)
afterEach(() => {
  setSmsProviderForTesting(null)
  setClock(null)
})

const gatewayDown = {
  name: 'down-gateway',
  async send(): Promise<{ providerMessageId: string }> {
    throw new Error('gateway down')
  },
}

/** A message whose every delivery attempt fails: it ends in the dead-letter queue. */
async function deadMessage(): Promise<{ outboxId: number; jobId: string }> {
  setSmsProviderForTesting(gatewayDown)
  const outboxId = await db.transaction((tx) =>
    queueMessage(tx, { to: uniquePhone(), channel: 'sms', body: 'hi' }),
  )
  for (let i = 0; i < 6; i++) {
    await runDueJobs()
    advanceClock(10 * 60_000)
  }
  const dead = (await deadLetters()).find((job) => (job.data as { outboxId: number }).outboxId === outboxId)
  expect(dead).toBeDefined()
  setSmsProviderForTesting(null)
  return { outboxId, jobId: dead!.id }
}

describe(`/admin/jobs (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is for administrators only', async () => {
    expect(await statusOf(() => getJobsOverview(null))).toBe(401)
    expect(await statusOf(() => getJobsOverview(buyer))).toBe(403)
    const { jobId } = await deadMessage()
    expect(await statusOf(() => retryDeadJob(db, buyer, { job_id: jobId }))).toBe(403)
    expect(await statusOf(() => deleteDeadJob(db, null, { job_id: jobId }))).toBe(401)
  })

  it('counts each queue, completed jobs over the last hour only, and lists dead letters with their error', async () => {
    setClock('2026-11-20T08:00:00Z')
    await db.transaction((tx) => queueMessage(tx, { to: uniquePhone(), channel: 'sms', body: 'delivered' }))
    await runDueJobs()
    // Queued, not run: counted as queued.
    await db.transaction((tx) => sendJob(tx, 'import.check', { importId: 2_000_000 }))
    const before = await getJobsOverview(admin)
    const deliver = before.queues.find((q) => q.name === 'message.deliver')!
    expect(deliver.completed_last_hour).toBeGreaterThanOrEqual(1)
    expect(before.queues.find((q) => q.name === 'import.check')).toMatchObject({ queued: 1, active: 0 })
    expect(before.queues.map((q) => q.name)).toEqual(
      expect.arrayContaining(['catalog.refresh-listings', 'payments.expire-unpaid', 'dead-letter']),
    )

    advanceClock(61 * 60_000)
    const later = await getJobsOverview(admin)
    expect(later.queues.find((q) => q.name === 'message.deliver')!.completed_last_hour).toBe(
      deliver.completed_last_hour - 1,
    )

    const { jobId } = await deadMessage()
    const overview = await getJobsOverview(admin)
    expect(overview.dead.find((job) => job.id === jobId)).toMatchObject({
      queue: 'message.deliver',
      error: 'gateway down',
      attempts: 5,
    })
    expect(overview.dead_total).toBe(overview.dead.length)
    expect(overview.queues.find((q) => q.name === 'message.deliver')!.failed).toBeGreaterThanOrEqual(1)
  })

  it('shows why a periodic run failed on its queue, as such runs leave no dead letter', async () => {
    setClock('2026-11-20T09:00:00Z')
    await runDueJobs() // registers the real handlers first; the failing one below replaces one
    registerJobHandler('housekeeping.prune', async () => {
      throw new Error('rate-limit table is locked')
    })
    try {
      await db.transaction((tx) => sendJob(tx, 'housekeeping.prune', {}))
      expect(await runDueJobs()).toMatchObject({ failed: 1 })
      const prune = (await getJobsOverview(admin)).queues.find((q) => q.name === 'housekeeping.prune')!
      expect(prune).toMatchObject({
        failed: 1,
        last_failure: { error: 'rate-limit table is locked', at: '2026-11-20T09:00:00.000Z' },
      })
      expect((await deadLetters()).some((job) => job.sourceName === 'housekeeping.prune')).toBe(false)
    } finally {
      registerJobHandlers()
    }
  })

  it('retry sends a dead job back to its queue with fresh attempts, and records who did it', async () => {
    const { outboxId, jobId } = await deadMessage()
    await retryDeadJob(db, admin, { job_id: jobId })
    expect((await deadLetters()).some((job) => job.id === jobId)).toBe(false)
    const requeued = (await jobsNamed('message.deliver')).filter(
      (job) => job.data.outboxId === outboxId && (job.state === 'created' || job.state === 'retry'),
    )
    expect(requeued).toHaveLength(1)
    expect(requeued[0]!.retryCount).toBe(0)

    expect((await runDueJobs()).completed).toBeGreaterThanOrEqual(1)
    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, outboxId))
    expect(message!.status).toBe('sent')

    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'job.retry'), eq(auditEvents.recordId, jobId)))
    expect(audit).toMatchObject({ actorUserId: admin.user.id, recordType: 'job' })
    expect(audit!.changes).toMatchObject({ queue: { before: 'dead-letter', after: 'message.deliver' } })

    // Gone from the dead-letter queue: a second retry finds nothing.
    expect(await statusOf(() => retryDeadJob(db, admin, { job_id: jobId }))).toBe(404)
  })

  it('delete forgets a dead job for good, and records it', async () => {
    const { jobId } = await deadMessage()
    const count = (await allJobs()).length
    await deleteDeadJob(db, admin, { job_id: jobId })
    expect((await allJobs()).length).toBe(count - 1)
    expect((await getJobsOverview(admin)).dead.some((job) => job.id === jobId)).toBe(false)
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'job.delete'), eq(auditEvents.recordId, jobId)))
    expect(audit).toMatchObject({ actorUserId: admin.user.id, recordType: 'job' })
    expect(await statusOf(() => deleteDeadJob(db, admin, { job_id: jobId }))).toBe(404)
  })

  it('refuses an id that is not a UUID, and one that is not a dead job', async () => {
    expect(v.safeParse(deadJobInput, { job_id: '42' }).success).toBe(false)
    expect(v.safeParse(deadJobInput, { job_id: `${crypto.randomUUID()}x` }).success).toBe(false)
    expect(await statusOf(() => retryDeadJob(db, admin, { job_id: crypto.randomUUID() }))).toBe(404)
    // A job that is queued, not dead, is not the dead-letter queue's to retry or delete.
    const live = await db.transaction((tx) => sendJob(tx, 'payment.refund', { sessionId: 'not-dead' }))
    expect(await statusOf(() => deleteDeadJob(db, admin, { job_id: live }))).toBe(404)
    expect((await jobsNamed('payment.refund')).some((job) => job.id === live)).toBe(true)
  })
})

describe('sending jobs inside business transactions', () => {
  it('leaves no job when the transaction rolls back, and one when it commits', async () => {
    const before = (await jobsNamed('import.apply')).length
    await db
      .transaction(async (tx) => {
        await sendJob(tx, 'import.apply', { importId: 1_999_999 })
        throw new Error('the business change failed')
      })
      .catch(() => undefined)
    expect((await jobsNamed('import.apply')).length).toBe(before)
    await db.transaction((tx) => sendJob(tx, 'import.apply', { importId: 1_999_998 }))
    expect((await jobsNamed('import.apply')).map((job) => job.data.importId)).toContain(1_999_998)
  })
})
