import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { APPROVED_SELLER_MESSAGE } from '~/features/auth/auth-access'
import { SellerStatusCard } from '~/features/sellers/components/seller-status'
import { sellerQueries } from '~/features/sellers/sellers.queries'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'

/**
 * Where the seller guard sends an unapproved seller: ?error=true&message=... (spec §6). The page
 * shows its own wording, never the URL's: a link must not be able to put words on our page.
 */
const searchSchema = v.object({
  error: v.optional(v.boolean()),
  message: v.optional(v.pipe(v.string(), v.maxLength(200))),
})

export const Route = createFileRoute('/seller/')({
  validateSearch: searchSchema,
  onError: notFoundOnInvalidSearch,
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(sellerQueries.profile())
  },
  head: () => pageHead('Seller Dashboard'),
  component: SellerDashboardPage,
})

function SellerDashboardPage() {
  const { error } = Route.useSearch()
  const { data: seller } = useSuspenseQuery(sellerQueries.profile())
  return (
    <PlaceholderPage title="Dashboard" owner="orders">
      {/* A stale link with ?error=true says nothing once the seller is approved. */}
      {error && seller.status !== 'approved' ? (
        <p
          role="alert"
          className="rounded-xl border border-orange-300 bg-orange-50 px-4 py-3 text-sm font-medium text-orange-900"
        >
          {APPROVED_SELLER_MESSAGE}
        </p>
      ) : null}
      <SellerStatusCard seller={seller} />
    </PlaceholderPage>
  )
}
