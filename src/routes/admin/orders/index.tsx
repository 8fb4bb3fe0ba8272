import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { OrderScope, SellerOrderFilters, StatusFilter } from '~/features/orders/components/order-filters'
import { OrderList } from '~/features/orders/components/order-list'
import { adminOrderQueries } from '~/features/orders/orders-admin.queries'
import { adminOrderSearch } from '~/features/orders/orders-search.schemas'
import { DEFAULT_PER_PAGE } from '~/features/orders/orders-search.schemas'
import { pageHead } from '~/features/shell/page-head'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { Pagination } from '~/ui/pagination'

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
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(adminOrderQueries.list({ ...search, per_page: DEFAULT_PER_PAGE }))
  const pageCount = Math.max(1, Math.ceil(data.total / data.per_page))
  const filtered = Boolean(
    search.status ||
    search.seller ||
    search.seller_id ||
    search.q ||
    search.from ||
    search.to ||
    search.dates,
  )
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.admin_orders_title()}
        </h1>
        <p className="text-sm text-stone-600" role="status">
          {m.admin_dashboard_orders_count({ count: data.total, countText: formatNumber(data.total) })}
        </p>
      </div>
      <SellerOrderFilters
        key={`${search.seller ?? ''}|${search.q ?? ''}|${search.from ?? ''}|${search.to ?? ''}`}
        values={search}
        search
        datesLabel={search.dates === 'paid' ? 'Paid' : 'Placed'}
        onApply={(next) =>
          void navigate({
            search: (prev) => ({
              status: prev.status,
              seller_id: prev.seller_id,
              dates: prev.dates,
              seller: next.seller,
              q: next.q,
              from: next.from,
              to: next.to,
            }),
          })
        }
      />
      <OrderScope
        dates={search.dates ?? 'placed'}
        seller={data.seller}
        renderLink={(change, props) => (
          <Link
            from={Route.fullPath}
            to="."
            search={(prev) => ({ ...prev, ...change, page: undefined })}
            {...props}
          />
        )}
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
        linkTo="/admin/orders/$id"
        counterpartLabel={m.admin_orders_buyer()}
        parties={(order) =>
          m.admin_orders_parties_line({ buyer: order.buyer_name, seller: order.seller_name })
        }
        empty={
          filtered
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
