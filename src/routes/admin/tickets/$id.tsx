import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useCurrentUser } from '~/features/auth'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { TicketReplyForm, TicketStatusButton } from '~/features/tickets/components/ticket-reply'
import { TicketHeader, TicketMessages } from '~/features/tickets/components/ticket-thread'
import { assignTicketFn, ticketQueries } from '~/features/tickets'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { parseIdParam } from '~/lib/route-errors'
import { Button } from '~/ui/button'

export const Route = createFileRoute('/admin/tickets/$id')({
  params: { parse: parseIdParam },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(ticketQueries.detail(Number(params.id)))
    return { title: m.admin_ticket_title({ id: params.id }) }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: AdminTicketPage,
})

function AdminTicketPage() {
  const { id } = Route.useParams()
  const { data: ticket } = useSuspenseQuery(ticketQueries.detail(Number(id)))
  const { user } = useCurrentUser()
  const queryClient = useQueryClient()
  const [assigning, setAssigning] = useState(false)
  const assign = async () => {
    setAssigning(true)
    try {
      queryClient.setQueryData(
        ticketQueries.detail(ticket.id).queryKey,
        await assignTicketFn({ data: { ticket_id: ticket.id } }),
      )
      await queryClient.invalidateQueries({ queryKey: ticketQueries.all, refetchType: 'none' })
      notify('success', 'The ticket is yours')
    } catch (error) {
      notify('error', toApiError(error).message)
    } finally {
      setAssigning(false)
    }
  }
  return (
    <section aria-labelledby="page-title" className="flex max-w-3xl flex-col gap-5">
      <Link to="/admin/tickets" className="text-sm font-medium text-brand-800 hover:underline">
        {m.admin_tickets_back()}
      </Link>
      <TicketHeader ticket={ticket} staff />
      <div className="flex flex-wrap gap-3">
        {ticket.assigned_admin?.id !== user?.id ? (
          <Button variant="secondary" disabled={assigning} onClick={() => void assign()}>
            {m.admin_ticket_assign()}
          </Button>
        ) : null}
        <TicketStatusButton ticket={ticket} />
      </div>
      <TicketMessages ticket={ticket} />
      {ticket.status === 'closed' ? (
        <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-4 text-sm text-stone-700">
          {m.admin_ticket_closed()}
        </p>
      ) : (
        <TicketReplyForm key={ticket.messages.length} ticket={ticket} staff />
      )}
    </section>
  )
}
