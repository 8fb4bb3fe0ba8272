import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { AdminDashboardPanels } from '~/features/admin/components/admin-dashboard'
import { RangeSwitch } from '~/features/admin/components/figure-card'
import { adminQueries, dayText, rangeSchema } from '~/features/admin'
import { m } from '~/lib/messages'
import { pageHead } from '~/features/shell'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { ListPage, SearchLink } from '~/ui/list-page'

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
    <ListPage
      title={m.admin_dashboard_title()}
      intro={m.admin_dashboard_intro({ from: dayText(data.from), to: dayText(data.to) })}
      actions={
        <RangeSwitch
          days={days}
          renderLink={(value, props) => (
            <SearchLink change={{ days: value === 30 ? undefined : value }} {...props} />
          )}
        />
      }
    >
      <AdminDashboardPanels dashboard={data} />
    </ListPage>
  )
}
