import { createFileRoute } from '@tanstack/react-router'
import { MobileChange } from '~/features/auth/components/mobile-change'
import { useCurrentUser } from '~/features/auth'
import { pageHead } from '~/features/shell'
import { Skeleton } from '~/ui/skeleton'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/buyer/profile/mobile')({
  loader: () => ({ title: m.account_mobile_number_title() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerProfileMobilePage,
})

function BuyerProfileMobilePage() {
  const { user } = useCurrentUser()
  return (
    <section aria-labelledby="page-title" className="flex max-w-2xl flex-col gap-6">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {m.account_mobile_number_title()}
      </h1>
      {user ? <MobileChange user={user} /> : <Skeleton className="h-64 w-full" />}
    </section>
  )
}
