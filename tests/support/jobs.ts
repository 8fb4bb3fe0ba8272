/**
 * Background jobs in tests. The test database's pg-boss runs on a TestClock, so nothing polls,
 * expires or fires on its own: `runDueJobs` runs what is due at the application clock's now, one
 * job after another, the way the workers would, and reports what happened.
 */
import { TestClock, type JobWithMetadata } from 'pg-boss'
import { now } from '~/server/clock.server'
import type { DatabaseHandle } from '~/server/db/client.server'
import { DEAD_LETTER_QUEUE, jobNames, type JobName, type JobPayloads } from '~/server/jobs/job-catalog.server'
import { JOBS_SCHEMA, errorOutput, jobQueue, runJob, startJobs, stopJobs } from '~/server/jobs/jobs.server'

export interface RunSummary {
  completed: number
  retried: number
  failed: number
}

let clock: TestClock | undefined

/** Starts pg-boss for a test database: no workers, no schedules, time moved by runDueJobs. */
export async function startTestJobs(handle: DatabaseHandle): Promise<void> {
  await stopJobs()
  clock = new TestClock(now())
  await startJobs(handle, { work: false, clock })
}

let handlersRegistered = false
async function registerHandlers() {
  if (handlersRegistered) return
  const { registerJobHandlers } = await import('~/job-handlers.server')
  registerJobHandlers()
  handlersRegistered = true
}

/**
 * Runs every job due now, queue by queue in the catalogue's order, until none is left (at most
 * `maxPasses` passes, so a job that queues itself cannot loop forever). Then supervises, as pg-boss
 * does between polls: a job whose worker died is expired and retried after its backoff, and jobs
 * past their retention are deleted.
 */
export async function runDueJobs(options: { maxPasses?: number } = {}): Promise<RunSummary> {
  await registerHandlers()
  if (!clock) throw new Error('startTestJobs was not called for this database')
  await clock.setTime(now())
  const boss = jobQueue()
  const summary: RunSummary = { completed: 0, retried: 0, failed: 0 }
  for (let pass = 0; pass < (options.maxPasses ?? 20); pass++) {
    let ran = 0
    for (const name of jobNames) {
      const jobs = await boss.fetch<unknown>(name, { includeMetadata: true, batchSize: 10 })
      for (const job of jobs) {
        ran++
        summary[await settle(name, job)]++
      }
    }
    if (ran === 0) break
  }
  await superviseNow()
  return summary
}

/**
 * pg-boss's supervisor (which expires jobs whose worker died) runs at most once a minute per queue,
 * by stamps in its queue table. Tests move the clock back and forth, so the stamps are cleared
 * first: every queue is due for supervision, as a queue that was never supervised is.
 */
async function superviseNow(): Promise<void> {
  const boss = jobQueue()
  await boss
    .getDb()
    .executeSql(
      `update ${JOBS_SCHEMA}.queue set monitor_claim_on = null, monitor_on = null, maintain_on = null`,
    )
  await boss.supervise()
}

async function settle(name: JobName, job: JobWithMetadata<unknown>): Promise<keyof RunSummary> {
  const boss = jobQueue()
  try {
    await runJob(name, job)
    await boss.complete(name, job.id)
    return 'completed'
  } catch (error) {
    await boss.fail(name, job.id, errorOutput(error))
    return job.retryCount >= job.retryLimit ? 'failed' : 'retried'
  }
}

/** The jobs of one kind in any state, oldest first. */
export async function jobsNamed<N extends JobName>(name: N): Promise<JobWithMetadata<JobPayloads[N]>[]> {
  return jobQueue().findJobs<JobPayloads[N]>(name)
}

/** Every job of every kind, dead letters included. */
export async function allJobs(): Promise<JobWithMetadata<unknown>[]> {
  const lists = await Promise.all([...jobNames, DEAD_LETTER_QUEUE].map((name) => jobQueue().findJobs(name)))
  return lists.flat()
}

/**
 * Makes queued jobs of one kind due at once (e.g. skips a retry's backoff or a future start), also
 * for a test that then unpins the clock. Not the epoch: pg-boss deletes a queued job whose start is
 * older than its retention (14 days).
 */
export async function makeJobsDue(name: JobName): Promise<void> {
  const boss = jobQueue()
  const due = new Date(Math.min(now().getTime(), Date.now()) - 60_000)
  for (const job of await boss.findJobs(name, { queued: true })) {
    await boss.update(name, undefined, { id: job.id, startAfter: due })
  }
}

/** The dead-letter queue: jobs whose last attempt failed. */
export async function deadLetters(): Promise<JobWithMetadata<unknown>[]> {
  return jobQueue().findJobs(DEAD_LETTER_QUEUE)
}

/** Claims a due job the way a worker does and never settles it, like a worker killed with -9. */
export async function claimAndVanish(name: JobName): Promise<JobWithMetadata<unknown> | undefined> {
  await clock?.setTime(now())
  const [job] = await jobQueue().fetch<unknown>(name, { includeMetadata: true })
  return job
}

/** What a live worker does every half heartbeat while its handler runs: refreshes its claim. */
export async function heartbeat(name: JobName, id: string): Promise<void> {
  await clock?.setTime(now())
  await jobQueue().touch(name, id)
}
