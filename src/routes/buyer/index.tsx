import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { DashboardCard, QuickLinks, RecentOrders } from '~/features/orders/components/buyer-dashboard'
import { orderQueries } from '~/features/orders'
import { pageHead } from '~/features/shell'
import { TicketList } from '~/features/tickets/components/ticket-list'
import { ticketQueries } from '~/features/tickets'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

const RECENT = 5
/** Tickets still in progress: waiting for us (open) or for the buyer (answered). */
const openTickets = ticketQueries.mine({ status: 'open', per_page: RECENT })
const answeredTickets = ticketQueries.mine({ status: 'answered', per_page: RECENT })
const recentOrders = orderQueries.buyerList({ per_page: RECENT })

export const Route = createFileRoute('/buyer/')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(recentOrders),
      context.queryClient.ensureQueryData(openTickets),
      context.queryClient.ensureQueryData(answeredTickets),
    ])
    return { title: m.account_route_dashboard() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerDashboardPage,
})

function BuyerDashboardPage() {
  const { data: orders } = useSuspenseQuery(recentOrders)
  const { data: open } = useSuspenseQuery(openTickets)
  const { data: answered } = useSuspenseQuery(answeredTickets)
  const tickets = [...answered.items, ...open.items]
    .sort((a, b) => b.last_message_at.localeCompare(a.last_message_at))
    .slice(0, RECENT)
  const ticketTotal = open.total + answered.total
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {m.account_route_dashboard()}
      </h1>
      <QuickLinks />
      <RecentOrders orders={orders.items} total={orders.total} />
      <DashboardCard
        title={m.account_open_tickets()}
        id="open-tickets-title"
        more={
          <Link to="/buyer/tickets" className="text-sm font-medium text-brand-800 hover:underline">
            {ticketTotal > tickets.length
              ? m.account_all_open_tickets({ count: formatNumber(ticketTotal) })
              : m.account_all_tickets()}
          </Link>
        }
      >
        <TicketList
          tickets={tickets}
          linkTo="/buyer/tickets/$id/show"
          emptyText={m.account_dashboard_tickets_empty()}
        />
      </DashboardCard>
    </section>
  )
}
