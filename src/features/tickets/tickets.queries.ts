import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { fetchAdminTickets, fetchMyTickets, fetchTicket } from './tickets.functions'
import type { AdminTicketFilters, MyTicketFilters } from './tickets.schemas'

export const ticketQueries = {
  all: ['tickets'] as const,
  /** /buyer/tickets. */
  mine: (filters: Partial<MyTicketFilters> = {}) =>
    queryOptions({
      queryKey: [...ticketQueries.all, 'mine', filters] as const,
      queryFn: () => fetchMyTickets({ data: filters }),
      meta: userScoped,
    }),
  /** One thread, for its owner or an admin. */
  detail: (ticketId: number) =>
    queryOptions({
      queryKey: [...ticketQueries.all, 'detail', ticketId] as const,
      queryFn: () => fetchTicket({ data: { ticket_id: ticketId } }),
      meta: userScoped,
    }),
  /** /admin/tickets. */
  inbox: (filters: Partial<AdminTicketFilters> = {}) =>
    queryOptions({
      queryKey: [...ticketQueries.all, 'inbox', filters] as const,
      queryFn: () => fetchAdminTickets({ data: filters }),
      meta: userScoped,
    }),
}
