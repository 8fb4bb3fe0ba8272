import '@tanstack/react-start/server-only'
import { days, minutes } from '../clock.server'
import type { Db } from '../db/client.server'
import { getDb } from '../db/database.server'
import { log } from '../log.server'
import { pruneRateLimitBuckets } from '../rate-limit/rate-limit.server'
import { pruneAuthRecords } from '../auth/housekeeping.server'
import { jobHandlers } from './job-handlers.server'
import { claimDueJobs, completeJob, failJob, pruneFinishedJobs, type ClaimedJob } from './queue.server'

export interface RunSummary {
  completed: number
  retried: number
  failed: number
}

async function runJob(db: Db, job: ClaimedJob): Promise<keyof RunSummary> {
  const handler = jobHandlers[job.name] as ((payload: unknown, context: object) => Promise<void>) | undefined
  try {
    if (!handler) throw new Error(`No handler for job "${job.name}"`)
    await handler(job.payload, { db, attempt: job.attempts, isLastAttempt: job.attempts >= job.maxAttempts })
    await completeJob(db, job.id)
    return 'completed'
  } catch (error) {
    const outcome = await failJob(db, job, error)
    log()[outcome === 'failed' ? 'error' : 'warn'](
      { err: error, job: job.name, jobId: job.id, attempt: job.attempts },
      'job failed',
    )
    return outcome === 'failed' ? 'failed' : 'retried'
  }
}

/**
 * Runs every job that is due now, batch after batch, and returns what happened. The worker calls
 * it on a timer; tests call it directly to run queued work synchronously.
 */
export async function runDueJobs(
  options: { db?: Db; batchSize?: number; maxBatches?: number } = {},
): Promise<RunSummary> {
  const db = options.db ?? (await getDb())
  const summary: RunSummary = { completed: 0, retried: 0, failed: 0 }
  for (let batch = 0; batch < (options.maxBatches ?? 20); batch++) {
    const claimed = await claimDueJobs(db, options.batchSize ?? 10)
    if (claimed.length === 0) break
    for (const job of claimed) summary[await runJob(db, job)]++
  }
  return summary
}

const WORKER_KEY = Symbol.for('omdeh.job-worker')
type PeriodicTask = { name: string; everyMs: number; run: (db: Db) => Promise<unknown>; lastRun?: number }
type WorkerState = {
  timer?: ReturnType<typeof setInterval>
  running?: Promise<unknown>
  lastHousekeeping?: number
  periodic?: Map<string, PeriodicTask>
}
const worker: WorkerState = ((globalThis as Record<symbol, WorkerState | undefined>)[WORKER_KEY] ??= {})

/**
 * Work that runs on a schedule in the worker's pass (e.g. catalogue listings whose price tiers
 * started or expired). Registered by the composition root, so this module knows no features.
 */
export function registerPeriodicTask(name: string, everyMs: number, run: (db: Db) => Promise<unknown>): void {
  worker.periodic ??= new Map()
  worker.periodic.set(name, { name, everyMs, run })
}

async function runPeriodicTasks(db: Db, at: number): Promise<void> {
  for (const task of worker.periodic?.values() ?? []) {
    if (task.lastRun && at - task.lastRun < task.everyMs) continue
    task.lastRun = at
    try {
      await task.run(db)
    } catch (error) {
      log().error({ err: error, task: task.name }, 'periodic task failed')
    }
  }
}

async function tick(): Promise<void> {
  const db = await getDb()
  await runDueJobs({ db })
  const at = Date.now()
  await runPeriodicTasks(db, at)
  if (!worker.lastHousekeeping || at - worker.lastHousekeeping > minutes(60)) {
    worker.lastHousekeeping = at
    await pruneRateLimitBuckets(db, days(1))
    await pruneFinishedJobs(db, days(7))
    await pruneAuthRecords(db)
  }
}

/** Polls for due jobs in this process until stopped. Idempotent. */
export function startJobWorker(intervalMs = 1000): void {
  if (worker.timer) return
  worker.timer = setInterval(() => {
    if (worker.running) return // one pass at a time; the next tick picks up the rest
    worker.running = tick()
      .catch((error: unknown) => log().error({ err: error }, 'job worker pass failed'))
      .finally(() => (worker.running = undefined))
  }, intervalMs)
  worker.timer.unref?.()
  log().info({ intervalMs }, 'job worker started')
}

export const ensureJobWorker = () => startJobWorker()

export async function stopJobWorker(): Promise<void> {
  if (worker.timer) clearInterval(worker.timer)
  worker.timer = undefined
  await worker.running
}
