import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { DeadJobsTable, JobQueuesTable } from '~/features/jobs/components/jobs-dashboard'
import { jobQueries } from '~/features/jobs/jobs.queries'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/admin/jobs')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(jobQueries.overview())
  },
  head: () => pageHead('Background jobs'),
  component: JobsPage,
})

function JobsPage() {
  const { data } = useSuspenseQuery(jobQueries.overview())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Background jobs
      </h1>
      <JobQueuesTable overview={data} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-ink">Failed jobs</h2>
        <p className="text-sm text-stone-600" role="status">
          {data.dead_total} in the dead-letter queue
          {data.dead_total > data.dead.length ? ` (newest ${data.dead.length} shown)` : ''}
        </p>
      </div>
      <DeadJobsTable jobs={data.dead} />
    </section>
  )
}
