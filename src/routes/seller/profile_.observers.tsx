import { useSuspenseQuery } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { createFileRoute, Link } from '@tanstack/react-router'
import { ObserversPanel } from '~/features/sellers/components/observers-panel'
import { observerQueries } from '~/features/sellers'
import { pageHead } from '~/features/shell'

/**
 * /seller/profile/observers, beside (not inside) the profile page: `profile_` keeps it out of the
 * profile's layout. The seller layout's guard applies the spec's rules (a seller or observer;
 * approved, since this is not /seller or /seller/profile); the server lets only the owner in.
 */
export const Route = createFileRoute('/seller/profile_/observers')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(observerQueries.overview())
    return { title: m.content_observers_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerObserversPage,
})

function SellerObserversPage() {
  const { data: overview } = useSuspenseQuery(observerQueries.overview())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/seller/profile"
          className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.content_observers_back()}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.content_observers_title()}
        </h1>
        <p className="max-w-prose text-sm text-stone-600">{m.content_observers_intro()}</p>
      </div>
      <ObserversPanel overview={overview} />
    </section>
  )
}
