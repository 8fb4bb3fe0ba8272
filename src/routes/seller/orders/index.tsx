import { useSuspenseQuery } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { createFileRoute, Link, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { SellerOrderFilters, StatusFilter } from '~/features/orders/components/order-filters'
import { OrderList } from '~/features/orders/components/order-list'
import { orderQueries } from '~/features/orders/orders.queries'
import { DEFAULT_PER_PAGE, sellerOrderSearch } from '~/features/orders/orders-search.schemas'
import { pageHead } from '~/features/shell/page-head'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { Pagination } from '~/ui/pagination'

export const Route = createFileRoute('/seller/orders/')({
  validateSearch: sellerOrderSearch,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(
      orderQueries.sellerList({ ...deps, per_page: DEFAULT_PER_PAGE }),
    )
    return { title: m.seller_orders_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
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
        {m.seller_orders_title()}
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
        counterpartLabel={m.seller_order_counterpart_buyer()}
        empty={
          filtered
            ? {
                title: m.seller_orders_none_match_title(),
                text: m.seller_orders_none_match_text(),
                action: (
                  <Button asChild variant="secondary">
                    <Link to="/seller/orders">{m.seller_orders_show_all()}</Link>
                  </Button>
                ),
              }
            : {
                title: m.seller_orders_empty_title(),
                text: m.seller_orders_empty_text(),
                action: (
                  <Button asChild>
                    <Link to="/seller/inventory">{m.seller_orders_check_inventory()}</Link>
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
