import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { deadJobInput } from './jobs.schemas'
import { deleteDeadJob, getJobsOverview, retryDeadJob } from './jobs.server'

/** Server functions for /admin/jobs. The operations check that the caller is an administrator. */

export const fetchJobsOverview = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => getJobsOverview(context.auth))

export const retryDeadJobFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(deadJobInput))
  .handler(async ({ data, context }) => retryDeadJob(context.db, context.auth, data))

export const deleteDeadJobFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(deadJobInput))
  .handler(async ({ data, context }) => deleteDeadJob(context.db, context.auth, data))
