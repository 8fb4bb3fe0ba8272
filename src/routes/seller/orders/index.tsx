import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { SellerOrderFilters, StatusFilter } from '~/features/orders/components/order-filters'
import { OrderList } from '~/features/orders/components/order-list'
import { orderQueries } from '~/features/orders/orders.queries'
import { DEFAULT_PER_PAGE, sellerOrderSearch } from '~/features/orders/orders.schemas'
import { pageHead } from '~/features/shell/page-head'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { Pagination } from '~/ui/pagination'

export const Route = createFileRoute('/seller/orders/')({
  validateSearch: sellerOrderSearch,
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(
      orderQueries.sellerList({ ...deps, per_page: DEFAULT_PER_PAGE }),
    )
  },
  head: () => pageHead('Received Orders'),
  component: SellerOrdersPage,
})

function SellerOrdersPage() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(orderQueries.sellerList({ ...search, per_page: DEFAULT_PER_PAGE }))
  const pageCount = Math.max(1, Math.ceil(data.total / data.per_page))
  const filtered = Boolean(search.status || search.store || search.from || search.to)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Received Orders
      </h1>
      <SellerOrderFilters
        key={`${search.store ?? ''}|${search.from ?? ''}|${search.to ?? ''}`}
        values={search}
        stores={data.stores}
        onApply={(next) => void navigate({ search: (prev) => ({ ...prev, ...next, page: undefined }) })}
      />
      <StatusFilter
        active={search.status}
        counts={data.counts}
        renderLink={(status, props) => (
          <Link
            from={Route.fullPath}
            to="."
            search={(prev) => ({ ...prev, status, page: undefined })}
            {...props}
          />
        )}
      />
      <OrderList
        orders={data.items}
        linkTo="/seller/orders/$id/process"
        counterpartLabel="Buyer"
        empty={
          filtered
            ? {
                title: 'No orders match',
                text: 'Try another status, store or dates.',
                action: (
                  <Button asChild variant="secondary">
                    <Link to="/seller/orders">Show all orders</Link>
                  </Button>
                ),
              }
            : {
                title: 'No orders yet',
                text: 'Orders appear here once buyers pay for goods from your stores. Keep your stock and prices current so buyers can order.',
                action: (
                  <Button asChild>
                    <Link to="/seller/inventory">Check your inventory</Link>
                  </Button>
                ),
              }
        }
      />
      <Pagination
        page={data.page}
        pageCount={pageCount}
        renderLink={(page, props) => <Link to="." search={(prev) => ({ ...prev, page })} {...props} />}
      />
    </section>
  )
}
