import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { DeadJobsTable, JobQueuesTable } from '~/features/jobs/components/jobs-dashboard'
import { jobQueries } from '~/features/jobs'
import { pageHead } from '~/features/shell'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/admin/jobs')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(jobQueries.overview())
    return { title: m.admin_jobs_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: JobsPage,
})

function JobsPage() {
  const { data } = useSuspenseQuery(jobQueries.overview())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {m.admin_jobs_title()}
      </h1>
      <JobQueuesTable overview={data} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-ink">{m.admin_jobs_failed_title()}</h2>
        <p className="text-sm text-stone-600" role="status">
          {m.admin_jobs_dead_total({ count: formatNumber(data.dead_total) })}
          {data.dead_total > data.dead.length
            ? m.admin_jobs_dead_shown({ count: formatNumber(data.dead.length) })
            : ''}
        </p>
      </div>
      <DeadJobsTable jobs={data.dead} />
    </section>
  )
}
