import * as v from 'valibot'
import { uuidSchema } from '~/lib/schema-pieces'

/** /admin/jobs: the background job queues (pg-boss) and the jobs that gave up. */

export interface JobQueueCounts {
  name: string
  /** Waiting to run, including retries waiting out their backoff. */
  queued: number
  active: number
  /** Failed for good and still kept (pg-boss keeps finished jobs for a week). */
  failed: number
  completed_last_hour: number
  /** The newest failed run still kept, with its error (periodic runs that fail show only here). */
  last_failure: { error: string; at: string | null } | null
}

export interface DeadJob {
  id: string
  /** The queue it failed on. */
  queue: string
  /** The job's payload, as JSON. */
  payload: string
  error: string
  attempts: number
  failed_at: string
}

export interface JobsOverview {
  queues: JobQueueCounts[]
  /** Newest first, at most `dead_shown`. */
  dead: DeadJob[]
  dead_total: number
}

export const deadJobInput = v.object({ job_id: uuidSchema })
export type DeadJobInput = v.InferOutput<typeof deadJobInput>
