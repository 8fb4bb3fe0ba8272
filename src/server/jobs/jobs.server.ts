import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import {
  PgBoss,
  fromDrizzle,
  fromPglite,
  type Clock,
  type ConstructorOptions,
  type DrizzleTransactionLike,
  type JobResult,
  type JobWithMetadata,
} from 'pg-boss'
import { now } from '../clock.server'
import type { DatabaseHandle, Db, DbOrTx } from '../db/client.server'
import { log } from '../log.server'
import {
  DEAD_LETTER_QUEUE,
  DEAD_LETTER_RETENTION_SECONDS,
  RETRY_DELAY_MAX_SECONDS,
  jobNames,
  jobPolicies,
  type JobName,
  type JobPayloads,
} from './job-catalog.server'

/**
 * Background work on pg-boss, one instance per process, in the application's own database: the
 * same PGlite instance on the embedded default, its own small pool on a PostgreSQL server. pg-boss
 * keeps its tables in the `pgboss` schema and creates or upgrades them at start, like migrations.
 *
 * The production build loads this module twice (the boot plugin that starts pg-boss, and the app
 * bundle where features register their handlers), so the state lives on globalThis.
 */
export interface JobContext {
  db: Db
  /** 1 on the first run. */
  attempt: number
  isLastAttempt: boolean
  /**
   * The attempt before this one never ended: its process died (no heartbeat came) or it ran past
   * its time. A job whose own input can kill the process (a hostile file) should not run it again.
   */
  previousRunLost: boolean
}
export type JobHandler<N extends JobName> = (payload: JobPayloads[N], context: JobContext) => Promise<unknown>

type AnyHandler = (payload: unknown, context: JobContext) => Promise<unknown>
type State = {
  boss?: PgBoss
  db?: Db
  starting?: Promise<PgBoss>
  /** Whether this process runs workers and schedules (not in tests, which run jobs by hand). */
  work?: boolean
  handlers: Map<JobName, AnyHandler>
  working: Set<JobName>
}
const STATE_KEY = Symbol.for('omdeh.jobs')
const state: State = ((globalThis as Record<symbol, State | undefined>)[STATE_KEY] ??= {
  handlers: new Map(),
  working: new Set(),
})

export const JOBS_SCHEMA = 'pgboss'

function bossOptions(handle: DatabaseHandle, work: boolean, clock?: Clock): ConstructorOptions {
  const common: ConstructorOptions = {
    schema: JOBS_SCHEMA,
    // Every instance expires stale jobs and keeps the tables tidy; cron sends each occurrence once.
    supervise: true,
    schedule: work,
    migrate: true,
    useListenNotify: work,
    ...(clock ? { clock } : {}),
  }
  if (handle.connection.kind === 'pglite') {
    return { ...common, db: fromPglite(handle.connection.client), backend: 'pglite' }
  }
  return { ...common, connectionString: handle.connection.url, max: 4, application_name: 'omdeh-jobs' }
}

/**
 * Starts pg-boss on the application's database (once per process): installs or upgrades its schema,
 * creates the queues, and, with `work`, puts the periodic work on its schedules and starts a worker
 * for each handler registered so far (later registrations start theirs at once).
 */
export function startJobs(
  handle: DatabaseHandle,
  options: { work?: boolean; clock?: Clock } = {},
): Promise<PgBoss> {
  state.starting ??= (async () => {
    const work = options.work ?? true
    const boss = new PgBoss(bossOptions(handle, work, options.clock))
    boss.on('error', (error) => log().error({ err: error }, 'job queue error'))
    boss.on('warning', (warning) => log().warn({ warning }, 'job queue warning'))
    const started = performance.now()
    await boss.start()
    await ensureQueues(boss)
    if (work) await ensureSchedules(boss)
    state.boss = boss
    state.db = handle.db
    state.work = work
    if (work) for (const name of state.handlers.keys()) startWorker(boss, name)
    log().info({ ms: Math.round(performance.now() - started), work }, 'job queue started')
    return boss
  })()
  state.starting.catch(() => (state.starting = undefined))
  return state.starting
}

/** Stops the workers (letting running jobs finish) and pg-boss itself, before the database closes. */
export async function stopJobs(): Promise<void> {
  const starting = state.starting
  state.starting = undefined
  const boss = await starting?.catch(() => undefined)
  state.boss = undefined
  state.db = undefined
  state.working.clear()
  // On PGlite the application owns the instance; pg-boss closes only a pool of its own.
  await boss?.stop({ graceful: true, timeout: 10_000 })
}

function queueOptions(name: JobName) {
  const policy = jobPolicies[name]
  const backoff = policy.retryDelaySeconds > 0
  return {
    retryLimit: policy.attempts - 1,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: backoff,
    ...(backoff ? { retryDelayMax: RETRY_DELAY_MAX_SECONDS } : {}),
    expireInSeconds: policy.expireInSeconds,
    ...(policy.heartbeatSeconds ? { heartbeatSeconds: policy.heartbeatSeconds } : {}),
    notify: !policy.schedule,
    // A periodic run that fails is tried again at the next occurrence; dead letters would pile up.
    ...(policy.schedule ? {} : { deadLetter: DEAD_LETTER_QUEUE }),
  }
}

async function ensureQueues(boss: PgBoss): Promise<void> {
  if (!(await boss.getQueue(DEAD_LETTER_QUEUE))) {
    await boss.createQueue(DEAD_LETTER_QUEUE, { retentionSeconds: DEAD_LETTER_RETENTION_SECONDS })
  }
  for (const name of jobNames) {
    const options = queueOptions(name)
    if (await boss.getQueue(name))
      await boss.updateQueue(name, {
        deadLetter: null,
        retryDelayMax: null,
        heartbeatSeconds: null,
        ...options,
      })
    else await boss.createQueue(name, options)
  }
}

