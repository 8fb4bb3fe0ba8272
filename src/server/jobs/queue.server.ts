import '@tanstack/react-start/server-only'
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import { now, minutes, seconds } from '../clock.server'
import type { DbOrTx } from '../db/client.server'
import { jobs } from '../db/schema'

/**
 * A small PostgreSQL-backed job queue: rows in `jobs`, claimed with `for update skip locked` so
 * any number of instances can poll without taking the same job, retried with exponential backoff,
 * and surviving restarts because the queue is the table. The same code runs on PGlite and on a
 * PostgreSQL server (pg-boss needs a server, so it would have split the two code paths).
 */

/** Every job name and its payload. Add new kinds of background work here. */
export interface JobPayloads {
  'message.deliver': { outboxId: number }
  /** Return a recorded refund through the payment provider (see refundOrderPayment). */
  'payment.refund': { sessionId: string }
  /** Check (dry-run) an uploaded price and stock sheet, row by row. */
  'import.check': { importId: number }
  /** Apply a checked sheet (resumes where it stopped). */
  'import.apply': { importId: number }
}
export type JobName = keyof JobPayloads

export interface ClaimedJob<N extends JobName = JobName> {
  id: number
  name: N
  payload: JobPayloads[N]
  attempts: number
  maxAttempts: number
}

/** A job running longer than this is presumed lost with its process and is claimed again. */
const LOCK_TIMEOUT_MS = minutes(5)

/** 5 s, 10 s, 20 s ... capped at 10 minutes. */
export const backoffMs = (attempt: number) =>
  Math.min(seconds(5) * 2 ** Math.max(0, attempt - 1), minutes(10))

/** Queues a job. Pass the business transaction so the job exists only if the change commits. */
export async function enqueueJob<N extends JobName>(
  db: DbOrTx,
  name: N,
  payload: JobPayloads[N],
  options: { maxAttempts?: number; delayMs?: number } = {},
): Promise<number> {
  const at = now()
  const [row] = await db
    .insert(jobs)
    .values({
      name,
      payload,
      maxAttempts: options.maxAttempts ?? 5,
      runAt: new Date(at.getTime() + (options.delayMs ?? 0)),
      createdAt: at,
    })
    .returning({ id: jobs.id })
  return row!.id
}

/** Marks up to `limit` due jobs as running and returns them. */
export async function claimDueJobs(db: DbOrTx, limit: number): Promise<ClaimedJob[]> {
  const at = now()
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(
        and(eq(jobs.status, 'pending'), lte(jobs.runAt, at)),
        and(eq(jobs.status, 'running'), lt(jobs.lockedAt, new Date(at.getTime() - LOCK_TIMEOUT_MS))),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(limit)
    .for('update', { skipLocked: true })
  const rows = await db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedAt: at })
    .where(inArray(jobs.id, due))
    .returning({
      id: jobs.id,
      name: jobs.name,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    })
  return rows.sort((a, b) => a.id - b.id) as ClaimedJob[]
}

export async function completeJob(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'completed', completedAt: now(), lockedAt: null, lastError: null })
    .where(eq(jobs.id, id))
}

/** Schedules a retry with backoff, or gives up after the last attempt. */
export async function failJob(db: DbOrTx, job: ClaimedJob, error: unknown): Promise<'retry' | 'failed'> {
  const message = error instanceof Error ? error.message : String(error)
  const final = job.attempts >= job.maxAttempts
  await db
    .update(jobs)
    .set({
      status: final ? 'failed' : 'pending',
      lockedAt: null,
      lastError: message.slice(0, 1000),
      runAt: final ? undefined : new Date(now().getTime() + backoffMs(job.attempts)),
      completedAt: final ? now() : null,
    })
    .where(eq(jobs.id, job.id))
  return final ? 'failed' : 'retry'
}

/** Housekeeping: forgets finished jobs after a while. */
export async function pruneFinishedJobs(db: DbOrTx, olderThanMs: number): Promise<void> {
  await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.status, ['completed', 'failed']),
        lt(jobs.completedAt, new Date(now().getTime() - olderThanMs)),
      ),
    )
}
