import { createFileRoute } from '@tanstack/react-router'
import { SubscriptionPage } from '~/features/plans/components/subscription-page'
import { planQueries, subscriptionSearch } from '~/features/plans'
import { useCurrentUser } from '~/features/auth'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/_default/subscription')({
  validateSearch: subscriptionSearch,
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(planQueries.list())
    return { title: m.tools_plans_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: DefaultSubscriptionPage,
})

function DefaultSubscriptionPage() {
  const { purchase } = Route.useSearch()
  const { user } = useCurrentUser()
  return (
    <section aria-labelledby="page-title">
      <SubscriptionPage user={user} purchase={purchase} />
    </section>
  )
}