async function ensureSchedules(boss: PgBoss): Promise<void> {
  for (const name of jobNames) {
    const schedule = jobPolicies[name].schedule
    if (schedule) await boss.schedule(name, schedule, {}, { tz: 'UTC' })
  }
  for (const existing of await boss.getSchedules()) {
    if (!jobPolicies[existing.name as JobName]?.schedule) await boss.unschedule(existing.name, existing.key)
  }
}

/**
 * One worker per queue. It takes up to `batchSize` jobs at a time and settles each on its own (a
 * failure retries only that job), and fetches again at once while batches come back full, so a
 * backlog (e.g. the seed's messages) drains without waiting out a poll per job. New jobs wake it
 * through LISTEN/NOTIFY; polling stays as the floor.
 */
function startWorker(boss: PgBoss, name: JobName): void {
  if (state.working.has(name)) return
  state.working.add(name)
  const policy = jobPolicies[name]
  boss
    .work(
      name,
      {
        includeMetadata: true,
        perJobResults: true,
        batchSize: policy.batchSize ?? 1,
        burstWhenBatchFull: (policy.batchSize ?? 1) > 1,
        pollingIntervalSeconds: policy.schedule ? 10 : 2,
        notifyPollingIntervalSeconds: 10,
      },
      async (jobs: JobWithMetadata<unknown>[]) => {
        const results: JobResult[] = []
        for (const job of jobs) {
          try {
            await runJob(name, job)
            results.push({ id: job.id, status: 'completed' })
          } catch (error) {
            results.push({ id: job.id, status: 'failed', output: errorOutput(error) })
          }
        }
        return results
      },
    )
    .catch((error: unknown) => {
      state.working.delete(name)
      log().error({ err: error, job: name }, 'could not start job worker')
    })
}

/** What a failed attempt leaves on the job (and on its dead letter) for /admin/jobs. */
export function errorOutput(error: unknown): { name: string; message: string } {
  return error instanceof Error
    ? { name: error.name, message: error.message.slice(0, 2000) }
    : { name: 'Error', message: String(error).slice(0, 2000) }
}

/**
 * Features register the handlers of their own jobs from the app entry (src/server.ts), so this
 * infrastructure does not import features. Registering after start starts the worker at once.
 */
export function registerJobHandler<N extends JobName>(name: N, handler: JobHandler<N>): void {
  state.handlers.set(name, handler as AnyHandler)
  if (state.boss && state.work) startWorker(state.boss, name)
}

/** What pg-boss leaves on a job it took back from a run that never ended. */
const LOST_RUN = new Set(['job heartbeat timeout', 'job timed out'])

/** Whether the job's last attempt was lost (its worker died or it timed out), not failed by its handler. */
export function lostPreviousRun(job: Pick<JobWithMetadata<unknown>, 'retryCount' | 'output'>): boolean {
  const output = job.output as { value?: { message?: unknown } } | null | undefined
  return job.retryCount > 0 && LOST_RUN.has(String(output?.value?.message ?? ''))
}

/** Runs one fetched job through its handler. A thrown error fails the attempt (pg-boss retries). */
export async function runJob(name: JobName, job: JobWithMetadata<unknown>): Promise<void> {
  const handler = state.handlers.get(name)
  const db = state.db
  const attempt = job.retryCount + 1
  const isLastAttempt = job.retryCount >= job.retryLimit
  try {
    if (!handler) throw new Error(`No handler for job "${name}"`)
    if (!db) throw new Error('The job queue is not started')
    await handler(job.data, { db, attempt, isLastAttempt, previousRunLost: lostPreviousRun(job) })
  } catch (error) {
    log()[isLastAttempt ? 'error' : 'warn']({ err: error, job: name, jobId: job.id, attempt }, 'job failed')
    throw error
  }
}

/** The started pg-boss instance of this process. */
export function jobQueue(): PgBoss {
  if (!state.boss) throw new Error('The job queue is not started (startJobs)')
  return state.boss
}

/** pg-boss statements that run inside a drizzle transaction (or on the plain handle). */
export const inTransaction = (tx: DbOrTx) => fromDrizzle(tx as unknown as DrizzleTransactionLike, sql)

/**
 * Queues a job. Pass the business transaction: the job exists only if the change commits. It is due
 * at the application clock's now, the clock every other expiry decision reads.
 */
export async function sendJob<N extends JobName>(
  tx: DbOrTx,
  name: N,
  payload: JobPayloads[N],
): Promise<string> {
  const id = await jobQueue().send(name, payload, { db: inTransaction(tx), startAfter: now() })
  if (!id) throw new Error(`Job "${name}" was not queued`)
  return id
}

/**
 * Queues a job at most once per `seconds` for one `key`: the first in a time slot is due now, a
 * later one goes to the next slot, and any more in that slot are dropped (the one queued will see
 * their change). For work that only has to catch up with the latest state, e.g. redrawing a file.
 * Returns the job's id, or null when one is already waiting.
 */
export async function sendDebouncedJob<N extends JobName>(
  tx: DbOrTx,
  name: N,
  payload: JobPayloads[N],
  options: { key: string; seconds: number },
): Promise<string | null> {
  return jobQueue().send(name, payload, {
    db: inTransaction(tx),
    startAfter: now(),
    singletonKey: options.key,
    singletonSeconds: options.seconds,
    singletonNextSlot: true,
  })
}
