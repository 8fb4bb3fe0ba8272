import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { InvoiceList } from '~/features/orders/components/invoice-list'
import { orderQueries } from '~/features/orders/orders.queries'
import { DEFAULT_PER_PAGE } from '~/features/orders/orders-search.schemas'
import { pageHead } from '~/features/shell/page-head'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { Pagination } from '~/ui/pagination'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/buyer/invoices/')({
  validateSearch: v.object({
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500))),
  }),
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(orderQueries.invoices({ ...deps, per_page: DEFAULT_PER_PAGE }))
    return { title: m.account_your_invoices() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerInvoicesPage,
})

function BuyerInvoicesPage() {
  const search = Route.useSearch()
  const { data } = useSuspenseQuery(orderQueries.invoices({ ...search, per_page: DEFAULT_PER_PAGE }))
  const pageCount = Math.max(1, Math.ceil(data.total / data.per_page))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.account_your_invoices()}
        </h1>
        <p className="text-sm text-stone-600">{m.account_invoices_intro()}</p>
      </div>
      {data.items.length ? (
        <InvoiceList invoices={data.items} />
      ) : (
        <EmptyState
          title={m.account_invoices_empty_title()}
          action={
            <Button asChild variant="secondary">
              <Link to="/buyer/orders">{m.account_invoices_see_orders()}</Link>
            </Button>
          }
        >
          {m.account_invoices_empty_text()}
        </EmptyState>
      )}
      <Pagination
        page={data.page}
        pageCount={pageCount}
        renderLink={(page, props) => <Link to="." search={(prev) => ({ ...prev, page })} {...props} />}
      />
    </section>
  )
}
