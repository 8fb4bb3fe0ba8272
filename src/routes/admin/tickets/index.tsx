import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageHead } from '~/features/shell'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { InboxFiltersForm } from '~/features/tickets/components/inbox-filters'
import { TicketList } from '~/features/tickets/components/ticket-list'
import { ticketDepartments, ticketStatuses } from '~/lib/ticket-enums'
import { ticketQueries } from '~/features/tickets'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'
import { ListPage } from '~/ui/list-page'

const PER_PAGE = 20

export const Route = createFileRoute('/admin/tickets/')({
  validateSearch: v.object({
    status: v.optional(v.picklist(ticketStatuses)),
    department: v.optional(v.picklist(ticketDepartments)),
    assigned: v.optional(v.picklist(['me', 'unassigned'])),
    q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500))),
  }),
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(ticketQueries.inbox({ ...deps, per_page: PER_PAGE }))
    return { title: m.admin_tickets_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminTicketsPage,
})

function AdminTicketsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(ticketQueries.inbox({ ...search, per_page: PER_PAGE }))
  return (
    <ListPage
      title={m.admin_tickets_title()}
      count={m.admin_tickets_count({ count: data.total, countText: formatNumber(data.total) })}
      pages={{ page: data.page, total: data.total, perPage: data.per_page }}
      filters={
        <InboxFiltersForm
          key={JSON.stringify(search)}
          filters={search}
          onChange={(filters) => void navigate({ search: { ...filters, page: undefined } })}
        />
      }
    >
      <TicketList tickets={data.items} linkTo="/admin/tickets/$id" emptyText={m.admin_tickets_none()} />
    </ListPage>
  )
}
