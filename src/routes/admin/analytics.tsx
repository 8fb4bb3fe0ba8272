import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { adminQueries, dayText, rangeSchema } from '~/features/admin'
import { AnalyticsPanels } from '~/features/admin/components/analytics-panels'
import { RangeSwitch } from '~/features/admin/components/figure-card'
import { m } from '~/lib/messages'
import { pageHead } from '~/features/shell'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { ListPage, SearchLink } from '~/ui/list-page'

export const Route = createFileRoute('/admin/analytics')({
  validateSearch: v.object({ days: v.optional(rangeSchema) }),
  search: { middlewares: [stripSearchParams({ days: 30 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => ({ days: search.days ?? 30 }),
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(adminQueries.analytics(deps.days))
    return { title: m.admin_analytics_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AnalyticsPage,
})

function AnalyticsPage() {
  const { days = 30 } = Route.useSearch()
  const { data } = useSuspenseQuery(adminQueries.analytics(days))
  return (
    <ListPage
      title={m.admin_analytics_title()}
      intro={m.admin_analytics_intro({ from: dayText(data.from), to: dayText(data.to) })}
      actions={
        <RangeSwitch
          days={days}
          renderLink={(value, props) => (
            <SearchLink change={{ days: value === 30 ? undefined : value }} {...props} />
          )}
        />
      }
    >
      <AnalyticsPanels overview={data} />
    </ListPage>
  )
}
