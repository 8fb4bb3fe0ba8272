import { createFileRoute } from '@tanstack/react-router'
import { PlusPage } from '~/features/plus/components/plus-page'
import { plusQueries } from '~/features/plus/plus.queries'
import { plusName } from '~/features/plus/plus.schemas'
import { plusSearch } from '~/features/plans/purchase-search.schemas'
import { useCurrentUser } from '~/features/auth/use-session'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/omdeh-plus')({
  validateSearch: plusSearch,
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(plusQueries.overview())
    return { title: plusName() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: DefaultPlusPage,
})

function DefaultPlusPage() {
  const { purchase } = Route.useSearch()
  const { user } = useCurrentUser()
  return (
    <section aria-labelledby="page-title">
      <PlusPage user={user} purchase={purchase} />
    </section>
  )
}
