import { createFileRoute } from '@tanstack/react-router'
import { SubscriptionPage } from '~/features/plans/components/subscription-page'
import { planQueries } from '~/features/plans/plans.queries'
import { subscriptionSearch } from '~/features/plans/purchase-search.schemas'
import { useCurrentUser } from '~/features/auth/use-session'
import { pageHead } from '~/features/shell/page-head'
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
