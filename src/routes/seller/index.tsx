import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { approvedSellerMessage } from '~/lib/auth-access'
import { SellerDashboardPanels } from '~/features/orders/components/seller-dashboard'
import { SellerSalesCharts } from '~/features/orders/components/seller-sales-charts'
import { orderQueries, sellerSalesQueries } from '~/features/orders'
import { MagazineFigures } from '~/features/magazines/components/magazine-figures'
import { magazineQueries } from '~/features/magazines'
import { PlanUsageCard } from '~/features/plans/components/plan-usage-card'
import { planQueries } from '~/features/plans'
import { SellerStatusCard } from '~/features/sellers/components/seller-status'
import { sellerQueries } from '~/features/sellers'
import { pageHead } from '~/features/shell'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Skeleton } from '~/ui/skeleton'
import { Link } from '@tanstack/react-router'
import { dayText } from '~/features/orders/components/order-format'
import { formatNumber } from '~/lib/money'

/**
 * Where the seller guard sends an unapproved seller: ?error=true&message=... (spec §6). The page
 * shows its own wording, never the URL's: a link must not be able to put words on our page.
 */
const searchSchema = v.object({
  error: v.optional(v.boolean()),
  message: v.optional(v.pipe(v.string(), v.maxLength(200))),
  /** The charts' period (30 days unless 90 is asked for). */
  days: v.optional(v.picklist([30, 90] as const)),
})

export const Route = createFileRoute('/seller/')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams({ days: 30 })] },
  onError: notFoundOnInvalidSearch,
  loader: async ({ context }) => {
    const seller = await context.queryClient.ensureQueryData(sellerQueries.profile())
    // Orders and stock are for approved sellers only (the server refuses the others anyway).
    if (seller.status === 'approved')
      await context.queryClient.ensureQueryData(orderQueries.sellerDashboard())
    return { title: m.seller_dashboard_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerDashboardPage,
})

function SellerDashboardPage() {
  const { error } = Route.useSearch()
  const { data: seller } = useSuspenseQuery(sellerQueries.profile())
  const approved = seller.status === 'approved'
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {m.seller_dashboard_heading()}
      </h1>
      {/* A stale link with ?error=true says nothing once the seller is approved. */}
      {error && !approved ? (
        <p
          role="alert"
          className="rounded-xl border border-orange-300 bg-orange-50 px-4 py-3 text-sm font-medium text-orange-900"
        >
          {approvedSellerMessage()}
        </p>
      ) : null}
      <SellerStatusCard seller={seller} />
      {approved ? <ApprovedDashboard /> : null}
    </section>
  )
}

function ApprovedDashboard() {
  const { days = 30 } = Route.useSearch()
  const { data } = useQuery(orderQueries.sellerDashboard())
  const { data: sales } = useQuery(sellerSalesQueries.sales(days))
  const { data: magazines } = useQuery(magazineQueries.list())
  const { data: plan } = useQuery(planQueries.overview())
  return (
    <>
      {data ? <SellerDashboardPanels dashboard={data} /> : <Skeleton className="h-64" />}
      {plan ? <PlanUsageCard overview={plan} /> : <Skeleton className="h-32" />}
      {magazines ? <MagazineFigures magazines={magazines} /> : <Skeleton className="h-32" />}
      <section aria-labelledby="sales-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="sales-title" className="text-lg font-semibold text-ink">
              {m.seller_dashboard_sales()}
            </h2>
            <p className="text-sm text-stone-600">
              {sales
                ? m.seller_dashboard_sales_range({ from: dayText(sales.from), to: dayText(sales.to) })
                : ''}
              {m.seller_dashboard_tehran_days()}
            </p>
          </div>
          <nav
            aria-label={m.seller_dashboard_period()}
            className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5"
          >
            {([30, 90] as const).map((value) => (
              <Link
                key={value}
                to="."
                search={(prev) => ({ ...prev, days: value === 30 ? undefined : value })}
                aria-current={value === days ? 'page' : undefined}
                className={
                  value === days
                    ? 'inline-flex h-9 items-center rounded-md bg-brand-500 px-3 text-sm font-medium text-ink'
                    : 'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium text-stone-700 hover:bg-stone-100'
                }
              >
                {m.seller_dashboard_last_days({ days: formatNumber(value) })}
              </Link>
            ))}
          </nav>
        </div>
        {sales ? <SellerSalesCharts sales={sales} /> : <Skeleton className="h-64" />}
      </section>
    </>
  )
}
