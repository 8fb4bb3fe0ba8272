import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { ProfileOverview } from '~/features/auth/components/profile-overview'
import { PlusMembershipCard } from '~/features/plus/components/plus-membership-card'
import { PLUS_NAME, plusQueries } from '~/features/plus'
import { useCurrentUser } from '~/features/auth'
import { pageHead } from '~/features/shell'
import { Skeleton } from '~/ui/skeleton'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/buyer/profile/')({
  loader: () => ({ title: m.account_edit_profile() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerProfilePage,
})

function BuyerProfilePage() {
  const { user } = useCurrentUser()
  const plus = useQuery({ ...plusQueries.overview(), enabled: Boolean(user) })
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {m.account_edit_profile()}
      </h1>
      {user ? <ProfileOverview user={user} /> : <Skeleton className="h-48 w-full" />}
      <section aria-labelledby="plus-title" className="flex flex-col gap-3">
        <h2 id="plus-title" className="text-lg font-semibold text-ink">
          {PLUS_NAME}
        </h2>
        {plus.data ? (
          <PlusMembershipCard overview={plus.data} showLink />
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
      </section>
    </section>
  )
}
