import { createFileRoute } from '@tanstack/react-router'
import { ProfileOverview } from '~/features/auth/components/profile-overview'
import { useCurrentUser } from '~/features/session/use-session'
import { pageHead } from '~/features/shell/page-head'
import { Skeleton } from '~/ui/skeleton'

export const Route = createFileRoute('/buyer/profile/')({
  head: () => pageHead('Edit Profile'),
  component: BuyerProfilePage,
})

function BuyerProfilePage() {
  const { user } = useCurrentUser()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Edit Profile
      </h1>
      {user ? <ProfileOverview user={user} /> : <Skeleton className="h-48 w-full" />}
    </section>
  )
}
