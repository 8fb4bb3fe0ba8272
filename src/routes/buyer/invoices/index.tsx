import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { InvoiceList } from '~/features/orders/components/invoice-list'
import { DEFAULT_PER_PAGE, orderQueries } from '~/features/orders'
import { pageHead } from '~/features/shell'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { m } from '~/lib/messages'
import { ListPage } from '~/ui/list-page'

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
  return (
    <ListPage
      title={m.account_your_invoices()}
      intro={m.account_invoices_intro()}
      empty={
        data.items.length
          ? null
          : {
              title: m.account_invoices_empty_title(),
              text: m.account_invoices_empty_text(),
              action: (
                <Button asChild variant="secondary">
                  <Link to="/buyer/orders">{m.account_invoices_see_orders()}</Link>
                </Button>
              ),
            }
      }
      pages={{ page: data.page, total: data.total, perPage: data.per_page }}
    >
      <InvoiceList invoices={data.items} />
    </ListPage>
  )
}
