import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { OrderNumberSearch, StatusFilter } from '~/features/orders/components/order-filters'
import { OrderList } from '~/features/orders/components/order-list'
import { orderQueries } from '~/features/orders/orders.queries'
import { buyerOrderSearch, DEFAULT_PER_PAGE } from '~/features/orders/orders-search.schemas'
import { pageHead } from '~/features/shell/page-head'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { Pagination } from '~/ui/pagination'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

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
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(orderQueries.buyerList({ ...search, per_page: DEFAULT_PER_PAGE }))
  const pageCount = Math.max(1, Math.ceil(data.total / data.per_page))
  const filtered = Boolean(search.status || search.q)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.account_your_orders()}
        </h1>
        <OrderNumberSearch
          key={search.q ?? ''}
          value={search.q ?? ''}
          onSearch={(q) => void navigate({ search: (prev) => ({ ...prev, q, page: undefined }) })}
        />
      </div>
      <StatusFilter
        active={search.status}
        renderLink={(status, props) => (
          <Link
            from={Route.fullPath}
            to="."
            search={(prev) => ({ ...prev, status, page: undefined })}
            {...props}
          />
        )}
      />
      {search.q ? (
        <p className="text-sm text-stone-700" role="status">
          {m.account_orders_matching({
            count: data.total,
            countText: formatNumber(data.total),
            query: search.q,
          })}{' '}
          <Link
            from={Route.fullPath}
            to="."
            search={(prev) => ({ ...prev, q: undefined, page: undefined })}
            className="font-medium text-brand-800 hover:underline"
          >
            {m.account_clear_search()}
          </Link>
        </p>
      ) : null}
      <OrderList
        orders={data.items}
        linkTo="/buyer/orders/$id/process"
        counterpartLabel={m.account_orders_counterpart()}
        empty={
          filtered
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
