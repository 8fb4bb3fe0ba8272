import { queryOptions } from '@tanstack/react-query'
import { fetchDevOutbox } from './dev-outbox.functions'

export const authQueries = {
  all: ['auth'] as const,
  /** /dev/outbox: the messages the dev SMS adapter "sent", newest first (dev and demo builds only). */
  outbox: (filters: { to?: string } = {}) =>
    queryOptions({
      queryKey: [...authQueries.all, 'outbox', filters] as const,
      queryFn: () => fetchDevOutbox({ data: filters }),
      // A code arrives a moment after it is asked for: keep the page current while it is open.
      refetchInterval: 3000,
      staleTime: 0,
    }),
}
