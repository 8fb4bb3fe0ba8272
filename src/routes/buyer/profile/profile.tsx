import { createFileRoute } from '@tanstack/react-router'
import { PasswordForm, PersonalDetailsForm } from '~/features/auth/components/account-forms'
import { useCurrentUser } from '~/features/auth'
import { pageHead } from '~/features/shell'
import { Skeleton } from '~/ui/skeleton'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/buyer/profile/profile')({
  loader: () => ({ title: m.account_personal_details_title() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerProfileProfilePage,
})

function BuyerProfileProfilePage() {
  const { user } = useCurrentUser()
  return (
    <section aria-labelledby="page-title" className="flex max-w-2xl flex-col gap-6">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {m.account_personal_details_title()}
      </h1>
      {user ? (
        <>
          {/* Keyed by user: a saved change re-seeds the forms from what the server now holds. */}
          <PersonalDetailsForm key={`details-${user.id}`} user={user} />
          <PasswordForm key={`password-${user.id}-${user.has_password}`} user={user} />
        </>
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </section>
  )
}
