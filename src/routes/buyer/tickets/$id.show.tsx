import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { pageHead } from '~/features/shell'
import { TicketReplyForm, TicketStatusButton } from '~/features/tickets/components/ticket-reply'
import { TicketHeader, TicketMessages } from '~/features/tickets/components/ticket-thread'
import { ticketQueries } from '~/features/tickets'
import { parseIdParam } from '~/lib/route-errors'
import { m } from '~/lib/messages'
import { ticketNumber } from '~/features/tickets/components/ticket-badges'

export const Route = createFileRoute('/buyer/tickets/$id/show')({
  params: { parse: parseIdParam },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(ticketQueries.detail(Number(params.id)))
    return { title: m.account_ticket_title({ id: ticketNumber(Number(params.id)) }) }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerTicketPage,
})

function BuyerTicketPage() {
  const { id } = Route.useParams()
  const { data: ticket } = useSuspenseQuery(ticketQueries.detail(Number(id)))
  return (
    <section aria-labelledby="page-title" className="flex max-w-3xl flex-col gap-5">
      <Link to="/buyer/tickets" className="text-sm font-medium text-brand-800 hover:underline">
        {m.account_back_tickets()}
      </Link>
      <TicketHeader ticket={ticket} staff={false} />
      <TicketMessages ticket={ticket} />
      <TicketReplyForm key={ticket.messages.length} ticket={ticket} staff={false} />
      <div className="flex flex-wrap items-center gap-3">
        <TicketStatusButton ticket={ticket} />
        <p className="text-sm text-stone-600">
          {ticket.status === 'closed' ? m.account_ticket_closed_hint() : m.account_ticket_close_hint()}
        </p>
      </div>
    </section>
  )
}
