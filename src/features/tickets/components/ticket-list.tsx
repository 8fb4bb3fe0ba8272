import { Link } from '@tanstack/react-router'
import { EmptyState } from '~/ui/empty-state'
import type { AdminTicketSummary, TicketSummary } from '../tickets.schemas'
import { StatusBadge, departmentLabel, ticketNumber } from './ticket-badges'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { m } from '~/lib/messages'
import { UserText } from '~/ui/user-text'

/** Tickets as cards that link to their thread: the buyer's list and the admin inbox share it. */
export function TicketList({
  tickets,
  linkTo,
  emptyText,
}: {
  tickets: Array<TicketSummary | AdminTicketSummary>
  linkTo: '/buyer/tickets/$id/show' | '/admin/tickets/$id'
  emptyText: string
}) {
  if (!tickets.length) return <EmptyState title={m.account_tickets_empty_title()}>{emptyText}</EmptyState>
  return (
    <ul className="flex flex-col gap-2">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <Link
            to={linkTo}
            params={{ id: String(ticket.id) }}
            className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 hover:border-brand-400 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <UserText className="truncate font-semibold text-ink">{ticket.subject}</UserText>
              <span className="text-xs text-stone-600">
                <bdi dir="ltr">#{ticketNumber(ticket.id)}</bdi> · {departmentLabel(ticket.department)}
                {ticket.order_reference
                  ? m.account_ticket_line_order({ reference: ticket.order_reference })
                  : ''}
                {'requester' in ticket ? ` · ${ticket.requester}` : ''}
                {'assigned_admin' in ticket && ticket.assigned_admin
                  ? m.account_ticket_line_handled({ name: ticket.assigned_admin.name })
                  : ''}
              </span>
            </div>
            <div className="flex shrink-0 items-center gap-3 text-xs text-stone-600">
              <time dateTime={ticket.last_message_at}>{formatTehranDateTime(ticket.last_message_at)}</time>
              <StatusBadge status={ticket.status} />
            </div>
          </Link>
        </li>
      ))}
    </ul>
  )
}
