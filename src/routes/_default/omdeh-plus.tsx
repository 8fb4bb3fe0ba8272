import { createFileRoute } from '@tanstack/react-router'
import { PlusPage } from '~/features/plus/components/plus-page'
import { plusName, plusQueries } from '~/features/plus'
import { plusSearch } from '~/features/plans'
import { useCurrentUser } from '~/features/auth'
import { pageHead } from '~/features/shell'

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
