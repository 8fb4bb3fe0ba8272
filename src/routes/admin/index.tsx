import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { AdminDashboardPanels } from '~/features/admin/components/admin-dashboard'
import { RangeSwitch } from '~/features/admin/components/figure-card'
import { adminQueries } from '~/features/admin/admin.queries'
import { rangeSchema } from '~/features/admin/admin-search.schemas'
import { dayText } from '~/features/admin/admin-format'
import { m } from '~/lib/messages'
import { pageHead } from '~/features/shell/page-head'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'

export const Route = createFileRoute('/admin/')({
  validateSearch: v.object({ days: v.optional(rangeSchema) }),
  search: { middlewares: [stripSearchParams({ days: 30 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => ({ days: search.days ?? 30 }),
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(adminQueries.dashboard(deps.days))
    return { title: m.admin_dashboard_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminDashboardPage,
})

function AdminDashboardPage() {
  const { days = 30 } = Route.useSearch()
  const { data } = useSuspenseQuery(adminQueries.dashboard(days))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {m.admin_dashboard_title()}
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            {m.admin_dashboard_intro({ from: dayText(data.from), to: dayText(data.to) })}
          </p>
        </div>
        <RangeSwitch
          days={days}
          renderLink={(value, props) => (
            <Link to="." search={{ days: value === 30 ? undefined : value }} {...props} />
          )}
        />
      </div>
      <AdminDashboardPanels dashboard={data} />
    </section>
  )
}
