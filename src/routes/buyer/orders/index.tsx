import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router'
import { OrderNumberSearch, StatusFilter } from '~/features/orders/components/order-filters'
import { OrderList } from '~/features/orders/components/order-list'
import { DEFAULT_PER_PAGE, buyerOrderSearch, orderQueries } from '~/features/orders'
import { pageHead } from '~/features/shell'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { ListPage, SearchLink, useListSearch, type ListEmpty } from '~/ui/list-page'

export const Route = createFileRoute('/buyer/orders/')({
  validateSearch: buyerOrderSearch,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(orderQueries.buyerList({ ...deps, per_page: DEFAULT_PER_PAGE }))
    return { title: m.account_your_orders() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerOrdersPage,
})

function BuyerOrdersPage() {
  const { search, setSearch } = useListSearch(Route)
  const { data } = useSuspenseQuery(orderQueries.buyerList({ ...search, per_page: DEFAULT_PER_PAGE }))
  const filtered = Boolean(search.status || search.q)
  const empty: ListEmpty = filtered
    ? {
        title: m.account_orders_no_match_title(),
        text: m.account_orders_no_match_text(),
        action: (
          <Button asChild variant="secondary">
            <Link to="/buyer/orders">{m.account_orders_show_all()}</Link>
          </Button>
        ),
      }
    : {
        title: m.account_orders_empty_title(),
        text: m.account_orders_empty_text(),
        action: (
          <Button asChild>
            <Link to="/category">{m.account_browse_catalogue()}</Link>
          </Button>
        ),
      }
  return (
    <ListPage
      title={m.account_your_orders()}
      actions={
        <OrderNumberSearch key={search.q ?? ''} value={search.q ?? ''} onSearch={(q) => setSearch({ q })} />
      }
      pages={{ page: data.page, total: data.total, perPage: data.per_page }}
      filters={
        <>
          <StatusFilter active={search.status} />
          {search.q ? (
            <p className="text-sm text-stone-700" role="status">
              {m.account_orders_matching({
                count: data.total,
                countText: formatNumber(data.total),
                query: search.q,
              })}{' '}
              <SearchLink change={{ q: undefined }} className="font-medium text-brand-800 hover:underline">
                {m.account_clear_search()}
              </SearchLink>
            </p>
          ) : null}
        </>
      }
      empty={data.items.length ? null : empty}
    >
      <OrderList
        orders={data.items}
        linkTo="/buyer/orders/$id/process"
        counterpartLabel={m.account_orders_counterpart()}
      />
    </ListPage>
  )
}
