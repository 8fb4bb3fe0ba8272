import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageHead } from '~/features/shell'
import { TicketList } from '~/features/tickets/components/ticket-list'
import { ticketStatuses } from '~/lib/ticket-enums'
import { ticketStatusLabel } from '~/features/tickets/components/ticket-badges'
import { ticketQueries } from '~/features/tickets'
import { cn } from '~/lib/cn'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { m } from '~/lib/messages'
import { ListPage } from '~/ui/list-page'

const PER_PAGE = 20

export const Route = createFileRoute('/buyer/tickets/')({
  validateSearch: v.object({
    status: v.optional(v.picklist(ticketStatuses)),
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500))),
  }),
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(ticketQueries.mine({ ...deps, per_page: PER_PAGE }))
    return { title: m.account_your_tickets() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerTicketsPage,
})

const filters = [undefined, ...ticketStatuses] as const

function BuyerTicketsPage() {
  const search = Route.useSearch()
  const { data } = useSuspenseQuery(ticketQueries.mine({ ...search, per_page: PER_PAGE }))
  return (
    <ListPage
      title={m.account_your_tickets()}
      actions={
        <Button asChild>
          <Link to="/buyer/tickets/create">{m.account_new_ticket()}</Link>
        </Button>
      }
      pages={{ page: data.page, total: data.total, perPage: data.per_page }}
      filters={
        <nav aria-label={m.account_filter_by_status()} className="flex flex-wrap gap-2">
          {filters.map((status) => {
            const active = search.status === status
            return (
              <Link
                key={status ?? 'all'}
                to="/buyer/tickets"
                search={{ status }}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'rounded-full px-3 py-1.5 text-sm font-medium ring-1',
                  active
                    ? 'bg-ink text-white ring-ink'
                    : 'bg-white text-stone-700 ring-stone-300 hover:bg-stone-50',
                )}
              >
                {status ? ticketStatusLabel(status) : m.account_filter_all()}
              </Link>
            )
          })}
        </nav>
      }
    >
      <TicketList
        tickets={data.items}
        linkTo="/buyer/tickets/$id/show"
        emptyText={search.status ? m.account_tickets_none_status() : m.account_tickets_empty()}
      />
    </ListPage>
  )
}
