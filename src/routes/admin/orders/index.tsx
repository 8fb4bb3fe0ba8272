import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router'
import { OrderScope, SellerOrderFilters, StatusFilter } from '~/features/orders/components/order-filters'
import { OrderList } from '~/features/orders/components/order-list'
import { DEFAULT_PER_PAGE, adminOrderQueries, adminOrderSearch } from '~/features/orders'
import { pageHead } from '~/features/shell'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { ListPage, useListSearch, type ListEmpty } from '~/ui/list-page'

export const Route = createFileRoute('/admin/orders/')({
  validateSearch: adminOrderSearch,
  search: { middlewares: [stripSearchParams({ page: 1, dates: 'placed' })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(adminOrderQueries.list({ ...deps, per_page: DEFAULT_PER_PAGE }))
    return { title: m.admin_orders_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminOrdersPage,
})

function AdminOrdersPage() {
  const { search, setSearch } = useListSearch(Route)
  const { data } = useSuspenseQuery(adminOrderQueries.list({ ...search, per_page: DEFAULT_PER_PAGE }))
  const filtered = Boolean(
    search.status ||
    search.seller ||
    search.seller_id ||
    search.q ||
    search.from ||
    search.to ||
    search.dates,
  )
  const empty: ListEmpty = filtered
    ? {
        title: m.admin_orders_none_match(),
        text: m.admin_orders_none_match_hint(),
        action: (
          <Button asChild variant="secondary">
            <Link to="/admin/orders">{m.admin_orders_show_all()}</Link>
          </Button>
        ),
      }
    : { title: m.admin_orders_none_yet(), text: m.admin_orders_none_yet_hint() }
  return (
    <ListPage
      title={m.admin_orders_title()}
      count={m.admin_dashboard_orders_count({ count: data.total, countText: formatNumber(data.total) })}
      pages={{ page: data.page, total: data.total, perPage: data.per_page }}
      filters={
        <>
          <SellerOrderFilters
            key={`${search.seller ?? ''}|${search.q ?? ''}|${search.from ?? ''}|${search.to ?? ''}`}
            values={search}
            search
            datesLabel={search.dates === 'paid' ? 'Paid' : 'Placed'}
            onApply={setSearch}
          />
          <OrderScope dates={search.dates ?? 'placed'} seller={data.seller} />
          <StatusFilter active={search.status} counts={data.counts} />
        </>
      }
      empty={data.items.length ? null : empty}
    >
      <OrderList
        orders={data.items}
        linkTo="/admin/orders/$id"
        counterpartLabel={m.admin_orders_buyer()}
        parties={(order) =>
          m.admin_orders_parties_line({ buyer: order.buyer_name, seller: order.seller_name })
        }
      />
    </ListPage>
  )
}
