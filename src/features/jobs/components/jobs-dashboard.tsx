import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { EmptyState } from '~/ui/empty-state'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import { useDeadJobAction } from '../jobs.queries'
import type { DeadJob, JobsOverview } from '../jobs.schemas'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'

/** One row per queue: what waits, runs, failed for good, and finished in the last hour. */
export function JobQueuesTable({ overview }: { overview: JobsOverview }) {
  return (
    <Table caption={m.admin_jobs_queues()}>
      <THead>
        <tr>
          <Th>{m.admin_jobs_col_queue()}</Th>
          <Th className="text-end">{m.admin_jobs_col_queued()}</Th>
          <Th className="text-end">{m.admin_jobs_col_active()}</Th>
          <Th className="text-end">{m.admin_jobs_col_failed()}</Th>
          <Th className="text-end">{m.admin_jobs_col_completed()}</Th>
          <Th>{m.admin_jobs_col_last_failure()}</Th>
        </tr>
      </THead>
      <TBody>
        {overview.queues.map((queue) => (
          <Tr key={queue.name} data-queue={queue.name}>
            <Td className="font-medium text-ink" dir="ltr">
              {queue.name}
            </Td>
            <Td className="text-end tabular-nums">{formatNumber(queue.queued)}</Td>
            <Td className="text-end tabular-nums">{formatNumber(queue.active)}</Td>
            <Td
              className={
                queue.failed ? 'text-end font-semibold text-red-700 tabular-nums' : 'text-end tabular-nums'
              }
            >
              {formatNumber(queue.failed)}
            </Td>
            <Td className="text-end tabular-nums">{formatNumber(queue.completed_last_hour)}</Td>
            <Td text className="max-w-80 text-xs">
              {queue.last_failure ? (
                <>
                  <span className="text-red-800" dir="ltr">
                    {queue.last_failure.error || m.admin_jobs_failed()}
                  </span>
                  {queue.last_failure.at ? (
                    <span className="block text-stone-600">
                      {formatTehranDateTime(queue.last_failure.at)}
                    </span>
                  ) : null}
                </>
              ) : (
                <span className="text-stone-600">—</span>
              )}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  )
}

function RetryButton({ job }: { job: DeadJob }) {
  const retry = useDeadJobAction('retry')
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={m.admin_jobs_retry_aria({ id: job.id })}
      disabled={retry.isPending}
      onClick={() => retry.mutate(job.id)}
    >
      {retry.isPending ? m.admin_jobs_retrying() : m.admin_jobs_retry()}
    </Button>
  )
}

function DeleteDialog({ job }: { job: DeadJob }) {
  const remove = useDeadJobAction('delete')
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" aria-label={m.admin_jobs_delete_aria({ id: job.id })}>
          {m.admin_jobs_delete()}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={m.admin_jobs_delete_title()}
        description={m.admin_jobs_delete_description({ queue: job.queue })}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{m.admin_cancel()}</Button>
          </DialogClose>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(job.id)}>
            {remove.isPending ? m.admin_jobs_deleting() : m.admin_jobs_delete_submit()}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}

/** Jobs whose every attempt failed, newest first, with their last error. */
export function DeadJobsTable({ jobs }: { jobs: DeadJob[] }) {
  if (!jobs.length) {
    return <EmptyState title={m.admin_jobs_none()}>{m.admin_jobs_none_hint()}</EmptyState>
  }
  return (
    <Table caption={m.admin_jobs_failed_title()}>
      <THead>
        <tr>
          <Th>{m.admin_jobs_col_job()}</Th>
          <Th>{m.admin_jobs_col_error()}</Th>
          <Th>{m.admin_jobs_col_failed()}</Th>
          <Th>
            <span className="sr-only">{m.admin_applications_col_actions()}</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {jobs.map((job) => (
          <Tr key={job.id} data-job={job.id}>
            <Td className="min-w-44">
              <div className="font-medium text-ink" dir="ltr">
                {job.queue}
              </div>
              <div className="text-xs text-stone-600" dir="ltr">
                {job.payload}
              </div>
              <div className="text-xs text-stone-600">
                {m.admin_jobs_attempts({ count: job.attempts, countText: formatNumber(job.attempts) })}
              </div>
            </Td>
            <Td text className="max-w-96 text-xs text-red-800" dir="ltr">
              {job.error || '—'}
            </Td>
            <Td className="whitespace-nowrap">{formatTehranDateTime(job.failed_at)}</Td>
            <Td>
              <div className="flex gap-2">
                <RetryButton job={job} />
                <DeleteDialog job={job} />
              </div>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  )
}
