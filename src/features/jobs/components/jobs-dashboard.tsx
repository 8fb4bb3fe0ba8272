import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { EmptyState } from '~/ui/empty-state'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import { useDeadJobAction } from '../jobs.queries'
import type { DeadJob, JobsOverview } from '../jobs.schemas'
import { formatTehranDateTime } from '~/lib/tehran-time'

/** One row per queue: what waits, runs, failed for good, and finished in the last hour. */
export function JobQueuesTable({ overview }: { overview: JobsOverview }) {
  return (
    <Table caption="Job queues">
      <THead>
        <tr>
          <Th>Queue</Th>
          <Th className="text-end">Queued</Th>
          <Th className="text-end">Active</Th>
          <Th className="text-end">Failed</Th>
          <Th className="text-end">Completed (last hour)</Th>
          <Th>Last failure</Th>
        </tr>
      </THead>
      <TBody>
        {overview.queues.map((queue) => (
          <Tr key={queue.name} data-queue={queue.name}>
            <Td className="font-medium text-ink" dir="ltr">
              {queue.name}
            </Td>
            <Td className="text-end tabular-nums">{queue.queued}</Td>
            <Td className="text-end tabular-nums">{queue.active}</Td>
            <Td
              className={
                queue.failed
                  ? 'text-end font-semibold text-red-700 tabular-nums'
                  : 'text-end tabular-nums'
              }
            >
              {queue.failed}
            </Td>
            <Td className="text-end tabular-nums">{queue.completed_last_hour}</Td>
            <Td className="max-w-80 text-xs break-words">
              {queue.last_failure ? (
                <>
                  <span className="text-red-800" dir="ltr">
                    {queue.last_failure.error || 'Failed'}
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
      aria-label={`Retry job ${job.id}`}
      disabled={retry.isPending}
      onClick={() => retry.mutate(job.id)}
    >
      {retry.isPending ? 'Retrying…' : 'Retry'}
    </Button>
  )
}

function DeleteDialog({ job }: { job: DeadJob }) {
  const remove = useDeadJobAction('delete')
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" aria-label={`Delete job ${job.id}`}>
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Delete this job?"
        description={`The ${job.queue} job will not run again. The deletion is recorded in the audit trail.`}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(job.id)}>
            {remove.isPending ? 'Deleting…' : 'Delete job'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}

/** Jobs whose every attempt failed, newest first, with their last error. */
export function DeadJobsTable({ jobs }: { jobs: DeadJob[] }) {
  if (!jobs.length) {
    return (
      <EmptyState title="No failed jobs">Every job so far has run, or is still being retried.</EmptyState>
    )
  }
  return (
    <Table caption="Failed jobs">
      <THead>
        <tr>
          <Th>Job</Th>
          <Th>Error</Th>
          <Th>Failed</Th>
          <Th>
            <span className="sr-only">Actions</span>
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
                {job.attempts} {job.attempts === 1 ? 'attempt' : 'attempts'}
              </div>
            </Td>
            <Td className="max-w-96 text-xs break-words text-red-800" dir="ltr">
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
