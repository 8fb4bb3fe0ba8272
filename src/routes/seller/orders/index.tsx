import { useSuspenseQuery } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router'
import { SellerOrderFilters, StatusFilter } from '~/features/orders/components/order-filters'
import { OrderList } from '~/features/orders/components/order-list'
import { DEFAULT_PER_PAGE, orderQueries, sellerOrderSearch } from '~/features/orders'
import { pageHead } from '~/features/shell'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { ListPage, useListSearch, type ListEmpty } from '~/ui/list-page'

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
  const { search, setSearch } = useListSearch(Route)
  const { data } = useSuspenseQuery(orderQueries.sellerList({ ...search, per_page: DEFAULT_PER_PAGE }))
  const filtered = Boolean(search.status || search.store || search.from || search.to)
  const empty: ListEmpty = filtered
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
  return (
    <ListPage
      title={m.seller_orders_title()}
      pages={{ page: data.page, total: data.total, perPage: data.per_page }}
      filters={
        <>
          <SellerOrderFilters
            key={`${search.store ?? ''}|${search.from ?? ''}|${search.to ?? ''}`}
            values={search}
            stores={data.stores}
            onApply={setSearch}
          />
          <StatusFilter active={search.status} counts={data.counts} />
        </>
      }
      empty={data.items.length ? null : empty}
    >
      <OrderList
        orders={data.items}
        linkTo="/seller/orders/$id/process"
        counterpartLabel={m.seller_order_counterpart_buyer()}
      />
    </ListPage>
  )
}
