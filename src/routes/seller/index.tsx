import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { APPROVED_SELLER_MESSAGE } from '~/lib/auth-access'
import { SellerDashboardPanels } from '~/features/orders/components/seller-dashboard'
import { orderQueries } from '~/features/orders/orders.queries'
import { SellerStatusCard } from '~/features/sellers/components/seller-status'
import { sellerQueries } from '~/features/sellers/sellers.queries'
import { pageHead } from '~/features/shell/page-head'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Skeleton } from '~/ui/skeleton'

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
    const seller = await context.queryClient.ensureQueryData(sellerQueries.profile())
    // Orders and stock are for approved sellers only (the server refuses the others anyway).
    if (seller.status === 'approved')
      await context.queryClient.ensureQueryData(orderQueries.sellerDashboard())
  },
  head: () => pageHead('Seller Dashboard'),
  component: SellerDashboardPage,
})

function SellerDashboardPage() {
  const { error } = Route.useSearch()
  const { data: seller } = useSuspenseQuery(sellerQueries.profile())
  const approved = seller.status === 'approved'
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Dashboard
      </h1>
      {/* A stale link with ?error=true says nothing once the seller is approved. */}
      {error && !approved ? (
        <p
          role="alert"
          className="rounded-xl border border-orange-300 bg-orange-50 px-4 py-3 text-sm font-medium text-orange-900"
        >
          {APPROVED_SELLER_MESSAGE}
        </p>
      ) : null}
      <SellerStatusCard seller={seller} />
      {approved ? <ApprovedDashboard /> : null}
    </section>
  )
}

function ApprovedDashboard() {
  const { data } = useQuery(orderQueries.sellerDashboard())
  if (!data) return <Skeleton className="h-64" />
  return <SellerDashboardPanels dashboard={data} />
}
