import '@tanstack/react-start/server-only'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { minutes, now } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { notFound } from '~/server/http/api-errors.server'
import { DEAD_LETTER_QUEUE } from '~/server/jobs/job-catalog.server'
import { JOBS_SCHEMA, inTransaction, jobQueue } from '~/server/jobs/jobs.server'
import { log } from '~/server/log.server'
import type { DeadJob, DeadJobInput, JobQueueCounts, JobsOverview } from './jobs.schemas'
import { m } from '~/lib/messages'

const DEAD_SHOWN = 100

type CountRow = {
  name: string
  queued: string
  active: string
  failed: string
  completed_last_hour: string
  last_failure: { output: unknown; at: string | null } | string | null
}
type DeadRow = {
  id: string
  source_name: string | null
  data: unknown
  source_output: unknown
  source_retry_count: number | null
  created_on: Date | string
}

/** What an error stored by pg-boss says: a thrown Error is kept serialised, possibly wrapped. */
function errorText(output: unknown): string {
  const value =
    output && typeof output === 'object' && 'value' in output ? (output as { value: unknown }).value : output
  if (value && typeof value === 'object' && 'message' in value)
    return String((value as { message: unknown }).message)
  return value === null || value === undefined ? '' : JSON.stringify(value).slice(0, 1000)
}

/** The newest failed run of a queue; periodic work has no dead letters, so this is where it shows. */
function lastFailure(value: CountRow['last_failure']): JobQueueCounts['last_failure'] {
  // json comes back parsed from node-postgres and PGlite, as text from some adapters.
  const failure = typeof value === 'string' ? (JSON.parse(value) as Exclude<typeof value, string>) : value
  if (!failure) return null
  return { error: errorText(failure.output), at: failure.at ? new Date(failure.at).toISOString() : null }
}

/**
 * Counts per queue (completed ones over the last hour) and the dead letters, newest first. Read
 * straight from pg-boss's tables: its own queue counts are a cache refreshed once a minute. Its
 * internal queues (`__pgboss__send-it`, which turns cron occurrences into jobs) are left out.
 */
export async function getJobsOverview(auth: AuthContext | null): Promise<JobsOverview> {
  requireAdmin(auth)
  const db = jobQueue().getDb()
  const { rows: counts } = await db.executeSql(
    `select q.name,
       count(j.id) filter (where j.state in ('created', 'retry')) as queued,
       count(j.id) filter (where j.state = 'active') as active,
       count(j.id) filter (where j.state = 'failed') as failed,
       count(j.id) filter (where j.state = 'completed' and j.completed_on > $1::timestamptz) as completed_last_hour,
       (select json_build_object('output', f.output, 'at', f.completed_on)
          from ${JOBS_SCHEMA}.job f where f.name = q.name and f.state = 'failed'
          order by f.completed_on desc nulls last limit 1) as last_failure
     from ${JOBS_SCHEMA}.queue q left join ${JOBS_SCHEMA}.job j on j.name = q.name
     where not starts_with(q.name, '__pgboss__')
     group by q.name order by q.name`,
    [new Date(now().getTime() - minutes(60)).toISOString()],
  )
  const { rows: dead } = await db.executeSql(
    `select id, source_name, data, source_output, source_retry_count, created_on
     from ${JOBS_SCHEMA}.job where name = $1 and state in ('created', 'retry')
     order by created_on desc, id limit ${DEAD_SHOWN}`,
    [DEAD_LETTER_QUEUE],
  )
  const queues = (counts as CountRow[]).map((row): JobQueueCounts => ({
    name: row.name,
    queued: Number(row.queued),
    active: Number(row.active),
    failed: Number(row.failed),
    completed_last_hour: Number(row.completed_last_hour),
    last_failure: lastFailure(row.last_failure),
  }))
  return {
    queues,
    dead: (dead as DeadRow[]).map((row): DeadJob => ({
      id: row.id,
      queue: row.source_name ?? '',
      payload: JSON.stringify(row.data ?? null),
      error: errorText(row.source_output),
      attempts: (row.source_retry_count ?? 0) + 1,
      failed_at: new Date(row.created_on).toISOString(),
    })),
    dead_total: queues.find((q) => q.name === DEAD_LETTER_QUEUE)?.queued ?? 0,
  }
}

async function findDeadJob(db: ReturnType<typeof inTransaction>, id: string) {
  const [job] = await jobQueue().findJobs(DEAD_LETTER_QUEUE, { id, queued: true, db })
  if (!job) throw notFound(m.server_error_job_gone())
  return job
}

/** Sends a dead job back to the queue it failed on, with a fresh set of attempts. Audited. */
export async function retryDeadJob(
  db: Db,
  auth: AuthContext | null,
  input: DeadJobInput,
): Promise<{ ok: true }> {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    const jobs = inTransaction(tx)
    const job = await findDeadJob(jobs, input.job_id)
    const moved = await jobQueue().redrive(DEAD_LETTER_QUEUE, { ids: [job.id], db: jobs })
    if (moved !== 1) throw notFound(m.server_error_job_gone())
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'job.retry',
      recordType: 'job',
      recordId: job.id,
      before: { queue: DEAD_LETTER_QUEUE, source: job.sourceName, error: errorText(job.sourceOutput) },
      after: { queue: job.sourceName },
    })
  })
  log().info({ jobId: input.job_id, adminId: admin.user.id }, 'dead job sent back to its queue')
  return { ok: true }
}

/** Forgets a dead job for good. Audited. */
export async function deleteDeadJob(
  db: Db,
  auth: AuthContext | null,
  input: DeadJobInput,
): Promise<{ ok: true }> {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    const jobs = inTransaction(tx)
    const job = await findDeadJob(jobs, input.job_id)
    await jobQueue().deleteJob(DEAD_LETTER_QUEUE, job.id, { db: jobs })
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'job.delete',
      recordType: 'job',
      recordId: job.id,
      before: {
        queue: DEAD_LETTER_QUEUE,
        source: job.sourceName,
        data: job.data,
        error: errorText(job.sourceOutput),
      },
      after: null,
    })
  })
  log().info({ jobId: input.job_id, adminId: admin.user.id }, 'dead job deleted')
  return { ok: true }
}
