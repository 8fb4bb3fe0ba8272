import { useSuspenseQuery } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { createFileRoute } from '@tanstack/react-router'
import { SellerPlanSection } from '~/features/plans/components/seller-plan-section'
import { ObserversLink } from '~/features/sellers/components/observers-link'
import { PayoutAccountSection } from '~/features/sellers/components/payout-account-section'
import { SellerProfile } from '~/features/sellers/components/seller-profile-form'
import { sellerQueries } from '~/features/sellers'
import { pageHead } from '~/features/shell'

/** Open to unapproved sellers too (spec §6), so a pending seller can check what they sent. */
export const Route = createFileRoute('/seller/profile')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(sellerQueries.profile()),
      context.queryClient.ensureQueryData(sellerQueries.payoutAccount()),
    ])
    return { title: m.content_seller_profile_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerProfilePage,
})

function SellerProfilePage() {
  const { data: seller } = useSuspenseQuery(sellerQueries.profile())
  const { data: payoutAccount } = useSuspenseQuery(sellerQueries.payoutAccount())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {m.content_seller_profile_title()}
      </h1>
      <SellerProfile seller={seller} />
      <PayoutAccountSection view={payoutAccount} />
      <ObserversLink seller={seller} />
      {seller.status === 'approved' ? <SellerPlanSection /> : null}
    </section>
  )
}
